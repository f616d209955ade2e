import { randomUUID } from 'node:crypto'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

interface Row {
  id: string
  vStnId: string
  amt?: number
  ctPr?: number
  availability: string
  track: {
    id: string
    offer?: { status: string; turn: string; steps: { action: string; side: string; price: number | null }[] }
  }
}
interface Notice {
  kind: string
  params: Record<string, unknown>
  audience?: string
  userId: string | null
}

describe('track lists, notes, reminders and offers', () => {
  let portal: TestPortal
  let buyer1: string
  let buyer2: string
  let sales1: string
  let admin1: string
  let noprice: string
  let free: { id: string; vStnId: string }[]
  const take = () => free.shift()!

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 60, env: { STOCK_LIST_SWEEP_MS: '200' } })
    ;[buyer1, buyer2, sales1, admin1, noprice] = (await Promise.all(
      ['buyer1', 'buyer2', 'sales1', 'admin1', 'noprice1'].map((u) => portal.login(u)),
    )) as [string, string, string, string, string]
    free = await portal.stones(buyer1, 40)
  })
  afterAll(() => portal?.close())

  const list = async (token: string, trackType: number, extra: object = {}) => {
    const r = await portal.call('diamond-track/paginate', { trackType, ...extra }, token)
    expect(r.body.code).toBe('OK')
    return r.body.data as { list: Row[]; count: number }
  }
  const notices = async (token: string) =>
    (await portal.call('notification/list', { limit: 200 }, token)).body.data.list as Notice[]
  const noticeOf = (token: string, kind: string, match: (n: Notice) => boolean) =>
    waitFor(async () => (await notices(token)).find((n) => n.kind === kind && match(n)), 15_000, `a ${kind} notice`)

  it('adds stones to the cart once, says how many were there already, and removes them', async () => {
    const [a, b, c] = [take(), take(), take()]
    expect(
      (await portal.call('diamond-track/create', { trackType: 1, stoneIds: [a.id, b.id] }, buyer1)).body.data,
    ).toEqual({ added: 2, already: 0 })
    expect(
      (await portal.call('diamond-track/create', { trackType: 1, stoneIds: [b.id, c.id] }, buyer1)).body.data,
    ).toEqual({ added: 1, already: 1 })
    const cart = await list(buyer1, 1)
    expect(cart.count).toBe(3)
    expect(cart.list.map((r) => r.id).sort()).toEqual([a.id, b.id, c.id].sort())
    expect(cart.list[0]!.amt).toBeGreaterThan(0)
    expect((await list(buyer2, 1)).count).toBe(0)
    expect((await portal.call('diamond-track/delete', { trackType: 1, stoneIds: [a.id] }, buyer1)).body.data).toEqual({
      deleted: 1,
    })
    expect((await list(buyer1, 1)).count).toBe(2)
    // The watchlist is its own list.
    expect((await portal.call('diamond-track/create', { trackType: 2, stoneIds: [b.id] }, buyer1)).body.data).toEqual({
      added: 1,
      already: 0,
    })
  })

  it("hides prices from a user without the pricing right, refuses a guest and hides others' tracks", async () => {
    const s = take()
    await portal.call('diamond-track/create', { trackType: 2, stoneIds: [s.id] }, noprice)
    const row = (await list(noprice, 2)).list[0]!
    expect(row.id).toBe(s.id)
    expect(row).not.toHaveProperty('amt')
    expect(row).not.toHaveProperty('ctPr')

    const guest = (
      await portal.call('guest/auth/login', {
        name: 'Gil',
        companyName: 'Gil Gems',
        contactNumber: '+972 3 555 0100',
        email: 'gil@example.test',
      })
    ).body.data.token.jwt as string
    expect((await portal.call('diamond-track/create', { trackType: 1, stoneIds: [s.id] }, guest)).body.code).toBe(
      'E_GUEST_FORBIDDEN',
    )
    expect((await portal.call('diamond-track/paginate', { trackType: 1 }, guest)).body.code).toBe('E_FORBIDDEN')
    expect((await portal.call('diamond-comment/upsert', { stoneId: s.id, comment: 'x' }, guest)).body.code).toBe(
      'E_GUEST_FORBIDDEN',
    )
    expect((await portal.call('diamond-track/paginate', { trackType: 1 })).body.code).toBe('E_UNAUTHORIZED')

    const theirs = (await list(noprice, 2)).list[0]!.track.id
    expect((await portal.call('diamond-track/update', { id: theirs, remarks: 'mine now' }, buyer1)).body.code).toBe(
      'E_NOT_FOUND',
    )
    expect((await portal.call('diamond-track/delete', { ids: [theirs] }, buyer1)).body.code).toBe('E_NOT_FOUND')
    expect((await portal.call('diamond-track/counter-offer', { id: theirs, offerPrice: 100 }, buyer1)).body.code).toBe(
      'E_NOT_FOUND',
    )
    expect((await list(noprice, 2)).count).toBe(1)
  })

  it('refuses bad input with the field named and changes nothing', async () => {
    const s = take()
    const bad = async (body: object, code = 'E_VALIDATION') => {
      const r = await portal.call('diamond-track/create', body, buyer1)
      expect(r.body.code).toBe(code)
      return r.body
    }
    await bad({ trackType: 9, stoneIds: [s.id] })
    expect((await bad({ trackType: 1, stoneIds: ['not-an-id'] })).message).toContain('stoneIds')
    expect((await bad({ trackType: 1, stoneIds: [] })).message).toContain('stoneIds')
    const ghost = randomUUID()
    const unknown = await bad({ trackType: 1, stoneIds: [s.id, ghost] })
    expect(unknown.data.unknown).toEqual([ghost])
    const past = await bad({ trackType: 5, stoneIds: [s.id], reminderAt: new Date(Date.now() - 60_000).toISOString() })
    expect(past.data.fields[0]).toMatchObject({ field: 'reminderAt', message: 'must be in the future' })
    await bad({ trackType: 6, stoneIds: [s.id] })
    const asking = (await portal.call('diamond/view', { id: s.id }, buyer1)).body.data.amt as number
    const close = await bad({ trackType: 4, stoneIds: [s.id], offerPrice: asking - 5 }, 'E_QUOTE_MIN_DIFF')
    expect(close.data).toMatchObject({ maxPrice: Math.round((asking - 10) * 100) / 100, vStnIds: [s.vStnId] })
    expect(
      (await portal.call('diamond-track/create', { trackType: 4, stoneIds: [s.id], offerPrice: 100 }, noprice)).body
        .code,
    ).toBe('E_FORBIDDEN')
    // A buyer who sees prices but may not place orders makes no quote (an approved one becomes an order).
    const cannotOrder = portal.tokens.verify(buyer1)
    const noOrders = portal.tokens.sign({
      ...cannotOrder,
      perms: { ...cannotOrder.perms, order: (cannotOrder.perms.order ?? '').replace(/[ia]/g, '') },
    })
    expect(
      (await portal.call('diamond-track/create', { trackType: 4, stoneIds: [s.id], offerPrice: 100 }, noOrders)).body,
    ).toMatchObject({ code: 'E_FORBIDDEN' })
    for (const t of [1, 4, 5, 6]) expect((await list(buyer1, t)).list.some((r) => r.id === s.id)).toBe(false)
  })

  it('keeps a note per stone', async () => {
    const s = take()
    const first = (await portal.call('diamond-comment/upsert', { stoneId: s.id, comment: 'nice make' }, buyer1)).body
      .data
    const again = (await portal.call('diamond-comment/upsert', { stoneId: s.id, comment: 'very nice make' }, buyer1))
      .body.data
    expect(again).toMatchObject({ id: first.id, vStnId: s.vStnId, comment: 'very nice make' })
    expect((await portal.call('diamond-comment/by-user', {}, buyer1)).body.data.list).toEqual([again])
    expect((await portal.call('diamond-comment/delete', { id: first.id }, buyer2)).body.code).toBe('E_NOT_FOUND')
    expect((await portal.call('diamond-comment/delete', { id: first.id }, buyer1)).body.code).toBe('OK')
    expect((await portal.call('diamond-comment/by-user', {}, buyer1)).body.data.count).toBe(0)
  })

  it('negotiates an offer with counter-offers, each step told to the other side', async () => {
    const s = take()
    // The sales team hears of new offers live; a member whose account does not see prices hears it
    // without the price (socket and list alike).
    const unpricedSales = portal.tokens.sign({
      id: randomUUID(),
      username: 'sales-np',
      userType: 'sales',
      perms: { notifications: 'v', quote: 'vi' },
      noPrice: true,
      ver: 0,
      guest: false,
      trusted: true,
    })
    const heard = async (token: string) => {
      const socket: Socket = io(portal.base, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token },
        reconnection: false,
      })
      const got: Notice[] = []
      socket.on('notification', (n: Notice) => got.push(n))
      await new Promise<void>((resolve, reject) => socket.on('connect', () => resolve()).on('connect_error', reject))
      return { socket, got }
    }
    const [priced, unpriced] = await Promise.all([heard(sales1), heard(unpricedSales)])
    const asking = (await portal.call('diamond/view', { id: s.id }, buyer1)).body.data.amt as number
    const opened = await portal.call(
      'diamond-track/create',
      { trackType: 4, stoneIds: [s.id], offerPrice: asking - 100 },
      buyer1,
    )
    expect(opened.body.data).toEqual({ added: 1, already: 0 })
    const made = await noticeOf(sales1, 'offer.made', (n) => n.params.stoneId === s.id)
    expect(made).toMatchObject({ audience: 'sales', userId: null, params: { vStnId: s.vStnId, buyer: 'buyer1' } })
    const live = (c: { got: Notice[] }) =>
      waitFor(
        () => c.got.find((n) => n.kind === 'offer.made' && n.params.stoneId === s.id),
        15_000,
        'the live offer notice',
      )
    expect((await live(priced)).params.price).toBe(asking - 100)
    expect((await live(unpriced)).params).toMatchObject({ vStnId: s.vStnId, price: null })
    expect(
      (await notices(unpricedSales)).find((n) => n.kind === 'offer.made' && n.params.stoneId === s.id)?.params.price,
    ).toBeNull()
    priced.socket.disconnect()
    unpriced.socket.disconnect()
    expect((await notices(buyer2)).some((n) => n.kind === 'offer.made')).toBe(false)

    const offer = (await list(sales1, 4, { all: true })).list.find((r) => r.id === s.id)!
    expect(offer.track).toMatchObject({ ownerName: 'buyer1', offer: { status: 'open', turn: 'sales' } })
    // Not the buyer's turn yet.
    expect(
      (await portal.call('diamond-track/counter-offer', { id: offer.track.id, offerPrice: asking - 80 }, buyer1)).body
        .code,
    ).toBe('E_OFFER_NOT_YOUR_TURN')
    const countered = await portal.call(
      'diamond-track/counter-offer',
      { id: offer.track.id, offerPrice: asking - 50 },
      sales1,
    )
    expect(countered.body.data.offer).toMatchObject({ turn: 'buyer', salesPrice: asking - 50 })
    await noticeOf(
      buyer1,
      'offer.countered',
      (n) => n.params.trackId === offer.track.id && n.params.price === asking - 50,
    )

    expect(
      (await portal.call('diamond-track/counter-offer', { id: offer.track.id, offerPrice: asking - 55 }, buyer1)).body
        .code,
    ).toBe('E_QUOTE_MIN_DIFF')
    await portal.call('diamond-track/counter-offer', { id: offer.track.id, offerPrice: asking - 75 }, buyer1)
    await noticeOf(sales1, 'offer.countered', (n) => n.params.trackId === offer.track.id)
    const accepted = await portal.call(
      'diamond-track/status-update',
      { id: offer.track.id, status: 'accepted' },
      sales1,
    )
    expect(accepted.body.data.offer).toMatchObject({ status: 'accepted' })
    await noticeOf(
      buyer1,
      'offer.accepted',
      (n) => n.params.trackId === offer.track.id && n.params.price === asking - 75,
    )
    const mine = (await list(buyer1, 4)).list.find((r) => r.id === s.id)!
    expect(mine.track.offer!.steps.map((x) => `${x.side}:${x.action}`)).toEqual([
      'buyer:offer',
      'sales:counter',
      'buyer:counter',
      'sales:accept',
    ])
    expect(
      (await portal.call('diamond-track/status-update', { id: offer.track.id, status: 'rejected' }, sales1)).body.code,
    ).toBe('E_OFFER_CLOSED')

    // Spec: a quoted stone whose price is approved is confirmed directly, at the agreed price.
    const orders = (await portal.call('order/paginate', {}, buyer1)).body.data.list as {
      buyerName: string
      lines: { stoneId: string; pricePerCaratCents: number }[]
    }[]
    const order = orders.find((o) => o.lines.some((l) => l.stoneId === s.id))
    expect(order?.lines.find((l) => l.stoneId === s.id)?.pricePerCaratCents).toBe(Math.round((asking - 75) * 100))
    expect(order?.buyerName).toBe('buyer1')
    const [stone] = await portal.sql`select w_sts from stock.stones where id = ${s.id}`
    expect(stone!.w_sts).toBe('C')
  })

  it('lets one of two simultaneous answers win', async () => {
    const s = take()
    const asking = (await portal.call('diamond/view', { id: s.id }, buyer2)).body.data.amt as number
    await portal.call('diamond-track/create', { trackType: 4, stoneIds: [s.id], offerPrice: asking - 20 }, buyer2)
    const id = (await list(buyer2, 4)).list.find((r) => r.id === s.id)!.track.id
    const answers = await Promise.all([
      portal.call('diamond-track/status-update', { id, status: 'accepted' }, sales1),
      portal.call('diamond-track/status-update', { id, status: 'accepted' }, admin1),
      portal.call('diamond-track/status-update', { id, status: 'rejected' }, sales1),
    ])
    const codes = answers.map((a) => a.body.code).sort()
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1)
    expect(codes.filter((c) => c !== 'OK').every((c) => c === 'E_OFFER_CLOSED' || c === 'E_OFFER_NOT_YOUR_TURN')).toBe(
      true,
    )
    const [n] =
      await portal.sql`select count(*)::int as n from stock.offer_steps where track_id = ${id} and action in ('accept', 'reject')`
    expect(n!.n).toBe(1)
  })

  it('expires an offer nobody answers, and tells both sides', async () => {
    const s = take()
    const asking = (await portal.call('diamond/view', { id: s.id }, buyer2)).body.data.amt as number
    await portal.call('diamond-track/create', { trackType: 4, stoneIds: [s.id], offerPrice: asking - 30 }, buyer2)
    await portal.sql`update stock.tracks set offer_expires_at = now() - interval '1 second' where stone_id = ${s.id} and track_type = 4`
    await noticeOf(buyer2, 'offer.expired', (n) => n.params.stoneId === s.id)
    await noticeOf(sales1, 'offer.expired', (n) => n.params.stoneId === s.id)
    expect((await list(buyer2, 4)).list.find((r) => r.id === s.id)!.track.offer!.status).toBe('expired')
  })

  it('reminds once when the date comes', async () => {
    const s = take()
    await portal.call(
      'diamond-track/create',
      {
        trackType: 5,
        stoneIds: [s.id],
        reminderAt: new Date(Date.now() + 3_600_000).toISOString(),
        remarks: 'call supplier',
      },
      buyer1,
    )
    await portal.sql`update stock.tracks set reminder_at = now() - interval '1 second' where stone_id = ${s.id} and track_type = 5`
    const due = await noticeOf(buyer1, 'reminder.due', (n) => n.params.stoneId === s.id)
    expect(due.params).toMatchObject({ vStnId: s.vStnId, remarks: 'call supplier' })
    // And by mail, in the reader's language, with the remarks and a link to the reminders.
    const mail = await waitFor(
      async () =>
        (await portal.mails('buyer1@demo.diamond-portal.test', 50)).find(
          (m) => m.template === 'reminder-due' && m.text.includes(s.vStnId),
        ),
      30_000,
      'the reminder mail',
    )
    expect(mail.subject).toBe(`Reminder: stone ${s.vStnId} | Diamond Portal`)
    expect(mail.text).toContain('call supplier\n\n')
    expect(mail.text).toMatch(/http:\/\/\S+\/account\/reminder/)
  })

  it('tells the others who have the stone in cart when someone holds it, never who', async () => {
    const s = take()
    await portal.call('diamond-track/create', { trackType: 1, stoneIds: [s.id] }, buyer1)
    await portal.call('diamond-track/create', { trackType: 2, stoneIds: [s.id] }, buyer2)
    expect((await portal.call('diamond/hold', { id: s.id }, buyer2)).body.code).toBe('OK')
    const taken = await noticeOf(buyer1, 'stone.taken', (n) => n.params.stoneId === s.id)
    expect(taken.params).toEqual({ stoneId: s.id, vStnId: s.vStnId, availability: 'H', how: 'held' })
    expect((await list(buyer1, 1)).list.find((r) => r.id === s.id)!.availability).toBe('H')
    expect((await notices(buyer2)).some((n) => n.kind === 'stone.taken' && n.params.stoneId === s.id)).toBe(false)
  })

  it('tells the others a stone was confirmed, and never the buyer who confirmed it', async () => {
    const s = take()
    await portal.call('diamond-track/create', { trackType: 1, stoneIds: [s.id] }, buyer1)
    await portal.call('diamond-track/create', { trackType: 2, stoneIds: [s.id] }, buyer2)
    const confirmed = await portal.call('diamond-confirm/request', { ids: [s.id], billType: 4 }, buyer2, {
      'idempotency-key': `taken-${s.id}`,
    })
    expect(confirmed.body.code).toBe('OK')
    const taken = await noticeOf(buyer1, 'stone.taken', (n) => n.params.stoneId === s.id)
    expect(taken.params).toMatchObject({ stoneId: s.id, vStnId: s.vStnId, how: 'confirmed' })
    // The consumer that told buyer1 has run: buyer2, who confirmed it, heard nothing of the kind.
    expect((await notices(buyer2)).some((n) => n.kind === 'stone.taken' && n.params.stoneId === s.id)).toBe(false)
  })
})
