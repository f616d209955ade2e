import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StockEventTypes, type StoneStatusChanged } from '@diamond/contracts/events/stock'
import { newEvent } from '@diamond/runtime'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

type Row = { id: string; vStnId: string; pairNo: string; crt: number }

/**
 * Issue 26, "match pairs match; pages never split a pair": the match pair stock page
 * (`diamond/paginate` with listType matchPair) lists pairs by the pairs call's rule (pairs.rules.ts),
 * not every stone that carries a pair number: a stone whose partner is missing or does not match is
 * not there; a matching pair's stones stand side by side, and no page splits a pair.
 */
describe('the match pair page', () => {
  let portal: TestPortal
  let buyer: string
  const stones: Record<'lone' | 'a' | 'b' | 'missA' | 'missB', string> = {} as never

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 300, env: { BIDDING_DEMO_AUCTIONS: 'false' } })
    buyer = await portal.login('buyer1')
    const free = await portal.sql<{ id: string }[]>`
      select id from stock.stones where pair_no = '' and w_sts = 'A' and lab <> 'NON-CERT' and carat > 0.3
       order by v_stn_id limit 5`
    ;[stones.lone, stones.a, stones.b, stones.missA, stones.missB] = free.map((s) => s.id) as [
      string,
      string,
      string,
      string,
      string,
    ]
    // A matching pair: b made a copy of a's grades and measurements.
    const twin = (from: string, to: string, pairNo: string, depthOff: number) => portal.sql`
      update stock.stones t set shape = f.shape, color = f.color, clarity = f.clarity, cut = f.cut, polish = f.polish,
             symmetry = f.symmetry, lab = f.lab, carat = f.carat, dep_per = f.dep_per + ${depthOff}, tbl_per = f.tbl_per,
             length = f.length, width = f.width, height = f.height, pair_no = ${pairNo}
        from stock.stones f where f.id = ${from} and t.id = ${to}`
    await portal.sql`update stock.stones set pair_no = 'ZZPAIR' where id = ${stones.a}`
    await twin(stones.a, stones.b, 'ZZPAIR', 0)
    // A pair number whose stones differ by 8 points of depth: no pair.
    await portal.sql`update stock.stones set pair_no = 'ZZMISS' where id = ${stones.missA}`
    await twin(stones.missA, stones.missB, 'ZZMISS', 8)
    // A pair number on one stone alone.
    await portal.sql`update stock.stones set pair_no = 'ZZLONE' where id = ${stones.lone}`
    // The index reads them again on a price event of a newer version (as from another instance).
    const rows = await portal.sql<{ id: string; v_stn_id: string; w_sts: string; status_version: number }[]>`
      update stock.stones set status_version = status_version + 1 where id = any(${Object.values(stones)}::uuid[])
      returning id, v_stn_id, w_sts, status_version`
    await portal.bus.publish(
      rows.map((r) =>
        newEvent<StoneStatusChanged>('stock', StockEventTypes.priced, r.id, {
          stoneId: r.id,
          vStnId: r.v_stn_id,
          wSts: r.w_sts,
          sSts: 'N',
          availability: 'A',
          statusVersion: r.status_version,
          holderId: null,
          expiresAt: null,
        }),
      ),
    )
    await waitFor(
      async () =>
        (await portal.call('diamond/paginate', { filter: { pairNo: ['ZZPAIR', 'ZZMISS', 'ZZLONE'] } }, buyer)).body.data
          .count === 5,
      15_000,
      'the index to read the pair numbers',
    )
  }, 120_000)
  afterAll(() => portal?.close())

  const pairPage = async (body: object) => {
    const r = await portal.call('diamond/paginate', { listType: 'matchPair', ...body }, buyer)
    expect(r.body.code).toBe('OK')
    return r.body.data as { list: Row[]; count: number; totals: { count: number } }
  }

  /** Each pair's stones side by side: the rows in runs of one pair number each, every run at least two. */
  function runs(list: Row[]): string[][] {
    const out: Row[][] = []
    for (const r of list) {
      const last = out.at(-1)
      if (last && last[0]!.pairNo === r.pairNo) last.push(r)
      else out.push([r])
    }
    for (const run of out) expect(run.length, run[0]!.pairNo).toBeGreaterThanOrEqual(2)
    expect(new Set(out.map((run) => run[0]!.pairNo)).size).toBe(out.length)
    return out.map((run) => run.map((r) => r.id))
  }

  it('lists a matching pair together, and neither a lone stone nor a pair number whose stones do not match', async () => {
    const mine = await pairPage({ filter: { pairNo: ['ZZPAIR', 'ZZMISS', 'ZZLONE'] } })
    expect(mine.count).toBe(2)
    expect(mine.list.map((r) => r.id).sort()).toEqual([stones.a, stones.b].sort())

    const all = await pairPage({ limit: 1000 })
    const ids = all.list.map((r) => r.id)
    expect(ids).not.toContain(stones.lone)
    expect(ids).not.toContain(stones.missA)
    expect(ids).not.toContain(stones.missB)
    expect(all.count).toBe(all.list.length)
    const pairs = runs(all.list)
    expect(pairs).toContainEqual(expect.arrayContaining([stones.a, stones.b]))
    // The same pairs as the pairs call (same rule, its default tolerance).
    const call = await portal.call('match-pair/diamond/filter', { limit: 500 }, buyer)
    expect(call.body.data.count).toBe(pairs.length)
    expect(ids.sort()).toEqual(
      (call.body.data.list as { stones: Row[] }[])
        .flatMap((p) => p.stones)
        .map((s) => s.id)
        .sort(),
    )
  })

  it('never splits a pair across pages, in any sort, and the pages together are the whole list', async () => {
    for (const sort of [undefined, [{ field: 'crt', dir: 'desc' }]]) {
      const whole = await pairPage({ limit: 1000, ...(sort ? { sort } : {}) })
      runs(whole.list)
      if (sort) {
        // Pairs in the sort's order, a pair where its first stone sorts.
        const firsts = runs(whole.list).map((p) => Math.max(...p.map((id) => whole.list.find((r) => r.id === id)!.crt)))
        expect(firsts).toEqual([...firsts].sort((x, y) => y - x))
      }
      const limit = 3
      const seen: Row[] = []
      for (let page = 1; page <= Math.ceil(whole.count / limit); page++) {
        const p = await pairPage({ limit, page, ...(sort ? { sort } : {}) })
        expect(p.count).toBe(whole.count)
        runs(p.list)
        seen.push(...p.list)
      }
      expect(seen.map((r) => r.id)).toEqual(whole.list.map((r) => r.id))
    }
  })
})
