import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { StockEventTypes, StockTopics, type StoneStatusChanged } from '@diamond/contracts/events/stock'
import { MemoryBus, newEvent } from '@diamond/runtime'
import type { LocalPostgres } from '@diamond/runtime/pg-server'
import { startPortalOnOwnPostgres, waitFor, type TestPortal } from '../../../test/portal'

// The portal on a PostgreSQL of its own (as `npm start` runs it), whose server is killed under it.
describe('when PostgreSQL dies under a running portal', () => {
  let own: Awaited<ReturnType<typeof startPortalOnOwnPostgres>>
  let pg: LocalPostgres
  let portal: TestPortal
  const bus = new MemoryBus()

  beforeAll(async () => {
    own = await startPortalOnOwnPostgres('recovery', { stones: 60, bus })
    ;({ pg, portal } = own)
  })
  afterAll(() => own?.close())

  const health = () =>
    fetch(`${portal.base}/web/v1/health`).then(
      (r) => r.status,
      () => 0,
    )

  it('says not ready while it is down, then serves searches and holds again, and publishes their events', async () => {
    const token = await portal.login('buyer1')
    const events: AnyEvent[] = []
    await bus.subscribe({
      group: 'recovery-test',
      topics: [StockTopics.stone],
      fromBeginning: false,
      handler: (e) => Promise.resolve(void events.push(e)),
    })
    const [first, second] = await portal.stones(token, 2)
    expect((await portal.call('diamond/hold', { id: first!.id }, token)).body.code).toBe('OK')
    const held = await waitFor(
      () =>
        events.find((e) => e.type === StockEventTypes.held && (e.data as { stoneId: string }).stoneId === first!.id),
      15_000,
      'the first hold event',
    )
    expect(await health()).toBe(200)

    // A price changed by another instance, whose event reaches this one while the database is down.
    const [repriced] = await portal.sql<{ id: string; v_stn_id: string; w_sts: string; status_version: number }[]>`
      update stock.stones set back = -3.25, amt_cents = round(rap_cents * 0.9675), status_version = status_version + 1
       where id = (select id from stock.stones where rap_cents > 0 and w_sts = 'A' and id <> all(${[first!.id, second!.id]}::uuid[]) order by v_stn_id desc limit 1)
      returning id, v_stn_id, w_sts, status_version`
    const priced = newEvent<StoneStatusChanged>('stock', StockEventTypes.priced, repriced!.id, {
      stoneId: repriced!.id,
      vStnId: repriced!.v_stn_id,
      wSts: repriced!.w_sts,
      sSts: 'N',
      availability: 'A',
      statusVersion: repriced!.status_version,
      holderId: null,
      expiresAt: null,
    })

    const killed = pg.pid!
    process.kill(killed, 'SIGKILL')
    await waitFor(async () => (await health()) === 503, 30_000, 'health to say not ready')
    // An event a consumer takes while the database is down waits for it (it is not dead-lettered).
    const during = { ...held, id: randomUUID() }
    await bus.publish([during, priced])

    await waitFor(async () => (await health()) === 200, 120_000, 'health to say ready again')
    expect(pg.pid).not.toBe(killed)
    const search = await portal.call('diamond/paginate', { page: 1, limit: 5, filter: { availability: ['A'] } }, token)
    expect(search.body.code).toBe('OK')
    expect(search.body.data.list.length).toBeGreaterThan(0)
    expect((await portal.call('diamond/hold', { id: second!.id }, token)).body.code).toBe('OK')
    await waitFor(
      () =>
        events.some((e) => e.type === StockEventTypes.held && (e.data as { stoneId: string }).stoneId === second!.id),
      30_000,
      'the second hold event',
    )

    await waitFor(
      async () =>
        (
          await portal.sql`select 1 from notifications.consumed_events where consumer = 'notifications.inbox' and event_id = ${during.id}`
        ).length === 1,
      30_000,
      'the event taken during the outage to be applied',
    )
    expect(bus.deadLetters(StockTopics.stone)).toEqual([])
    // The index read that failed during the outage was tried again.
    const repricedFound = async () =>
      (
        await portal.call(
          'diamond/paginate',
          { filter: { ids: [repriced!.id], back: { from: -3.25, to: -3.25 } } },
          token,
        )
      ).body.data.count
    await waitFor(async () => (await repricedFound()) === 1, 30_000, 'the new price to reach the index')
    // Every service's relay listens again (postgres.js gave up on the channel while the server was down).
    const channels = async () =>
      (
        await portal.sql<
          { query: string }[]
        >`select distinct query from pg_stat_activity where query like 'listen "outbox_%'`
      )
        .map((r) => r.query)
        .sort()
        .join()
    const all = ['appointments', 'auth', 'bidding', 'notifications', 'stock'].map((s) => `listen "outbox_${s}"`).join()
    await waitFor(async () => (await channels()) === all, 30_000, 'every relay to listen again')
  })
})
