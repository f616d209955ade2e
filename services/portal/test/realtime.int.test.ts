import { io, type Socket } from 'socket.io-client'
import { WebSocket } from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Ack, ServerFrame } from '@diamond/contracts/realtime'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

describe('live changes reach subscribers', () => {
  let portal: TestPortal
  let buyer1: string
  let buyer2: string
  const sockets: Socket[] = []
  const raws: WebSocket[] = []

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 50 })
    ;[buyer1, buyer2] = await Promise.all([portal.login('buyer1'), portal.login('buyer2')])
  })
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect())
    raws.forEach((w) => w.close())
    await portal?.close()
  })

  const connect = (auth: object, extra: object = {}) => {
    const s = io(portal.base, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, ...extra })
    sockets.push(s)
    return s
  }
  const connected = (s: Socket) =>
    new Promise<void>((resolve, reject) => {
      s.on('connect', () => resolve())
      s.on('connect_error', (e) => reject(e))
    })
  const emit = (s: Socket, event: string, data: unknown) => new Promise<Ack>((resolve) => s.emit(event as never, data as never, resolve as never))

  it('refuses a socket without a valid token, and a token in the query string', async () => {
    await expect(connected(connect({}))).rejects.toThrow('E_UNAUTHORIZED')
    await expect(connected(connect({ token: 'nope' }))).rejects.toThrow('E_UNAUTHORIZED')
    await expect(connected(connect({}, { query: { token: buyer1 } }))).rejects.toThrow('E_UNAUTHORIZED')
  })

  it('pushes a hold to every socket watching the stone, without saying who holds it', async () => {
    const [stone] = await portal.stones(buyer1, 1)
    const watcher = connect({ token: buyer2 })
    await connected(watcher)
    const seen: unknown[] = []
    watcher.on('stone.status', (m) => seen.push(m))
    expect(await emit(watcher, 'stones.watch', { ids: [stone!.id] })).toEqual({ code: 'OK', message: 'OK' })

    expect((await portal.call('diamond/hold', { id: stone!.id }, buyer1)).body.code).toBe('OK')
    const status = await waitFor(() => seen[0] as Record<string, unknown> | undefined, 10_000, 'stone.status')
    expect(status).toMatchObject({ id: stone!.id, vStnId: stone!.vStnId, wSts: 'H', availability: 'H', version: 1 })
    expect(JSON.stringify(status)).not.toContain('holder')
  })

  it('batches the stock-wide feed and tells only the holder about their hold', async () => {
    const list = await portal.stones(buyer1, 10)
    const targets = list.filter((s) => s.availability === 'A').slice(0, 3)
    const feed = connect({ token: buyer2 })
    const mine = connect({ token: buyer1 })
    await Promise.all([connected(feed), connected(mine)])
    const frames: { changes: { id: string }[] }[] = []
    feed.on('stock.feed', (m) => frames.push(m))
    const notices: { kind: string; params: Record<string, unknown> }[] = []
    const othersNotices: unknown[] = []
    mine.on('notification', (n) => notices.push(n))
    feed.on('notification', (n) => othersNotices.push(n))
    expect((await emit(feed, 'feed.join', { feed: 'stock' })).code).toBe('OK')

    await Promise.all(targets.map((s) => portal.call('diamond/hold', { id: s.id }, buyer1)))
    const fed = () => new Set(frames.flatMap((f) => f.changes.map((c) => c.id)))
    await waitFor(() => targets.every((t) => fed().has(t.id)), 10_000, 'feed')
    expect(frames.length).toBeLessThan(3) // gathered, not one frame per change

    await waitFor(() => notices.length >= 3, 10_000, 'notifications')
    expect(notices.map((n) => n.kind)).toEqual(['stone.held', 'stone.held', 'stone.held'])
    expect(othersNotices).toEqual([])
  })

  it('refuses to watch something that is not a list of stone ids', async () => {
    const s = connect({ token: buyer2 })
    await connected(s)
    expect((await emit(s, 'stones.watch', { ids: ['room:admin'] })).code).toBe('E_VALIDATION')
    expect((await emit(s, 'stones.watch', { room: 'user:someone' })).code).toBe('E_VALIDATION')
    expect((await emit(s, 'feed.join', { feed: 'users' })).code).toBe('E_VALIDATION')
  })

  it('carries the same messages as JSON frames on the plain WebSocket', async () => {
    const refused = new WebSocket(`${portal.base.replace('http', 'ws')}/web/v1/ws`)
    const code = await new Promise<number>((resolve) => refused.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)))
    expect(code).toBe(401)

    const [stone] = (await portal.stones(buyer1, 20)).filter((s) => s.availability === 'A')
    const ws = new WebSocket(`${portal.base.replace('http', 'ws')}/web/v1/ws`, { headers: { authorization: `JWT ${buyer2}` } })
    raws.push(ws)
    const frames: ServerFrame[] = []
    ws.on('message', (m) => frames.push(JSON.parse(m.toString())))
    await new Promise((r) => ws.on('open', r))
    ws.send(JSON.stringify({ type: 'stones.watch', data: { ids: [stone!.id] } }))
    await waitFor(() => frames.find((f) => f.type === 'ack'), 5000, 'ack')
    ws.send('not json')
    await waitFor(() => frames.find((f) => f.type === 'ack' && f.data.code === 'E_BAD_REQUEST'), 5000, 'bad frame ack')

    await portal.call('diamond/hold', { id: stone!.id }, buyer1)
    const pushed = await waitFor(() => frames.find((f) => f.type === 'stone.status'), 10_000, 'ws stone.status')
    expect(pushed.data).toMatchObject({ id: stone!.id, availability: 'H' })
  })
})
