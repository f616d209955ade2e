import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppointmentEventTypes, type AppointmentChanged } from '@diamond/contracts/events/appointments'
import { BiddingEventTypes, type LotHighChanged, type LotOpened } from '@diamond/contracts/events/bidding'
import { MemberEventTypes, type FollowChanged } from '@diamond/contracts/events/members'
import { SIZE_BRACKET_BOUNDS } from '@diamond/contracts/http/dashboard.values'
import { MemoryBus, newEvent } from '@diamond/runtime'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'
import { setLotPositions } from '../src/modules/dashboard/projections.repository'

const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as { sub: string; cid?: string }

/**
 * The dashboards through real calls on the portal: the price index kept from stock's own events
 * equals a from-scratch computation over the stones after listings, price changes, removals and
 * sales; the personal dashboard shows the caller's own holds, bids, appointments and followed
 * sellers' stones (other services' events published on the bus as they would be); prices hidden
 * for Is_NoPrice; analytics counted and read back by the stone's seller only.
 */
describe('dashboards: user/dashboard, the price index, analytics and hit counters', () => {
  // What the bus reports: a batch of events whose transaction failed is applied again one at a time
  // (the same outcome, so only this log tells that the batch path is broken).
  const busLog: string[] = []
  const bus = new MemoryBus({ log: (m) => busLog.push(m) })
  let portal: TestPortal
  let buyer1: string
  let buyer2: string
  let seller1: string
  let admin: string
  let noprice: string

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 120, bus, env: { STOCK_ANALYTICS_FLUSH_MS: '200' } })
    ;[buyer1, buyer2, seller1, admin, noprice] = (await Promise.all(
      ['buyer1', 'buyer2', 'seller1', 'admin1', 'noprice1'].map((u) => portal.login(u)),
    )) as [string, string, string, string, string]
  })
  afterAll(() => portal?.close())

  const dashboard = async (token: string, kind: 'personal' | 'global') => {
    const r = await portal.call('user/dashboard', { kind }, token)
    expect(r.body.code, JSON.stringify(r.body)).toBe('OK')
    return r.body.data
  }

  /** The index as kept (latest day row of each key) and as computed from the stones now, both exact text. */
  const kept = () => portal.sql<{ k: string }[]>`
    select concat_ws('|', shape, bracket, stones, ppc_sum::numeric(20, 0), rap_stones, back_sum::numeric(20, 2)) as k
      from (select distinct on (shape, bracket) * from stock.price_index_days
             where day <= current_date order by shape, bracket, day desc) x
     where stones <> 0 order by shape, bracket`
  const scratch = () => portal.sql<{ k: string }[]>`
    select concat_ws('|', shape, bracket, count(*), sum(ctpr_cents)::numeric(20, 0), count(*) filter (where rap_cents > 0),
             coalesce(sum(back) filter (where rap_cents > 0), 0)::numeric(20, 2)) as k
      from (select *, width_bucket(carat, ${SIZE_BRACKET_BOUNDS.map(String)}::numeric[]) as bracket
              from stock.stones where w_sts not in ('C', 'X', 'R', 'L')) s
     group by shape, bracket order by shape, bracket`
  const same = async () => {
    const [a, b] = await Promise.all([kept(), scratch()])
    return JSON.stringify(a) === JSON.stringify(b) ? { a, b } : null
  }

  it('keeps the price index equal to a from-scratch computation through listings, prices, removals and sales', async () => {
    // Built once at start from the demo stones.
    expect((await waitFor(same, 15_000, 'the built index')).a.length).toBeGreaterThan(3)

    // Listings: new stones, of shapes and sizes across brackets.
    const made: string[] = []
    for (const [i, crt] of [0.25, 0.31, 0.55, 1.02, 1.5, 2.49, 5.2].entries()) {
      const r = await portal.call(
        'diamond/create',
        {
          stoneId: `DASH-${i}`,
          shpNm: i % 2 ? 'OVAL' : 'ROUND',
          crt,
          colNm: 'E',
          clrNm: 'VS1',
          cutNm: 'EX',
          polNm: 'EX',
          symNm: 'EX',
          fluNm: 'NON',
          lbNm: 'GIA',
          locNm: 'India',
          back: -20 - i * 1.25,
        },
        admin,
      )
      expect(r.body.code, JSON.stringify(r.body)).toBe('OK')
      made.push(r.body.data.id as string)
    }
    // Price changes, twice on one stone.
    for (const [id, back] of [
      [made[0]!, -31.5],
      [made[3]!, -12.25],
      [made[3]!, -14],
    ] as const) {
      expect((await portal.call('diamond/price-update', { id, back }, admin)).body.code).toBe('OK')
    }
    // A hold (still on the market), a sale and a confirm (out of it).
    expect((await portal.call('diamond/hold', { id: made[1] }, buyer1)).body.code).toBe('OK')
    expect((await portal.call('diamond/status-update', { id: made[2], wSts: 'X' }, admin)).body.code).toBe('OK')
    expect((await portal.call('diamond/status-update', { id: made[4], wSts: 'C' }, admin)).body.code).toBe('OK')
    // A seller removes two of its stones.
    const own = (await portal.call('seller/diamond/paginate', { limit: 2 }, seller1)).body.data.list as { id: string }[]
    expect(own.length).toBe(2)
    const removed = await portal.call('seller/diamond/delete', { ids: own.map((s) => s.id) }, seller1)
    expect(removed.body.code, JSON.stringify(removed.body)).toBe('OK')
    // A price change of a removed stone moves nothing (it is out of the index).
    await portal.call('diamond/price-update', { id: own[0]!.id, back: -50 }, admin)

    const { a, b } = await waitFor(same, 20_000, 'the index to equal the from-scratch computation')
    expect(a).toEqual(b)
    // The sold stone is counted in the market's week.
    const g = (await dashboard(admin, 'global')) as { global: { listed: number; soldThisWeek: number } }
    const [{ n }] = await portal.sql<[{ n: number }]>`
      select count(*)::int as n from stock.stones where w_sts not in ('C', 'X', 'R', 'L')`
    expect(g.global.listed).toBe(n)
    expect(g.global.soldThisWeek).toBeGreaterThanOrEqual(2)
  })

  it('answers the global dashboard with the index and its series, prices hidden for Is_NoPrice', async () => {
    const shown = (await dashboard(admin, 'global')) as {
      global: {
        pricesShown: boolean
        index: { back: number | null; ppcCents: number | null; stones: number }[]
        series: unknown[]
      }
    }
    expect(shown.global.pricesShown).toBe(true)
    expect(shown.global.index.length).toBeGreaterThan(0)
    expect(shown.global.index[0]!.ppcCents).toBeGreaterThan(0)
    expect(shown.global.series.length).toBeGreaterThan(0)

    const hidden = (await dashboard(noprice, 'global')) as typeof shown
    expect(hidden.global.pricesShown).toBe(false)
    expect(hidden.global.series).toEqual([])
    for (const r of hidden.global.index) {
      expect(r.back).toBeNull()
      expect(r.ppcCents).toBeNull()
    }
    expect(JSON.stringify(hidden)).not.toMatch(/"(priceCents|ppcCents|back)":-?\d/)
  })

  it("shows the caller's own holds, bids, appointments and followed sellers' new stones", async () => {
    const me = claims(buyer2).sub
    const other = claims(buyer1).sub
    const sellerCompany = claims(seller1).cid!
    const [stone] = await portal.stones(buyer2, 1)
    expect((await portal.call('diamond/hold', { id: stone!.id }, buyer2)).body.code).toBe('OK')

    // Bidding: buyer2 leads a lot, then buyer1 outbids them on it; buyer2 leads another.
    const [l1, l2] = await portal.sql<{ id: string; v_stn_id: string }[]>`
      select id, v_stn_id from stock.stones where w_sts = 'A' order by v_stn_id desc limit 2`
    const auctionId = randomUUID()
    const lot = (s: { id: string; v_stn_id: string }) => ({
      lotId: randomUUID(),
      auctionId,
      stoneId: s.id,
      vStnId: s.v_stn_id,
    })
    const a = lot(l1!)
    const b = lot(l2!)
    const closesAt = new Date(Date.now() + 3_600_000).toISOString()
    const high = (x: typeof a, leaderId: string, prev: string | null, bidCount: number, cents: number) =>
      newEvent<LotHighChanged>('bidding', BiddingEventTypes.high, x.lotId, {
        ...x,
        pricePerCaratCents: cents,
        bidCount,
        closesAt,
        reserveMet: null,
        leaderId,
        previousLeaderId: prev,
      })
    await bus.publish([
      newEvent<LotOpened>('bidding', BiddingEventTypes.opened, a.lotId, {
        lotId: a.lotId,
        auctionId,
        stoneId: a.stoneId,
      }),
      newEvent<LotOpened>('bidding', BiddingEventTypes.opened, b.lotId, {
        lotId: b.lotId,
        auctionId,
        stoneId: b.stoneId,
      }),
      high(a, me, null, 1, 500_000),
      high(a, other, me, 2, 510_000),
      high(b, me, null, 1, 700_000),
    ])
    // An appointment of buyer2's, and one of buyer1's (not shown to buyer2).
    const appointment = (buyerId: string): AppointmentChanged => ({
      appointmentId: randomUUID(),
      buyerId,
      salesPersonId: randomUUID(),
      salesPersonUserId: null,
      officeId: randomUUID(),
      officeName: 'Mumbai BKC',
      timeZone: 'Asia/Kolkata',
      cabinId: null,
      cabinName: null,
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 90_000_000).toISOString(),
      virtual: false,
      purpose: 'viewing',
      stoneIds: [],
      status: 'booked',
      version: 1,
      by: buyerId,
      byRole: 'buyer',
    })
    const mine = appointment(me)
    await bus.publish([
      newEvent('appointments', AppointmentEventTypes.booked, mine.appointmentId, mine),
      newEvent('appointments', AppointmentEventTypes.booked, randomUUID(), appointment(other)),
      newEvent<FollowChanged>('auth', MemberEventTypes.followChanged, sellerCompany, {
        userId: me,
        companyId: sellerCompany,
        following: true,
      }),
    ])

    type Personal = {
      at: string
      personal: {
        holds: { count: number; list: { stoneId: string; expiresAt: string }[] }
        bids: { leading: number; outbid: number; list: { lotId: string; state: string; highCents: number | null }[] }
        appointments: { count: number; list: { appointmentId: string }[] }
        followed: { count: number; list: { stoneId: string; companyName: string }[] }
        seller: unknown
      }
    }
    const p = await waitFor(
      async () => {
        const d = (await dashboard(buyer2, 'personal')) as Personal
        return d.personal.bids.outbid === 1 &&
          d.personal.bids.leading === 1 &&
          d.personal.appointments.count === 1 &&
          d.personal.followed.count > 0
          ? d
          : null
      },
      15_000,
      "buyer2's bids, appointment and follow on the dashboard",
    )
    expect(p.personal.holds.list.map((h) => h.stoneId)).toContain(stone!.id)
    expect(Date.parse(p.personal.holds.list[0]!.expiresAt)).toBeGreaterThan(Date.parse(p.at))
    expect(p.personal.bids).toMatchObject({ leading: 1, outbid: 1 })
    expect(p.personal.bids.list.find((x) => x.lotId === a.lotId)).toMatchObject({ state: 'outbid', highCents: 510_000 })
    expect(p.personal.appointments.list[0]!.appointmentId).toBe(mine.appointmentId)
    expect(p.personal.followed.list[0]!.companyName).toBe('Shah Diamonds')
    expect(p.personal.seller).toBeNull()

    // Unfollowing empties the card; buyer1 sees none of buyer2's hold.
    await bus.publish([
      newEvent<FollowChanged>('auth', MemberEventTypes.followChanged, sellerCompany, {
        userId: me,
        companyId: sellerCompany,
        following: false,
      }),
    ])
    await waitFor(async () => ((await dashboard(buyer2, 'personal')) as Personal).personal.followed.count === 0)
    const theirs = (await dashboard(buyer1, 'personal')) as Personal
    expect(theirs.personal.holds.list.map((h) => h.stoneId)).not.toContain(stone!.id)
    expect(theirs.personal.appointments.list.map((x) => x.appointmentId)).not.toContain(mine.appointmentId)
  })

  it('applies a run of highs as one batch: prices, bid counts and positions as one at a time would leave them', async () => {
    const stonesOf = await portal.sql<{ id: string; v_stn_id: string }[]>`
      select id, v_stn_id from stock.stones where w_sts = 'A' order by v_stn_id desc offset 5 limit 3`
    const auctionId = randomUUID()
    const lots = stonesOf.map((s) => ({ lotId: randomUUID(), auctionId, stoneId: s.id, vStnId: s.v_stn_id }))
    const bidders = [randomUUID(), randomUUID(), randomUUID(), randomUUID()]
    const closesAt = new Date(Date.now() + 3_600_000).toISOString()
    const hitsOf = async () =>
      new Map(
        (
          await portal.sql<{ stone_id: string; bids: number }[]>`
            select stone_id, sum(bids)::int as bids from stock.stone_hits
             where stone_id in ${portal.sql(lots.map((l) => l.stoneId))} group by stone_id`
        ).map((r) => [r.stone_id, r.bids]),
      )
    const before = await hitsOf()
    await bus.publish(
      lots.map((l) =>
        newEvent<LotOpened>('bidding', BiddingEventTypes.opened, l.lotId, {
          lotId: l.lotId,
          auctionId,
          stoneId: l.stoneId,
        }),
      ),
    )
    await waitFor(async () => {
      const [r] = await portal.sql<{ n: number }[]>`
        select count(*)::int as n from stock.dash_lots where lot_id in ${portal.sql(lots.map((l) => l.lotId))}`
      return r!.n === lots.length
    })
    // Ten highs a lot in two runs of five, the lots interleaved, bidders taking turns; each run one
    // publish, so each partition's consumer takes it as one batch (the second run meets lots that
    // already count five bids). Lot k's last leader is bidders[(9 + k) % 4].
    const run = (from: number) => {
      const highs = []
      for (let n = from; n < from + 5; n++)
        for (const [k, l] of lots.entries())
          highs.push(
            newEvent<LotHighChanged>('bidding', BiddingEventTypes.high, l.lotId, {
              ...l,
              pricePerCaratCents: 100_000 * (k + 1) + 1_000 * n,
              bidCount: n,
              closesAt,
              reserveMet: null,
              leaderId: bidders[(n - 1 + k) % 4]!,
              previousLeaderId: n === 1 ? null : bidders[(n - 2 + k) % 4]!,
            }),
          )
      return highs
    }
    const counted = (n: number) => async () => {
      const rows = await portal.sql<{ bid_count: number }[]>`
        select bid_count from stock.dash_lots where lot_id in ${portal.sql(lots.map((l) => l.lotId))}`
      return rows.length === lots.length && rows.every((r) => r.bid_count === n)
    }
    await bus.publish(run(1))
    await waitFor(counted(5), 15_000, 'the lots at their fifth bid')
    await bus.publish(run(6))
    const key = (r: { lot_id: string; user_id: string; state: string }) => `${r.lot_id} ${r.user_id} ${r.state}`
    const expected = lots
      .flatMap((l, k) =>
        bidders.map((b) => ({ lot_id: l.lotId, user_id: b, state: b === bidders[(9 + k) % 4] ? 'leading' : 'outbid' })),
      )
      .map(key)
      .sort()
    await waitFor(counted(10), 15_000, 'the lots at their tenth bid')
    const lotsNow = await portal.sql<{ lot_id: string; high_cents: string }[]>`
      select lot_id, high_cents::text from stock.dash_lots where lot_id in ${portal.sql(lots.map((l) => l.lotId))}`
    for (const [k, l] of lots.entries())
      expect(lotsNow.find((r) => r.lot_id === l.lotId)?.high_cents).toBe(String(100_000 * (k + 1) + 10_000))
    const positions = await portal.sql<{ lot_id: string; user_id: string; state: string }[]>`
      select lot_id, user_id, state from stock.dash_bids where lot_id in ${portal.sql(lots.map((l) => l.lotId))}`
    expect(positions.map(key).sort()).toEqual(expected)
    const after = await hitsOf()
    for (const l of lots) expect((after.get(l.stoneId) ?? 0) - (before.get(l.stoneId) ?? 0)).toBe(10)
    // Applied as batches, not event by event after a failed batch.
    expect(busLog.filter((m) => m.includes('failed'))).toEqual([])
  })

  it('counts each bid once when highs arrive one at a time', async () => {
    const [s] = await portal.sql<{ id: string; v_stn_id: string }[]>`
      select id, v_stn_id from stock.stones where w_sts = 'A' order by v_stn_id desc offset 9 limit 1`
    const l = { lotId: randomUUID(), auctionId: randomUUID(), stoneId: s!.id, vStnId: s!.v_stn_id }
    const bids = async () =>
      (
        await portal.sql<{ n: number }[]>`
          select coalesce(sum(bids), 0)::int as n from stock.stone_hits where stone_id = ${l.stoneId}::uuid`
      )[0]!.n
    const before = await bids()
    const [a, b] = [randomUUID(), randomUUID()]
    for (let n = 1; n <= 4; n++) {
      await bus.publish([
        newEvent<LotHighChanged>('bidding', BiddingEventTypes.high, l.lotId, {
          ...l,
          pricePerCaratCents: 100_000 + n,
          bidCount: n,
          closesAt: new Date(Date.now() + 3_600_000).toISOString(),
          reserveMet: null,
          leaderId: n % 2 ? a : b,
          previousLeaderId: n === 1 ? null : n % 2 ? b : a,
        }),
      ])
      await waitFor(async () => {
        const [r] = await portal.sql<
          { n: number }[]
        >`select bid_count as n from stock.dash_lots where lot_id = ${l.lotId}::uuid`
        return r?.n === n
      })
    }
    expect((await bids()) - before).toBe(4)
  })

  it('writes positions of any batch size with one prepared statement, a bidder moved from leading to outbid', async () => {
    const lots: string[] = [randomUUID(), randomUUID()]
    const users: string[] = [randomUUID(), randomUUID(), randomUUID()]
    const prepared = await portal.sql.begin(async (tx) => {
      await setLotPositions(tx, [{ lotId: lots[0]!, userId: users[0]!, state: 'leading' }])
      await setLotPositions(tx, [
        { lotId: lots[0]!, userId: users[0]!, state: 'outbid' },
        { lotId: lots[0]!, userId: users[1]!, state: 'leading' },
      ])
      await setLotPositions(
        tx,
        users.map((userId, i) => ({ lotId: lots[1]!, userId, state: i === 2 ? 'leading' : 'outbid' })),
      )
      // Prepared statements are the session's own: this transaction's connection made them all (this
      // query is one of them too, hence the second condition).
      return tx<{ n: number }[]>`
        select count(*)::int as n from pg_prepared_statements
         where statement like '%insert into "stock"."dash_bids"%' and statement not like '%pg_prepared_statements%'`
    })
    expect(prepared[0]!.n).toBe(1)
    const rows = await portal.sql<{ lotId: string; userId: string; state: string }[]>`
      select lot_id as "lotId", user_id as "userId", state from stock.dash_bids where lot_id in ${portal.sql(lots)}`
    const at = (list: readonly string[], id: string) => list.indexOf(id)
    const seen = rows.map((r) => `${at(lots, r.lotId)}:${at(users, r.userId)}:${r.state}`).sort()
    expect(seen).toEqual(['0:0:outbid', '0:1:leading', '1:0:outbid', '1:1:outbid', '1:2:leading'])
    await portal.sql`delete from stock.dash_bids where lot_id in ${portal.sql(lots)}`
  })

  it('refuses a kind it does not know, naming the field, and a call without a token', async () => {
    const r = await portal.call('user/dashboard', { kind: 'everything' }, buyer1)
    expect(r.body.code).toBe('E_VALIDATION')
    expect(JSON.stringify(r.body.data)).toContain('kind')
    expect((await portal.call('user/dashboard', { kind: 'personal' })).body.code).toBe('E_UNAUTHORIZED')
  })

  it("counts stone views and searches, read back by the stone's seller and staff only", async () => {
    // One of seller1's stones in live stock: the seller's own list is newest change first, and the first
    // test's last changes sold some (a view of a sold stone is not found).
    const [own] = await portal.sql<{ id: string }[]>`
      select id from stock.stones
       where seller_company_id = ${claims(seller1).cid!}::uuid and w_sts = 'A' order by v_stn_id limit 1`
    const view = (token: string, stoneId?: string) =>
      portal.call('analytics/create', { kind: 'view', ...(stoneId ? { stoneId } : {}) }, token)
    expect((await view(buyer1, own!.id)).body.data).toEqual({ accepted: true })
    // The same user's view again in one flush window counts once.
    expect((await view(buyer1, own!.id)).body.data).toEqual({ accepted: false })
    expect((await view(buyer2, own!.id)).body.data).toEqual({ accepted: true })
    expect((await portal.call('analytics/create', { kind: 'search' }, buyer1)).body.code).toBe('OK')

    const bad = await view(buyer1)
    expect(bad.body.code).toBe('E_VALIDATION')
    expect(JSON.stringify(bad.body.data)).toContain('stoneId')
    expect((await view(buyer1, randomUUID())).body.code).toBe('E_NOT_FOUND')

    const hits = await waitFor(async () => {
      const r = await portal.call('hit-counter/paginate', { stoneId: own!.id }, seller1)
      expect(r.body.code, JSON.stringify(r.body)).toBe('OK')
      return r.body.data.totals.views >= 2 ? r.body.data : null
    })
    expect(hits.list[0]).toMatchObject({ stoneId: own!.id, views: 2 })
    const seller = (await dashboard(seller1, 'personal')) as { personal: { seller: { views: number } | null } }
    expect(seller.personal.seller?.views).toBeGreaterThanOrEqual(2)

    // A buyer reads no counters; a seller reads no other seller's stone; staff read all.
    expect((await portal.call('hit-counter/paginate', {}, buyer1)).body.code).toBe('E_FORBIDDEN')
    const [house] = await portal.sql<{ id: string }[]>`
      select id from stock.stones where seller_company_id is distinct from ${claims(seller1).cid!}::uuid limit 1`
    expect((await portal.call('hit-counter/paginate', { stoneId: house!.id }, seller1)).body.code).toBe('E_NOT_FOUND')
    const staff = await portal.call('hit-counter/paginate', {}, admin)
    expect(staff.body.data.totals.views).toBeGreaterThanOrEqual(2)
  })
})
