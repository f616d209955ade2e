import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { periodic } from './periodic'

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

describe('a periodic job', () => {
  let app: FastifyInstance
  afterEach(async () => {
    await app.close()
  })

  it('runs at ready, then again after each run ends, never two at once', async () => {
    app = Fastify()
    let active = 0
    let most = 0
    let runs = 0
    periodic(app, 'job', 5, async () => {
      most = Math.max(most, ++active)
      await sleep(15)
      active--
      runs++
    })
    await app.ready()
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3), { timeout: 5000, interval: 5 })
    expect(most).toBe(1)
  })

  it('waits for its first run when told to, and stops with the app, awaiting the run in hand', async () => {
    app = Fastify()
    const events: string[] = []
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    // Registered inside a plugin, as services do: the hooks belong to that plugin's context.
    await app.register((child: FastifyInstance) => {
      periodic(
        child,
        'job',
        1000,
        async () => {
          events.push('start')
          await held
          events.push('end')
        },
        { firstAfterMs: 20 },
      )
    })
    await app.ready()
    expect(events).toEqual([])
    await vi.waitFor(() => expect(events).toEqual(['start']), { timeout: 5000, interval: 2 })
    const closed = app.close().then(() => events.push('closed'))
    await sleep(20)
    expect(events).toEqual(['start'])
    release()
    await closed
    expect(events).toEqual(['start', 'end', 'closed'])
  })

  it('tells the run in hand that the app closes (its signal aborts), so a long one stops between steps', async () => {
    app = Fastify()
    let steps = 0
    let sawAbort = false
    periodic(app, 'long job', 1000, async (signal) => {
      while (!signal.aborted) {
        steps++
        await sleep(2)
      }
      sawAbort = true
    })
    await app.ready()
    await vi.waitFor(() => expect(steps).toBeGreaterThanOrEqual(2), { timeout: 5000, interval: 2 })
    await app.close()
    expect(sawAbort).toBe(true)
  })

  it('logs a failed run and tries again', async () => {
    const logged: string[] = []
    app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } } })
    let runs = 0
    periodic(app, 'flaky job', 5, () => (++runs === 1 ? Promise.reject(new Error('boom')) : Promise.resolve()))
    await app.ready()
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(2), { timeout: 5000, interval: 5 })
    expect(logged.some((l) => l.includes('flaky job failed; will retry') && l.includes('boom'))).toBe(true)
  })

  it('never runs when the app closes before it is ready', async () => {
    app = Fastify()
    let runs = 0
    periodic(app, 'job', 5, () => Promise.resolve(runs++))
    await app.close()
    await sleep(20)
    expect(runs).toBe(0)
  })
})
