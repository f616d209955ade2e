import fastJson from 'fast-json-stringify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Envelope } from '@diamond/contracts/common'
import { QuickSearchResult, StonePage } from '@diamond/contracts/http/stock'
import { startTestPortal, type TestPortal } from '../../../test/portal'

const PRICE_FIELDS = ['rap', 'back', 'amt', 'ctPr', 'rapAvg', 'fnDis', 'fnAmt', 'fnCtpr']
type Row = Record<string, unknown> & {
  id: string
  vStnId: string
  availability: string
  crt: number
  shpNm: string
  colNm: string
  categories: number[]
  arrivedAt: string
}

describe('stock search through the portal', () => {
  let portal: TestPortal
  let buyer: string
  let buyer2: string
  let noprice: string
  let sales: string

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 600, env: { STOCK_SEARCH_LIMIT: '400' } })
    ;[buyer, buyer2, noprice, sales] = await Promise.all([
      portal.login('buyer1'),
      portal.login('buyer2'),
      portal.login('noprice1'),
      portal.login('sales1'),
    ])
  })
  afterAll(() => portal?.close())

  const search = (body: unknown, token = buyer) => portal.call('diamond/paginate', body, token)
  /** Available stones of a few sizes: a search that stays under this file's small result limit. */
  const available = async (n: number) =>
    (await search({ filter: { availability: ['A'], crt: { to: 0.5 } }, limit: n })).body.data.list as Row[]

  it('filters, sorts, pages and totals the whole result, with facets', async () => {
    const r = await search({
      filter: { shpNm: ['ROUND'], crt: { from: 0.3, to: 1.5 } },
      sort: [{ field: 'crt', dir: 'desc' }],
      limit: 20,
      facets: true,
    })
    expect(r.body.code).toBe('OK')
    const { list, count, totals, facets, resultLimit } = r.body.data as {
      list: Row[]
      count: number
      totals: Record<string, number>
      facets: Record<string, Record<string, number>>
      resultLimit: number
    }
    expect(resultLimit).toBe(400)
    expect(list).toHaveLength(20)
    expect(count).toBeGreaterThan(20)
    expect(list.every((s) => s.shpNm === 'ROUND' && s.crt >= 0.3 && s.crt <= 1.5)).toBe(true)
    expect(list.map((s) => s.crt)).toEqual([...list.map((s) => s.crt)].sort((a, b) => b - a))
    expect(totals.count).toBe(count)
    expect(totals.crt).toBeGreaterThan(list.reduce((a, s) => a + s.crt, 0))
    // The shape group is counted without its own choice: every shape in the carat band, from PostgreSQL.
    const shapes = await portal.sql<{ shape: string; n: number }[]>`
      select shape, count(*)::int as n from stock.stones where carat between 0.3 and 1.5 group by shape`
    expect(facets.shpNm).toEqual(Object.fromEntries(shapes.map((x) => [x.shape, x.n])))
    expect(facets.shpNm!.ROUND).toBe(count)
    // Every stone has a clarity; fancy colours have no white colour grade, so colNm counts fewer.
    expect(Object.values(facets.clrNm!).reduce((a, b) => a + b, 0)).toBe(count)
    expect(Object.values(facets.colNm!).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(count)
    const [db] =
      await portal.sql`select count(*)::int as n, sum(ctpr_cents)::float8 as amount from stock.stones where shape = 'ROUND' and carat between 0.3 and 1.5`
    expect(count).toBe(db!.n)
    expect(totals.ctPr).toBeCloseTo(db!.amount / 100, 2)
  })

  it('says how many a search finds, and asks to narrow one that finds too many', async () => {
    const counted = await search({ filter: { lbNm: ['GIA', 'IGI', 'HRD'] }, countOnly: true, facets: true })
    expect(counted.body.code).toBe('OK')
    expect(counted.body.data.list).toEqual([])
    expect(counted.body.data.count).toBeGreaterThan(400)
    const tooMany = await search({ filter: { lbNm: ['GIA', 'IGI', 'HRD'] } })
    expect(tooMany).toMatchObject({
      status: 422,
      body: {
        code: 'E_SEARCH_LIMIT',
        message: 'Please narrow your search, as result is > 400 Diamonds',
        data: { limit: 400 },
      },
    })
    // Browsing all stock is not a search: it pages without the limit.
    expect((await search({ page: 2, limit: 250 })).body.data.list).toHaveLength(250)
  })

  it('shows a hold to the very next search, and its release', async () => {
    const [stone] = await available(1)
    const before = (await search({ filter: { availability: ['H'] }, countOnly: true })).body.data.count as number
    expect((await portal.call('diamond/hold', { id: stone!.id }, buyer)).body.code).toBe('OK')
    const held = await search({ filter: { availability: ['H'] } }, buyer2)
    expect(held.body.data.count).toBe(before + 1)
    expect((held.body.data.list as Row[]).find((s) => s.id === stone!.id)).toMatchObject({
      availability: 'H',
      heldByMe: false,
      sgiHold: true,
    })
    await portal.call('diamond/hold/release', { id: stone!.id }, buyer)
    expect((await search({ filter: { ids: [stone!.id], availability: ['A'] } }, buyer2)).body.data.count).toBe(1)
  })

  it('shows a staff price change and memo to the next search, as events', async () => {
    const [stone] = (await search({ filter: { lbNm: ['GIA'], isFcCol: false, availability: ['A'] }, limit: 1 })).body
      .data.list as Row[]
    const priced = await portal.call('diamond/price-update', { id: stone!.id, back: -12.5 }, sales)
    expect(priced.body.code).toBe('OK')
    const found = (await search({ filter: { ids: [stone!.id], back: { from: -12.5, to: -12.5 } } })).body.data
      .list as Row[]
    expect(found).toHaveLength(1)
    expect(found[0]!.amt).toBe(Math.round((found[0]!.rap as number) * 87.5) / 100)
    expect((await portal.call('diamond/status-update', { id: stone!.id, wSts: 'M' }, sales)).body.code).toBe('OK')
    expect(((await search({ filter: { ids: [stone!.id] } })).body.data.list as Row[])[0]).toMatchObject({
      availability: 'M',
      sgiMemo: true,
    })
    const events = await portal.sql`select type from stock.outbox where key = ${stone!.id} order by seq`
    expect(events.map((e) => e.type)).toEqual(['stock.stone.priced', 'stock.stone.memo'])
    // A buyer has no staff rights.
    expect((await portal.call('diamond/status-update', { id: stone!.id, wSts: 'A' }, buyer)).status).toBe(403)
    expect((await portal.call('diamond/price-update', { id: stone!.id, back: -1 }, buyer)).status).toBe(403)
  })

  it('finds a stone added by staff at once, among the new arrivals, as an event', async () => {
    const stone = {
      stoneId: 'NEW-1',
      certNo: '7788990011',
      shpNm: 'OVAL',
      crt: 1.23,
      colNm: 'E',
      clrNm: 'VS1',
      cutNm: 'NON',
      polNm: 'EX',
      symNm: 'EX',
      fluNm: 'NON',
      lbNm: 'GIA',
      locNm: 'Belgium',
      back: -20,
      length: 8.1,
      width: 5.9,
      height: 3.6,
    }
    const created = await portal.call('diamond/create', stone, sales)
    expect(created.body).toMatchObject({ code: 'OK', data: { availability: 'A', statusVersion: 0 } })
    const arrivals = (await search({ listType: 'newArrival', filter: { stoneIds: ['7788990011'] } })).body.data
      .list as Row[]
    expect(arrivals).toHaveLength(1)
    expect(arrivals[0]).toMatchObject({
      vStnId: created.body.data.vStnId,
      shpNm: 'OVAL',
      crt: 1.23,
      back: -20,
      ratio: 1.37,
      categories: [2],
    })
    expect(arrivals[0]!.amt).toBe(Math.round((arrivals[0]!.rap as number) * 80) / 100)
    const events = await portal.sql`select type from stock.outbox where key = ${created.body.data.id}`
    expect(events.map((e) => e.type)).toEqual(['stock.stone.arrived'])
    expect(
      (await portal.call('diamond/create', { ...stone, shpNm: 'TRIANGLE' }, sales)).body.data.fields[0].field,
    ).toBe('shpNm')
    expect((await portal.call('diamond/create', stone, buyer)).status).toBe(403)
  })

  it('finds stones by stone number, report number or seller number, in quick search too', async () => {
    const [a, b] = (await search({ filter: { lbNm: ['GIA'], shpNm: ['ROUND'] }, limit: 2 })).body.data.list as Row[]
    const byIds = await search({ filter: { stoneIds: [a!.vStnId, String(b!.certNo).toLowerCase(), 'NOPE-1'] } })
    expect((byIds.body.data.list as Row[]).map((s) => s.id).sort()).toEqual([a!.id, b!.id].sort())
    const quick = await portal.call('diamond/quick-search', { search: `${a!.vStnId}, ${b!.vStnId}` }, buyer)
    expect(quick.body.data.count).toBe(2)
    const words = await portal.call('diamond/quick-search', { search: 'round 1-1.5 G VS1 GIA' }, buyer)
    expect(words.body.data.filter).toEqual({
      shpNm: ['ROUND'],
      colNm: ['G'],
      clrNm: ['VS1'],
      lbNm: ['GIA'],
      crt: { from: 1, to: 1.5 },
    })
    expect((words.body.data.list as Row[]).every((s) => s.shpNm === 'ROUND' && s.colNm === 'G')).toBe(true)
  })

  it("writes its pages with nothing the schema's own serializer would leave out or write otherwise", async () => {
    // The search routes answer with JSON.stringify (search.routes.ts); the schema's compiled
    // serializer drops properties it does not name and writes each value as its type says.
    const asSchema = (schema: object) => {
      const write = fastJson(Envelope(schema as typeof StonePage) as never)
      return (body: unknown) => JSON.parse(write(body)) as unknown
    }
    const page = asSchema(StonePage)
    const quick = asSchema(QuickSearchResult)
    const answers = [
      [page, await search({ limit: 20, facets: true, sort: [{ field: 'amt', dir: 'desc' }] })],
      [page, await search({ limit: 20, facets: true }, noprice)],
      [page, await search({ listType: 'newArrival', limit: 20 }, sales)],
      [page, await portal.call('diamond/exclusive-search/list', { limit: 20 }, sales)],
      [quick, await portal.call('diamond/quick-search', { search: 'round 1-1.5 GIA' }, buyer)],
      [quick, await portal.call('diamond/quick-search', { search: 'oval' }, noprice)],
    ] as const
    for (const [schema, r] of answers) {
      expect(r.status).toBe(200)
      expect((r.body.data.list as Row[]).length).toBeGreaterThan(0)
      expect(schema(r.body)).toEqual(r.body)
    }
  })

  it('answers each stock page from the stones themselves', async () => {
    const page = async (listType: string, token = buyer) =>
      (await search({ listType, limit: 1000 }, token)).body.data as { list: Row[]; count: number }
    const arrivals = await page('newArrival')
    expect(arrivals.count).toBeGreaterThan(0)
    const weekAgo = Date.now() - 7 * 86_400_000
    expect(arrivals.list.every((s) => Date.parse(s.arrivedAt) >= weekAgo && s.categories.includes(2))).toBe(true)
    expect(arrivals.list.map((s) => s.arrivedAt)).toEqual([...arrivals.list.map((s) => s.arrivedAt)].sort().reverse())
    expect((await page('exclusive')).list.every((s) => s.categories.includes(11))).toBe(true)
    expect((await page('upcoming')).list.every((s) => s.availability === 'U')).toBe(true)
    expect((await page('fancy')).list.every((s) => s.isFcCol && s.fcColDesc !== '')).toBe(true)
    expect((await page('nonCertified')).list.every((s) => s.lbNm === 'NON-CERT')).toBe(true)
    const parcels = await page('parcel')
    expect(parcels.count).toBeGreaterThan(0)
    expect(parcels.list.every((s) => (s.pcs as number) > 1)).toBe(true)
    expect((await page('collection')).list.every((s) => s.crt >= 2 && ['D', 'E', 'F'].includes(s.colNm))).toBe(true)
    const deals = await page('dealOfDay')
    expect(deals.count).toBe(50)
    expect(deals.list.every((s) => s.availability === 'A')).toBe(true)
    const day = await page('stoneOfDay')
    expect(day.count).toBe(1)
    // A stone worth showing (categories.rules.ts STONE_OF_DAY_RULE): certified, a sensible size and grade.
    const [star] = day.list as [Row]
    expect(star.availability).toBe('A')
    expect(star.lbNm).not.toBe('NON-CERT')
    expect(star.crt).toBeGreaterThanOrEqual(0.7)
    expect(star.crt).toBeLessThanOrEqual(5)
    expect(['D', 'E', 'F', 'G', 'H']).toContain(star.colNm)
    expect(['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2']).toContain(star.clrNm)
    expect(['EX', 'VG']).toContain(star.polNm)
    expect(['EX', 'VG']).toContain(star.symNm)
    expect((await page('stoneOfDay', buyer2)).list[0]!.id).toBe(day.list[0]!.id)
    const pairs = await portal.call(
      'match-pair/diamond/filter',
      {
        filter: { shpNm: ['ROUND', 'OVAL', 'PEAR', 'CUSHION', 'EMERALD', 'PRINCESS', 'RADIANT', 'MARQUISE', 'HEART'] },
      },
      buyer,
    )
    expect(pairs.body.data.count).toBeGreaterThan(0)
    for (const p of pairs.body.data.list as { pairNo: string; stones: Row[] }[]) {
      expect(p.stones).toHaveLength(2)
      const [a, b] = p.stones as [Row, Row]
      // Pairs match (pairs.rules.ts): one shape, colour, clarity and make; depth and table within a point.
      for (const k of ['shpNm', 'colNm', 'clrNm', 'cutNm', 'polNm', 'symNm'] as const) expect(a[k], k).toBe(b[k])
      expect(Math.abs(Number(a.depPer) - Number(b.depPer))).toBeLessThanOrEqual(1)
      expect(Math.abs(Number(a.tblPer) - Number(b.tblPer))).toBeLessThanOrEqual(1)
      expect(p.stones.every((s) => s.pairNo === p.pairNo)).toBe(true)
    }

    // A member's match pair settings: only pairs this alike, checked stone by stone.
    const CLARITIES = ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2', 'I1']
    const tolerance = { caratDiffPct: 2, colorSteps: 0, claritySteps: 1, sameLab: true }
    const all = pairs.body.data.list as { pairNo: string; stones: Row[] }[]
    const alike = (p: { stones: Row[] }) => {
      const [a, b] = p.stones as [Row, Row]
      const small = Math.min(a.crt, b.crt)
      return (
        ((Math.max(a.crt, b.crt) - small) / small) * 100 <= 2 + 1e-9 &&
        a.colNm === b.colNm && // colorSteps 0
        (CLARITIES.includes(String(a.clrNm)) && CLARITIES.includes(String(b.clrNm))
          ? Math.abs(CLARITIES.indexOf(String(a.clrNm)) - CLARITIES.indexOf(String(b.clrNm))) <= 1
          : a.clrNm === b.clrNm) &&
        a.lbNm === b.lbNm
      )
    }
    const strict = await portal.call(
      'match-pair/diamond/filter',
      {
        filter: { shpNm: ['ROUND', 'OVAL', 'PEAR', 'CUSHION', 'EMERALD', 'PRINCESS', 'RADIANT', 'MARQUISE', 'HEART'] },
        tolerance,
        limit: 500,
      },
      buyer,
    )
    expect(strict.body.code).toBe('OK')
    const kept = strict.body.data.list as { pairNo: string; stones: Row[] }[]
    expect(kept.every(alike)).toBe(true)
    if (all.length === pairs.body.data.count)
      expect(kept.map((p) => p.pairNo).sort()).toEqual(
        all
          .filter(alike)
          .map((p) => p.pairNo)
          .sort(),
      )
    expect(strict.body.data.count).toBeLessThanOrEqual(pairs.body.data.count)
    const bad = await portal.call('match-pair/diamond/filter', { tolerance: { ...tolerance, caratDiffPct: 99 } }, buyer)
    expect(bad.body).toMatchObject({ code: 'E_VALIDATION', data: { fields: [{ field: 'tolerance.caratDiffPct' }] } })
  })

  it('curates: browsing everything is no recent search nor a suggestion; quick and match-pair searches are recent', async () => {
    const who = await portal.login('admin1')
    const recents = async () =>
      (await portal.call('diamond/search/list', { searchType: 2 }, who)).body.data as {
        list: { filter: Record<string, unknown> }[]
        count: number
      }
    // "All stones": the whole stock browsed from an empty form.
    expect((await portal.call('diamond/search/upsert', { searchType: 2, filter: {} }, who)).body.code).toBe('OK')
    expect((await recents()).count).toBe(0)
    const all = (await search({ countOnly: true }, who)).body.data.count as number
    const suggested = (await search({ listType: 'suggested' }, who)).body.data as { count: number; list: Row[] }
    expect(suggested.count).toBeGreaterThan(0)
    expect(suggested.count).toBeLessThanOrEqual(50)
    expect(suggested.count).toBeLessThan(all)

    expect((await portal.call('diamond/quick-search', { search: 'round 1.01 G' }, who)).body.code).toBe('OK')
    expect((await recents()).list[0]!.filter).toMatchObject({ shpNm: ['ROUND'], colNm: ['G'] })
    expect((await portal.call('match-pair/diamond/filter', { filter: { shpNm: ['OVAL'] } }, who)).body.code).toBe('OK')
    expect((await recents()).list[0]!.filter).toEqual({ shpNm: ['OVAL'] })
    expect((await recents()).count).toBe(2)
  })

  it('suggests stock like the last search, and keeps saved and recent searches per user', async () => {
    const recent = await portal.call('diamond/search/upsert', { searchType: 2, filter: { shpNm: ['PEAR'] } }, buyer)
    expect(recent.body.code).toBe('OK')
    const again = await portal.call('diamond/search/upsert', { searchType: 2, filter: { shpNm: ['PEAR'] } }, buyer)
    expect(again.body.data.id).toBe(recent.body.data.id)
    const suggested = (await search({ listType: 'suggested' })).body.data.list as Row[]
    expect(suggested.length).toBeGreaterThan(0)
    expect(suggested.every((s) => s.shpNm === 'PEAR' && s.availability === 'A')).toBe(true)

    expect((await portal.call('diamond/search/upsert', { filter: { shpNm: ['OVAL'] } }, buyer)).body).toMatchObject({
      code: 'E_VALIDATION',
      data: { fields: [{ field: 'title' }] },
    })
    const saved = await portal.call(
      'diamond/search/upsert',
      { title: 'Ovals for Antwerp', filter: { shpNm: ['OVAL'], crt: { from: 1 } } },
      buyer,
    )
    expect(saved.body.data).toMatchObject({ title: 'Ovals for Antwerp', searchType: 1 })
    expect(saved.body.data.count).toBe(
      (await search({ filter: { shpNm: ['OVAL'], crt: { from: 1 } }, countOnly: true })).body.data.count,
    )
    const id = saved.body.data.id as string
    expect(
      (await portal.call('diamond/search/list', { searchType: 1 }, buyer)).body.data.list.map(
        (s: { id: string }) => s.id,
      ),
    ).toContain(id)
    // The PEAR search once, beside the quick and match-pair searches this file made before.
    const recent2 = (await portal.call('diamond/search/list', { searchType: 2 }, buyer)).body.data.list as {
      filter: Record<string, unknown>
    }[]
    expect(recent2.filter((r) => JSON.stringify(r.filter) === '{"shpNm":["PEAR"]}')).toHaveLength(1)
    // Someone else's search does not exist for buyer2.
    expect((await portal.call('diamond/search/by-id', { id }, buyer2)).status).toBe(404)
    expect((await portal.call('diamond/search/delete', { id }, buyer2)).status).toBe(404)
    expect((await portal.call('diamond/search/upsert', { id, title: 'Mine now', filter: {} }, buyer2)).status).toBe(404)
    const renamed = await portal.call(
      'diamond/search/upsert',
      { id, title: 'Ovals, 1 ct up', filter: { shpNm: ['OVAL'], crt: { from: 1 } } },
      buyer,
    )
    expect(renamed.body.data).toMatchObject({ id, title: 'Ovals, 1 ct up' })
    expect((await portal.call('diamond/search/delete', { id }, buyer)).body.code).toBe('OK')
    expect((await portal.call('diamond/search/by-id', { id }, buyer)).status).toBe(404)
  })

  it('refuses bad input with the field named, and never reaches SQL with it', async () => {
    const bad = async (body: unknown) => {
      const r = await search(body)
      expect(r.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
      expect(r.status, JSON.stringify(body)).toBeLessThan(500)
      return r.body as { code: string; message: string; data: { fields?: { field: string }[] } }
    }
    expect((await bad({ filter: { shape: ['ROUND'] } })).data.fields).toEqual([
      expect.objectContaining({ field: 'filter.shape' }),
    ])
    expect((await bad({ filter: { crt: { from: 2, to: 1 } } })).data.fields).toEqual([
      expect.objectContaining({ field: 'filter.crt', message: 'from must not be above to' }),
    ])
    expect((await bad({ filter: { shpNm: ["ROUND'; drop table stock.stones; --"] } })).code).toBe('E_VALIDATION')
    expect((await bad({ sort: [{ field: 'userEmail' }] })).code).toBe('E_VALIDATION')
    expect((await bad({ sort: [{ field: 'crt', dir: 'sideways' }] })).code).toBe('E_VALIDATION')
    expect((await bad({ limit: 1_000_000 })).data.fields![0]!.field).toBe('limit')
    expect((await bad({ page: 0 })).data.fields![0]!.field).toBe('page')
    expect((await bad({ filter: { crt: { from: 'one' } } })).code).toBe('E_VALIDATION')
    expect(
      (await bad({ filter: { stoneIds: Array.from({ length: 2001 }, (_, i) => `D${i}`) } })).data.fields![0]!.field,
    ).toBe('filter.stoneIds')
    expect((await bad({ listType: 'everything' })).code).toBe('E_VALIDATION')
    const huge = await portal.call(
      'diamond/paginate',
      JSON.stringify({ filter: { stoneIds: Array.from({ length: 30_000 }, (_, i) => `STONE-${i}`) } }),
      buyer,
    )
    expect(huge.body.code).toBe('E_PAYLOAD_TOO_LARGE')
    const [{ n }] = (await portal.sql`select count(*)::int as n from stock.stones`) as unknown as [{ n: number }]
    expect(n).toBe(601)
  })

  it('hides every price from a user whose settings say so: rows, totals, detail, and price filters', async () => {
    const r = await search({ limit: 5, facets: true }, noprice)
    for (const s of r.body.data.list as Row[]) for (const f of PRICE_FIELDS) expect(Object.keys(s)).not.toContain(f)
    expect(Object.keys(r.body.data.totals).sort()).toEqual(['count', 'crt'])
    const id = (r.body.data.list as Row[])[0]!.id
    const detail = await portal.call('diamond/view', { id }, noprice)
    for (const f of PRICE_FIELDS) expect(Object.keys(detail.body.data)).not.toContain(f)
    // Narrowing by price would reveal it: refused, not ignored.
    expect((await search({ filter: { amt: { from: 1000 } } }, noprice)).body).toMatchObject({
      code: 'E_VALIDATION',
      data: { fields: [{ field: 'filter.amt' }] },
    })
    expect((await search({ sort: [{ field: 'ctPr' }] }, noprice)).body.code).toBe('E_VALIDATION')
    const pairs = await portal.call('match-pair/diamond/filter', {}, noprice)
    for (const p of pairs.body.data.list as { stones: Row[] }[])
      for (const s of p.stones) for (const f of PRICE_FIELDS) expect(Object.keys(s)).not.toContain(f)
    expect(Object.keys(pairs.body.data.totals).sort()).toEqual(['count', 'crt'])
  })

  it('opens a stone to anyone with its media and lab link, prices only for those who may see them', async () => {
    const [stone] = (await search({ filter: { lbNm: ['GIA'], shpNm: ['ROUND'] }, limit: 1 })).body.data.list as Row[]
    const open = await portal.call('diamond/view', { id: stone!.id })
    expect(open.body.code).toBe('OK')
    expect(Object.keys(open.body.data)).not.toContain('amt')
    expect(open.body.data.media.labVerify).toBe(`https://www.gia.edu/report-check?reportno=${stone!.certNo}`)
    expect(open.body.data.media.image).toBe(`/web/v1/diamond-media/image/${stone!.vStnId}.svg`)
    // A shared link may carry the stone number instead of the id.
    expect((await portal.call('diamond/view', { id: stone!.vStnId.toLowerCase() })).body.data.id).toBe(stone!.id)
    expect((await portal.call('diamond/view', { id: "D1'; --" })).status).toBe(400)
    const mine = await portal.call('diamond/view', { id: stone!.id }, buyer)
    expect(mine.body.data.amt).toBe(stone!.amt)
    expect((await portal.call('diamond/view', { id: stone!.id }, 'not-a-token')).status).toBe(401)
    expect((await portal.call('diamond/view', { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404)
    const svg = await fetch(`${portal.base}${open.body.data.media.image}`)
    expect(svg.headers.get('content-type')).toContain('image/svg+xml')
    expect(await svg.text()).toContain('<svg')
    expect((await fetch(`${portal.base}/web/v1/diamond-media/image/..%2F..%2Fetc.svg`)).status).toBeGreaterThanOrEqual(
      400,
    )
  })

  it('lists the Rap prices for those who may see prices', async () => {
    const r = await portal.call('rap-price/paginate', { shape: 'ROUND', limit: 10 }, buyer)
    expect(r.body.data).toMatchObject({ date: '2020-06-03' })
    expect(r.body.data.list[0]).toMatchObject({ shape: 'ROUND', colNm: 'D', clrNm: 'FL' })
    expect((await portal.call('rap-price/paginate', {}, noprice)).status).toBe(403)
  })
})
