import { describe, expect, it } from 'vitest'
import { createHttpServer, nulAt } from './http'

describe('a NUL character in a request', () => {
  it('is found wherever it hides, by field path', () => {
    expect(nulAt({ title: 'ok\u0000' }, '')).toBe('title')
    expect(nulAt({ lots: [{ stoneId: 'a' }, { note: ['x', 'y\u0000'] }] }, '')).toBe('lots.1.note.1')
    expect(nulAt({ ['k\u0000']: 1 }, '')).toBe('k\u0000')
    expect(nulAt('\u0000', '')).toBe('')
  })
  it('is not seen where there is none', () => {
    expect(nulAt({ title: 'Évening \\u0000 sale', n: 1, b: null, list: [1, 'two'] }, '')).toBeNull()
    expect(nulAt(undefined, '')).toBeNull()
  })
})

describe('the platform server', () => {
  // A slow start (migrations, demo seed, search index under load) must not be killed by Fastify's 10 s.
  it('gives plugins no start-up time limit', async () => {
    const app = await createHttpServer({ title: 't' })
    expect(app.initialConfig.pluginTimeout).toBe(0)
    await app.close()
  })

  it('answers a request that reaches it while closing instead of refusing it with 503', async () => {
    const app = await createHttpServer({ title: 't' })
    let release!: () => void
    let closingStarted!: () => void
    const held = new Promise<void>((r) => (release = r))
    const started = new Promise<void>((r) => (closingStarted = r))
    app.addHook('preClose', () => {
      closingStarted()
      return held
    })
    app.get('/x', () => ({ ok: true }))
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as { port: number }
    const closing = app.close()
    await started
    const res = await fetch(`http://127.0.0.1:${port}/x`)
    release()
    await closing
    expect(res.status).toBe(200)
    expect(res.headers.get('connection')).toBe('close')
  })
})
