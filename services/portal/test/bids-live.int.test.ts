import { randomUUID } from 'node:crypto'
import { io, type Socket } from 'socket.io-client'
import { WebSocket } from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Notification } from '@diamond/contracts/events/notifications'
import type { Ack, BidFrame, ServerFrame } from '@diamond/contracts/realtime'
import { biddingFixtures } from '../../bidding/test/bidding-fixtures'
import { numbersIn, startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

/**
 * Auction rooms end to end: bidding's events reach the gateway's rooms and the users' own sockets,
 * and notifications tells the outbid, the winner and the losers. Nothing of a sealed lot travels
 * before its close.
 */
describe('live auction rooms', () => {
  let portal: TestPortal
  let staff: string, buyer1: string, buyer2: string
  const ids: Record<string, string> = {}
  let f: ReturnType<typeof biddingFixtures>
  const sockets: Socket[] = []
  const raws: WebSocket[] = []

  beforeAll(async () => {
    portal = await startTestPortal({
      stones: 60,
      // A notice window long enough that the bids of one test fall in one window even on a slow machine.
      env: { BIDDING_DEMO_AUCTIONS: 'false', BIDDING_CLOSE_GRACE_MS: '50', BIDDING_NOTICE_WINDOW_MS: '3000' },
    })
    ;[staff, buyer1, buyer2] = (await Promise.all(['sales1', 'buyer1', 'buyer2'].map((u) => portal.login(u)))) as [
      string,
      string,
      string,
    ]
    for (const r of await portal.sql<{ id: string; username: string }[]>`select id, username from auth.users`)
      ids[r.username] = r.id
    f = biddingFixtures(portal, { staff, browse: buyer1 })
  }, 120_000)
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect())
    raws.forEach((w) => w.close())
    await portal?.close()
  })

  /** A socket.io client that records every bid frame and notice it hears. */
  async function client(token: string) {
    const s = io(portal.base, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false })
    sockets.push(s)
    const frames: BidFrame[] = []
    const notices: Notification[] = []
    for (const type of ['bid.high', 'bid.extended', 'bid.closed', 'bid.position'] as const)
      s.on(type as never, ((data: never) => frames.push({ type, data } as BidFrame)) as never)
    s.on('notification', (n: Notification) => notices.push(n))
    await new Promise<void>((resolve, reject) => {
      s.on('connect', () => resolve())
      s.on('connect_error', reject)
    })
    const emit = (event: string, data: unknown) =>
      new Promise<Ack>((resolve) => s.emit(event as never, data as never, resolve as never))
    return { s, frames, notices, emit, of: (lotId: string) => frames.filter((x) => x.data.lotId === lotId) }
  }
  const found = <T>(probe: () => T | undefined, what: string) => waitFor(probe, 15_000, what)

  /** A plain WebSocket client (the other transport) that records every frame it hears. */
  async function rawClient(token: string) {
    const ws = new WebSocket(`${portal.base.replace('http', 'ws')}/web/v1/ws`, {
      headers: { authorization: `JWT ${token}` },
    })
    raws.push(ws)
    const frames: ServerFrame[] = []
    ws.on('message', (m) => frames.push(JSON.parse(m.toString())))
    await new Promise((r) => ws.on('open', r))
    return { ws, frames }
  }

  it('pushes an open lot’s high to its room without saying who, tells each bidder their position, and the outbid a notice', async () => {
    const [stone] = await f.upForBid(1)
    const { auctionId, lots } = await f.auction('live', [stone!])
    const lot = lots[0]!.id
    const [one, two, watcher] = await Promise.all([client(buyer1), client(buyer2), client(staff)])
    for (const c of [one, two, watcher])
      expect(await c.emit('auction.join', { auctionId })).toEqual({ code: 'OK', message: 'OK' })

    expect((await f.bid(buyer1, lot, 1000)).body.code).toBe('OK')
    const high = await found(() => watcher.of(lot).find((x) => x.type === 'bid.high'), 'bid.high in the room')
    expect(high.data).toEqual({
      lotId: lot,
      auctionId,
      pricePerCaratCents: 100_000,
      bidCount: 1,
      closesAt: expect.any(String),
      reserveMet: null,
    })
    await found(() => two.of(lot).find((x) => x.type === 'bid.high'), "bid.high on the other buyer's socket")
    expect(await found(() => one.of(lot).find((x) => x.type === 'bid.position'), 'position')).toMatchObject({
      data: { lotId: lot, position: 'leading', bidCount: 1 },
    })

    expect((await f.bid(buyer2, lot, 1010)).body.code).toBe('OK')
    await found(() => watcher.of(lot).find((x) => x.type === 'bid.high' && x.data.bidCount === 2), 'the second high')
    expect(
      await found(
        () => one.of(lot).find((x) => x.type === 'bid.position' && x.data.position === 'outbid'),
        'outbid position',
      ),
    ).toMatchObject({ data: { bidCount: 2 } })
    expect(
      await found(
        () => two.of(lot).find((x) => x.type === 'bid.position' && x.data.position === 'leading'),
        'leading position',
      ),
    ).toBeTruthy()
    const notice = await found(
      () => one.notices.find((n) => n.kind === 'bid.outbid' && n.params.lotId === lot),
      'outbid notice',
    )
    expect(notice.params).toMatchObject({ vStnId: expect.any(String), price: 1010, auctionId })

    // Room messages never carry a user: not the leader, not the one they outbid.
    const roomText = JSON.stringify(watcher.frames)
    for (const u of ['buyer1', 'buyer2']) expect(roomText).not.toContain(ids[u]!)
    // Positions go to the one user they are about.
    expect(watcher.frames.some((x) => x.type === 'bid.position')).toBe(false)
    expect(two.notices.some((n) => n.kind === 'bid.outbid')).toBe(false)
  })

  it('coalesces an outbid notice the reader has not read yet', async () => {
    const [stone] = await f.upForBid(1)
    const lot = (await f.auction('live', [stone!])).lots[0]!.id
    for (const [who, price] of [
      [buyer1, 1000],
      [buyer2, 1010],
      [buyer1, 1020],
      [buyer2, 1030],
    ] as const)
      expect((await f.bid(who, lot, price)).body.code).toBe('OK')
    const rows = await waitFor(
      async () => {
        const r = await portal.sql<
          { params: { price: number } }[]
        >`select params from notifications.notifications where user_id = ${ids.buyer1!} and kind = 'bid.outbid' and params->>'lotId' = ${lot}`
        return r.length === 1 && r[0]!.params.price === 1030 ? r : null
      },
      15_000,
      'one outbid notice with the newest price',
    )
    expect(rows).toHaveLength(1)
  })

  it('tells a bidder outbid again and again within one window at most twice, one stored notice at the newest price, live and in the centre', async () => {
    const [stone] = await f.upForBid(1)
    const lot = (await f.auction('live', [stone!])).lots[0]!.id
    const one = await client(buyer1)
    // buyer1 is outbid four times within the window.
    for (const [i, who] of [buyer1, buyer2, buyer1, buyer2, buyer1, buyer2, buyer1, buyer2].entries())
      expect((await f.bid(who, lot, 1000 + i * 10)).body.code).toBe('OK')
    const stored = async () =>
      portal.sql<{ params: { price: number } }[]>`
        select params from notifications.notifications where user_id = ${ids.buyer1!} and kind = 'bid.outbid' and params->>'lotId' = ${lot}`
    await waitFor(
      async () => {
        const r = await stored()
        return r.length === 1 && r[0]!.params.price === 1070
      },
      15_000,
      'one outbid notice with the newest price',
    )
    // Bidding named buyer1 for a notice once at the window's start and once at its end, not per high.
    const naming = await portal.sql<{ n: number }[]>`
      select count(*)::int as n from bidding.outbox
       where key = ${lot} and type = 'bidding.lot.high'
         and coalesce(event->'data'->'noticeIds', event->'data'->'outbidIds') ? ${ids.buyer1!}`
    expect(naming[0]!.n).toBeLessThanOrEqual(2)
    // The notices' consumer wrote only for the events that name someone.
    const consumed = await portal.sql<{ n: number }[]>`
      select count(*)::int as n from notifications.consumed_events c
        join bidding.outbox o on o.id = c.event_id
       where c.consumer = 'notifications.bids' and o.key = ${lot}`
    expect(consumed[0]!.n).toBeLessThanOrEqual(2)
    // Live on buyer1's socket and in the notification centre.
    await found(() => one.notices.find((n) => n.kind === 'bid.outbid' && n.params.lotId === lot), 'the live notice')
    const list = (await portal.call('notification/list', {}, buyer1)).body.data.list as Notification[]
    const mine = list.filter((n) => n.kind === 'bid.outbid' && n.params.lotId === lot)
    expect(mine).toHaveLength(1)
    expect(mine[0]!.params).toMatchObject({ price: 1070 })
  })

  it('shows a soft-close extension to the room, and at the close every bidder learns won or lost', async () => {
    const [stone] = await f.upForBid(1)
    const { auctionId, lots } = await f.auction('live', [stone!], {
      closesAt: new Date(Date.now() + 4_000).toISOString(),
      softClose: { windowSeconds: 10, extendSeconds: 10 },
    })
    const lot = lots[0]!.id
    const [one, two] = await Promise.all([client(buyer1), client(buyer2)])
    expect((await one.emit('auction.join', { auctionId })).code).toBe('OK')
    expect((await f.bid(buyer1, lot, 1000)).body.code).toBe('OK')
    expect((await f.bid(buyer2, lot, 1100)).body.code).toBe('OK')
    const ext = await found(() => one.of(lot).find((x) => x.type === 'bid.extended'), 'bid.extended')
    expect(ext.data).toMatchObject({ lotId: lot, auctionId, extensions: expect.any(Number) })

    const closed = await waitFor(() => one.of(lot).find((x) => x.type === 'bid.closed'), 40_000, 'bid.closed')
    expect(closed.data).toEqual({ lotId: lot, auctionId, state: 'won', resultPerCaratCents: 110_000 })
    expect(
      await found(() => one.of(lot).find((x) => x.type === 'bid.position' && x.data.position === 'lost'), 'lost'),
    ).toBeTruthy()
    // buyer2 is not in the room, yet hears their own result.
    expect(
      await found(() => two.of(lot).find((x) => x.type === 'bid.position' && x.data.position === 'won'), 'won'),
    ).toBeTruthy()
    expect(two.of(lot).some((x) => x.type === 'bid.high')).toBe(false)
    await found(
      () => two.notices.find((n) => n.kind === 'bid.won' && n.params.lotId === lot && n.params.price === 1100),
      'won notice',
    )
    await found(() => one.notices.find((n) => n.kind === 'bid.lost' && n.params.lotId === lot), 'lost notice')
  })

  it('lets only users with bid view into a room, decided by the server, on both transports', async () => {
    const [stone] = await f.upForBid(1)
    const { auctionId, lots } = await f.auction('lookAndBid', [stone!])
    const noBid = portal.tokens.sign({
      id: randomUUID(),
      username: 'nobid',
      userType: 'buyer',
      perms: { searchList: 'v' },
      noPrice: false,
      ver: 0,
      guest: false,
      trusted: true,
    })
    const outsider = await client(noBid)
    expect(await outsider.emit('auction.join', { auctionId })).toMatchObject({ code: 'E_FORBIDDEN' })
    expect(await outsider.emit('auction.join', { auctionId: 'room:admin' })).toMatchObject({ code: 'E_VALIDATION' })
    expect(await outsider.emit('auction.join', { room: `user:${ids.buyer1}` })).toMatchObject({ code: 'E_VALIDATION' })
    // A room hears prices: a user who does not see them is refused as the lot call refuses them.
    const noPrice = portal.tokens.sign({
      id: randomUUID(),
      username: 'np',
      userType: 'buyer',
      perms: { searchList: 'v', bid: 'v' },
      noPrice: true,
      ver: 0,
      guest: false,
      trusted: true,
    })
    expect(await (await client(noPrice)).emit('auction.join', { auctionId })).toMatchObject({ code: 'E_BID_NO_PRICE' })

    const { ws, frames } = await rawClient(buyer2)
    ws.send(JSON.stringify({ type: 'auction.join', data: { auctionId } }))
    expect(await found(() => frames.find((x) => x.type === 'ack'), 'ack')).toMatchObject({
      data: { for: 'auction.join', code: 'OK' },
    })

    const { ws: unpriced, frames: refused } = await rawClient(noPrice)
    unpriced.send(JSON.stringify({ type: 'auction.join', data: { auctionId } }))
    expect(await found(() => refused.find((x) => x.type === 'ack'), 'ack')).toMatchObject({
      data: { for: 'auction.join', code: 'E_BID_NO_PRICE' },
    })

    expect((await f.bid(buyer1, lots[0]!.id, 1000)).body.code).toBe('OK')
    expect(await found(() => frames.find((x) => x.type === 'bid.high'), 'ws bid.high')).toMatchObject({
      data: { lotId: lots[0]!.id, pricePerCaratCents: 100_000 },
    })
    expect(outsider.frames).toEqual([])
    expect(refused.filter((x) => x.type !== 'ack')).toEqual([])
  })

  it('tells a bidder who no longer sees prices of the outbid without the price, live and in the list', async () => {
    const [stone] = await f.upForBid(1)
    const lot = (await f.auction('live', [stone!])).lots[0]!.id
    // buyer1 bid while seeing prices; their sessions since do not (Is_NoPrice set meanwhile: the
    // change ends older sessions, so a token of the new rights stands in for the new sign-in).
    expect((await f.bid(buyer1, lot, 1000)).body.code).toBe('OK')
    const unpricedToken = portal.tokens.sign({
      id: ids.buyer1!,
      username: 'buyer1',
      userType: 'buyer',
      perms: { searchList: 'v', bid: 'v', notifications: 'v' },
      noPrice: true,
      ver: 0,
      guest: false,
      trusted: true,
    })
    const [priced, unpriced] = await Promise.all([client(buyer1), client(unpricedToken)])
    const { frames: wsFrames } = await rawClient(unpricedToken)

    expect((await f.bid(buyer2, lot, 1010)).body.code).toBe('OK')
    const outbid = (n: Notification) => n.kind === 'bid.outbid' && n.params.lotId === lot
    expect((await found(() => priced.notices.find(outbid), 'the priced socket')).params).toMatchObject({ price: 1010 })
    expect((await found(() => unpriced.notices.find(outbid), 'the unpriced socket')).params).toMatchObject({
      lotId: lot,
      price: null,
    })
    const raw = await found(
      () => wsFrames.find((x) => x.type === 'notification' && outbid(x.data)),
      'the unpriced raw socket',
    )
    expect(raw.data).toMatchObject({ params: { price: null } })
    const seen = numbersIn([unpriced.notices, wsFrames])
    for (const price of [1010, 101_000]) expect(seen).not.toContain(price)

    const listed = async (token: string) =>
      ((await portal.call('notification/list', {}, token)).body.data.list as Notification[]).find(outbid)
    expect((await listed(buyer1))?.params.price).toBe(1010)
    expect((await listed(unpricedToken))?.params).toMatchObject({ lotId: lot, price: null })
  })

  it('pushes nothing of a sealed lot to anyone before its close, and only the result after', async () => {
    const [sealedStone, openStone] = await f.upForBid(2)
    const sealed = await f.auction('blind', [sealedStone!], { closesAt: new Date(Date.now() + 5_000).toISOString() })
    const open = await f.auction('live', [openStone!])
    const sealedLot = sealed.lots[0]!.id
    const [one, two, watcher] = await Promise.all([client(buyer1), client(buyer2), client(staff)])
    for (const c of [one, two, watcher]) {
      expect((await c.emit('auction.join', { auctionId: sealed.auctionId })).code).toBe('OK')
      expect((await c.emit('auction.join', { auctionId: open.auctionId })).code).toBe('OK')
    }
    expect((await f.bid(buyer1, sealedLot, 1500)).body.code).toBe('OK')
    expect((await f.bid(buyer2, sealedLot, 1200)).body.code).toBe('OK')
    expect((await f.bid(buyer2, sealedLot, 1600, randomUUID(), 'dynamic-diamond-bid/update')).body.code).toBe('OK')
    // A later open bid is the barrier: once its high has reached every socket, anything the sealed
    // bids had caused would have been delivered before it.
    expect((await f.bid(buyer1, open.lots[0]!.id, 1000)).body.code).toBe('OK')
    for (const c of [one, two, watcher])
      await found(() => c.of(open.lots[0]!.id).find((x) => x.type === 'bid.high'), 'the barrier high')
    for (const c of [one, two, watcher]) expect(c.of(sealedLot)).toEqual([])
    // Its only event before the close is its opening (lot, auction, stone): nothing of its bids.
    expect(
      (await portal.sql<{ type: string }[]>`select type from bidding.outbox where key = ${sealedLot}`).map(
        (e) => e.type,
      ),
    ).toEqual(['bidding.lot.opened'])
    expect(
      (
        await portal.sql`select count(*)::int as n from notifications.notifications where params->>'lotId' = ${sealedLot}`
      )[0]!.n,
    ).toBe(0)

    const closed = await waitFor(
      () => watcher.of(sealedLot).find((x) => x.type === 'bid.closed'),
      40_000,
      'sealed close',
    )
    expect(closed.data).toEqual({
      lotId: sealedLot,
      auctionId: sealed.auctionId,
      state: 'won',
      resultPerCaratCents: 160_000,
    })
    expect(await found(() => two.of(sealedLot).find((x) => x.type === 'bid.position'), 'won')).toMatchObject({
      data: { position: 'won' },
    })
    expect(await found(() => one.of(sealedLot).find((x) => x.type === 'bid.position'), 'lost')).toMatchObject({
      data: { position: 'lost' },
    })
    // Even after the close the room hears the result only: never a bid, a bidder or a count.
    expect(watcher.of(sealedLot).map((x) => x.type)).toEqual(['bid.closed'])
    const lost = await found(
      () => one.notices.find((n) => n.kind === 'bid.lost' && n.params.lotId === sealedLot),
      'lost notice',
    )
    expect(lost.params.price).toBeUndefined()
  })
})
