import { randomUUID } from 'node:crypto'
import { io, type Socket } from 'socket.io-client'
import { WebSocket } from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  StockBulkEventTypes,
  StockEventTypes,
  type StoneEventType,
  type StoneStatusChanged,
} from '@diamond/contracts/events/stock'
import { newEvent } from '@diamond/runtime'
import {
  MAX_WATCHED_STONES,
  type Ack,
  type ServerFrame,
  type StoneStatus,
  type StonesArrived,
  type StonesStatus,
} from '@diamond/contracts/realtime'
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
  const emit = (s: Socket, event: string, data: unknown) =>
    new Promise<Ack>((resolve) => s.emit(event as never, data as never, resolve as never))

  it('refuses a socket without a valid token, and a token in the query string', async () => {
    await expect(connected(connect({}))).rejects.toThrow('E_UNAUTHORIZED')
    await expect(connected(connect({ token: 'nope' }))).rejects.toThrow('E_UNAUTHORIZED')
    await expect(connected(connect({}, { query: { token: buyer1 } }))).rejects.toThrow('E_UNAUTHORIZED')
  })

  it('pushes a hold to every socket watching the stone, in a batch, without saying who holds it', async () => {
    const [stone] = await portal.stones(buyer1, 1)
    const watcher = connect({ token: buyer2 })
    await connected(watcher)
    const seen: unknown[] = []
    watcher.on('stones.status', (m: StonesStatus) => seen.push(...m.changes))
    expect(await emit(watcher, 'stones.watch', { ids: [stone!.id] })).toEqual({ code: 'OK', message: 'OK' })

    expect((await portal.call('diamond/hold', { id: stone!.id }, buyer1)).body.code).toBe('OK')
    const status = await waitFor(() => seen[0] as Record<string, unknown> | undefined, 10_000, 'stones.status')
    expect(status).toMatchObject({ id: stone!.id, vStnId: stone!.vStnId, wSts: 'H', availability: 'H', version: 1 })
    expect(JSON.stringify(status)).not.toContain('holder')
  })

  it('gives stock-feed members every change, each stone at most once per batch, and tells only the holder about their hold', async () => {
    const list = await portal.stones(buyer1, 10)
    const targets = list.filter((s) => s.availability === 'A').slice(0, 3)
    const feed = connect({ token: buyer2 })
    const mine = connect({ token: buyer1 })
    await Promise.all([connected(feed), connected(mine)])
    const frames: StonesStatus[] = []
    feed.on('stones.status', (m: StonesStatus) => frames.push(m))
    const notices: { kind: string; params: Record<string, unknown> }[] = []
    const othersNotices: unknown[] = []
    mine.on('notification', (n) => notices.push(n))
    feed.on('notification', (n) => othersNotices.push(n))
    expect((await emit(feed, 'feed.join', { feed: 'stock' })).code).toBe('OK')

    await Promise.all(targets.map((s) => portal.call('diamond/hold', { id: s.id }, buyer1)))
    const fed = () => new Set(frames.flatMap((f) => f.changes.map((c) => c.id)))
    await waitFor(() => targets.every((t) => fed().has(t.id)), 10_000, 'feed')
    for (const f of frames) expect(new Set(f.changes.map((c) => c.id)).size).toBe(f.changes.length)

    // The notice of an earlier test's hold may still be on its way to buyer1: count these three only.
    const aboutTargets = () => notices.filter((n) => targets.some((t) => t.id === n.params.stoneId))
    await waitFor(() => aboutTargets().length >= 3, 10_000, 'notifications')
    expect(aboutTargets().map((n) => n.kind)).toEqual(['stone.held', 'stone.held', 'stone.held'])
    expect(othersNotices).toEqual([])
  })

  it('refuses to watch something that is not a list of stone ids', async () => {
    const s = connect({ token: buyer2 })
    await connected(s)
    expect((await emit(s, 'stones.watch', { ids: ['room:admin'] })).code).toBe('E_VALIDATION')
    expect((await emit(s, 'stones.watch', { room: 'user:someone' })).code).toBe('E_VALIDATION')
    expect((await emit(s, 'feed.join', { feed: 'users' })).code).toBe('E_VALIDATION')
  })

  it('limits how many stones one socket watches, counting a stone watched twice once', async () => {
    const s = connect({ token: buyer2 })
    await connected(s)
    const ids = Array.from({ length: MAX_WATCHED_STONES }, () => randomUUID())
    expect((await emit(s, 'stones.watch', { ids })).code).toBe('OK')
    expect((await emit(s, 'stones.watch', { ids: ids.slice(0, 10) })).code).toBe('OK')
    expect(await emit(s, 'stones.watch', { ids: [randomUUID()] })).toMatchObject({ code: 'E_VALIDATION' })
    expect((await emit(s, 'stones.unwatch', { ids: ids.slice(0, 1) })).code).toBe('OK')
    expect((await emit(s, 'stones.watch', { ids: [randomUUID()] })).code).toBe('OK')
  })

  it('carries the same messages as JSON frames on the plain WebSocket', async () => {
    const refused = new WebSocket(`${portal.base.replace('http', 'ws')}/web/v1/ws`)
    const code = await new Promise<number>((resolve) =>
      refused.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    )
    expect(code).toBe(401)

    const [stone] = (await portal.stones(buyer1, 20)).filter((s) => s.availability === 'A')
    const ws = new WebSocket(`${portal.base.replace('http', 'ws')}/web/v1/ws`, {
      headers: { authorization: `JWT ${buyer2}` },
    })
    raws.push(ws)
    const frames: ServerFrame[] = []
    ws.on('message', (m) => frames.push(JSON.parse(m.toString())))
    await new Promise((r) => ws.on('open', r))
    ws.send(JSON.stringify({ type: 'stones.watch', data: { ids: [stone!.id] } }))
    await waitFor(() => frames.find((f) => f.type === 'ack'), 5000, 'ack')
    ws.send('not json')
    await waitFor(() => frames.find((f) => f.type === 'ack' && f.data.code === 'E_BAD_REQUEST'), 5000, 'bad frame ack')

    await portal.call('diamond/hold', { id: stone!.id }, buyer1)
    const pushed = await waitFor(
      () => frames.flatMap((f) => (f.type === 'stones.status' ? f.data.changes : [])).find((c) => c.id === stone!.id),
      10_000,
      'ws stones.status',
    )
    expect(pushed).toMatchObject({ id: stone!.id, availability: 'H' })
    expect(frames.some((f) => (f.type as string) === 'stone.status')).toBe(false)
  })

  it('coalesces many changes of one stone that come together into one entry with the latest version', async () => {
    const [stone] = (await portal.stones(buyer1, 30)).filter((s) => s.availability === 'A').slice(-1)
    const ws = new WebSocket(`${portal.base.replace('http', 'ws')}/web/v1/ws`, {
      headers: { authorization: `JWT ${buyer2}` },
    })
    raws.push(ws)
    const frames: ServerFrame[] = []
    ws.on('message', (m) => frames.push(JSON.parse(m.toString())))
    const sio = connect({ token: buyer2 })
    const sioBatches: StoneStatus[][] = []
    sio.on('stones.status', (m: StonesStatus) => sioBatches.push(m.changes))
    await Promise.all([new Promise((r) => ws.on('open', r)), connected(sio)])
    ws.send(JSON.stringify({ type: 'stones.watch', data: { ids: [stone!.id] } }))
    expect(await emit(sio, 'stones.watch', { ids: [stone!.id] })).toEqual({ code: 'OK', message: 'OK' })
    expect(await waitFor(() => frames.find((f) => f.type === 'ack'), 5000, 'ack')).toMatchObject({
      data: { code: 'OK' },
    })

    // A burst as stock would publish it, in one go on the portal's bus: the gateway takes all of
    // them before its window ends (the in-process bus hands them over without yielding to timers).
    const first = 1000
    const changes = Array.from({ length: 40 }, (_, i): StoneStatusChanged => ({
      stoneId: stone!.id,
      vStnId: stone!.vStnId,
      wSts: i % 2 ? 'A' : 'M',
      sSts: '',
      availability: i % 2 ? 'A' : 'M',
      statusVersion: first + i,
      holderId: null,
      expiresAt: null,
    }))
    await portal.bus.publish(
      changes.map((data) => ({
        id: randomUUID(),
        type: StockEventTypes.released,
        key: stone!.id,
        time: new Date().toISOString(),
        producer: 'stock',
        version: 1,
        data,
      })),
    )
    const last = first + changes.length - 1
    const wsBatches = () => frames.flatMap((f) => (f.type === 'stones.status' ? [f.data.changes] : []))
    for (const [name, got] of [
      ['plain WebSocket', wsBatches],
      ['socket.io', () => sioBatches],
    ] as const) {
      await waitFor(
        () =>
          got()
            .flat()
            .find((c) => c.id === stone!.id && c.version === last),
        10_000,
        `the latest version on ${name}`,
      )
      const burst = got()
        .flat()
        .filter((c) => c.id === stone!.id && c.version >= first)
      expect(burst, name).toHaveLength(1)
      expect(burst[0], name).toMatchObject({ version: last, availability: 'A' })
    }
  })

  // An upload's commit tells of its stones in bulk events of 500: grids learn of each as of its own event.
  it('pushes a bulk event of stock’s as each stone’s own change: repriced and removed stones to their watchers, arrivals told once', async () => {
    const [a, b] = (await portal.stones(buyer1, 30)).filter((s) => s.availability === 'A').slice(0, 2)
    const sio = connect({ token: buyer1 })
    const changes: StoneStatus[] = []
    const arrived: StonesArrived[] = []
    sio.on('stones.status', (m: StonesStatus) => changes.push(...m.changes))
    sio.on('stones.arrived', (m: StonesArrived) => arrived.push(m))
    await connected(sio)
    expect(await emit(sio, 'stones.watch', { ids: [a!.id, b!.id] })).toEqual({ code: 'OK', message: 'OK' })
    const change = (type: StoneEventType, stoneId: string, vStnId: string, wSts: string, statusVersion: number) => ({
      type,
      stoneId,
      vStnId,
      wSts,
      sSts: '',
      availability: (wSts === 'A' ? 'A' : 'NA') as 'A' | 'NA',
      statusVersion,
      holderId: null,
      expiresAt: null,
    })
    await portal.bus.publish([
      newEvent('stock', StockBulkEventTypes.changed, randomUUID(), {
        changes: [
          change(StockEventTypes.priced, a!.id, a!.vStnId, 'A', 5000),
          change(StockEventTypes.removed, b!.id, b!.vStnId, 'R', 5000),
          change(StockEventTypes.arrived, randomUUID(), 'N990001', 'A', 1),
          change(StockEventTypes.arrived, randomUUID(), 'N990002', 'A', 1),
        ],
      }),
    ])
    await waitFor(() => changes.some((c) => c.id === b!.id && c.version === 5000), 10_000, 'the removed stone')
    expect(changes.find((c) => c.id === a!.id && c.version === 5000)).toMatchObject({ changed: true })
    expect(changes.find((c) => c.id === b!.id && c.version === 5000)).toMatchObject({ gone: true })
    await waitFor(() => arrived[0], 10_000, 'the arrivals')
    expect(arrived.reduce((n, m) => n + m.count, 0)).toBe(2)
  })

  it('cuts both kinds of socket of a user who logs out', async () => {
    const token = await portal.login('seller1')
    const sio = connect({ token })
    await connected(sio)
    expect((await emit(sio, 'feed.join', { feed: 'stock' })).code).toBe('OK')
    const ws = new WebSocket(`${portal.base.replace('http', 'ws')}/web/v1/ws`, {
      headers: { authorization: `JWT ${token}` },
    })
    raws.push(ws)
    await new Promise((r) => ws.on('open', r))
    const sioGone = new Promise<string>((resolve) => sio.on('disconnect', (reason) => resolve(reason)))
    const wsGone = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))

    expect((await portal.call('auth/logout-all', {}, token)).body.code).toBe('OK')
    expect(await sioGone).toBe('io server disconnect')
    expect(await wsGone).toBe(4401)
  })

  it("cuts the sockets of the session that logs out, and only those: the user's other device stays connected", async () => {
    const [mine, other] = [await portal.login('sales1'), await portal.login('sales1')]
    const sio = connect({ token: mine })
    const stays = connect({ token: other })
    await Promise.all([connected(sio), connected(stays)])
    const ws = new WebSocket(`${portal.base.replace('http', 'ws')}/web/v1/ws`, {
      headers: { authorization: `JWT ${mine}` },
    })
    const wsStays = new WebSocket(`${portal.base.replace('http', 'ws')}/web/v1/ws`, {
      headers: { authorization: `JWT ${other}` },
    })
    raws.push(ws, wsStays)
    await Promise.all([new Promise((r) => ws.on('open', r)), new Promise((r) => wsStays.on('open', r))])
    const sioGone = new Promise<string>((resolve) => sio.on('disconnect', (reason) => resolve(reason)))
    const wsGone = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))

    expect((await portal.call('auth/logout', {}, mine)).body.code).toBe('OK')
    expect(await sioGone).toBe('io server disconnect')
    expect(await wsGone).toBe(4401)
    // The other session still talks: its socket answers a request, its plain socket is open.
    expect(stays.connected).toBe(true)
    expect((await emit(stays, 'feed.join', { feed: 'stock' })).code).toBe('OK')
    expect(wsStays.readyState).toBe(WebSocket.OPEN)
    // A new socket with the ended session's token is refused; with the other's it opens.
    const again = connect({ token: mine })
    await expect(connected(again)).rejects.toBeTruthy()
  })
})
