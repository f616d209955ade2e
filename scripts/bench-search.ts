/**
 * npm run bench:search — the stock search at trade-network scale, beside PostgreSQL in the same run.
 *
 * BENCH_STONES generated stones (default 2,000,000; the demo's generator at trade-like mixes) are
 * loaded into a real PostgreSQL (the stock service's own table, migrations and all) with b-tree
 * indexes on every filtered and sorted column, and into the stock service's in-memory index. Then
 * the same typical searches — several ranges and multi-selects, facet counts, the totals, a sorted
 * page of 250 — are answered both ways:
 *  - index: the engine picks the page, totals and facets; the 250 rows are read from PostgreSQL by id
 *    (exactly what `diamond/paginate` does);
 *  - PostgreSQL alone: one query for count, totals and facets (grouping sets over the matches) and one
 *    for the sorted page, run at the same time on two connections.
 * Both answers are compared (count, totals and the page's ids) before any timing is kept. It prints
 * p50/p95 of each and their ratio, the same at 25,000 stones, and the index's latency while
 * thousands of status changes a second are applied (each one visible to the next search).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { constants, PerformanceObserver } from 'node:perf_hooks'
import { join } from 'node:path'
import { getTableColumns } from 'drizzle-orm'
import postgres from 'postgres'
import type { StoneFilter, SortKey } from '@diamond/contracts/http/stock'
import type { Facet } from '@diamond/contracts/http/stock.values'
import { migrate, RUNTIME_MIGRATIONS } from '@diamond/runtime/db'
import { databaseUrl, startLocalPostgres } from '@diamond/runtime/pg-server'
import { demoStone, mulberry32, type DemoStone } from '../services/stock/src/modules/demo/demo.rules'
import { runSearch } from '../services/stock/src/modules/search/search.engine'
import { compile } from '../services/stock/src/modules/search/search.filter'
import { StoneIndex } from '../services/stock/src/modules/search/stone-index'
import { readStones } from '../services/stock/src/modules/stones/stone-row'
import { stones } from '../services/stock/src/modules/stones/stones.schema'

const STONES = Number(process.env.BENCH_STONES ?? 2_000_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 40)
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!
const f1 = (x: number) => x.toFixed(1)
const sorted = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)))
const log = (m: string) => console.log(`[bench:search] ${m}`)

const COLUMNS = Object.keys(demoStone(1)) as (keyof DemoStone)[]
const COLUMN_NAMES = COLUMNS.map((k) => getTableColumns(stones)[k].name)
const text = (v: unknown): string => {
  if (v instanceof Date) return v.toISOString()
  if (Array.isArray(v)) return `{${v.join(',')}}`
  if (typeof v === 'boolean') return v ? 't' : 'f'
  // COPY's null (the listing columns a demo stone leaves empty): the text "null" would fail the copy.
  if (v === null) return '\\N'
  return String(v).replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!)
}

/** Generates the stones once, into PostgreSQL (COPY) and the index, in batches (never all in memory as objects). */
async function load(sql: postgres.Sql, count: number, index: StoneIndex) {
  const now = Date.now()
  const batch = 20_000
  const t0 = performance.now()
  for (let from = 0; from < count; from += batch) {
    const rows: DemoStone[] = []
    for (let i = from; i < Math.min(count, from + batch); i++) rows.push(demoStone(i + 1, 2026, now))
    for (const r of rows) index.put({ ...r, statusVersion: 0 })
    const stream = await sql
      .unsafe(`copy stock.stones (${COLUMN_NAMES.map((c) => `"${c}"`).join(', ')}) from stdin`)
      .writable()
    await new Promise<void>((resolve, reject) => {
      stream.on('error', reject)
      stream.on('finish', resolve)
      stream.end(rows.map((r) => COLUMNS.map((c) => text(r[c])).join('\t')).join('\n') + '\n')
    })
    if ((from / batch) % 20 === 0)
      log(`  ${(from + rows.length).toLocaleString('en-US')} stones loaded (${f1((performance.now() - t0) / 1000)} s)`)
  }
  index.order()
}

const INDEXED = [
  'shape',
  'color',
  'clarity',
  'cut',
  'polish',
  'symmetry',
  'fluorescence',
  'lab',
  'location',
  'shade',
  'carat',
  'back',
  'amt_cents',
  'ctpr_cents',
  'rap_cents',
  'w_sts',
  'dep_per',
  'tbl_per',
  'ratio',
]

// The typical searches a buyer runs: a shape or two, a size band, colour and clarity ranges, make,
// a lab, often a price or discount band; sorted by price, size or stone number.
const SHAPE_SETS = [['ROUND'], ['ROUND'], ['OVAL', 'PEAR'], ['CUSHION', 'RADIANT', 'PRINCESS'], ['EMERALD']]
const SIZES: [number, number][] = [
  [0.3, 0.39],
  [0.5, 0.69],
  [0.7, 0.89],
  [0.9, 0.99],
  [1, 1.19],
  [1.5, 1.99],
  [2, 2.99],
]
const COLORS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K']
const CLARITIES = ['IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2']
const SORTS: SortKey[][] = [
  [{ field: 'amt', dir: 'asc' }],
  [{ field: 'ctPr', dir: 'desc' }],
  [{ field: 'crt', dir: 'desc' }],
  [{ field: 'vStnId' }],
  [{ field: 'colNm' }, { field: 'clrNm' }],
]

function typicalSearch(rnd: () => number): { filter: StoneFilter; sort: SortKey[] } {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!
  const c0 = Math.floor(rnd() * 4)
  const q0 = Math.floor(rnd() * 3)
  const [from, to] = pick(SIZES)
  const filter: StoneFilter = {
    shpNm: pick(SHAPE_SETS),
    crt: { from, to },
    colNm: COLORS.slice(c0, c0 + 3 + Math.floor(rnd() * 3)),
    clrNm: CLARITIES.slice(q0, q0 + 3 + Math.floor(rnd() * 3)),
    lbNm: rnd() < 0.7 ? ['GIA'] : ['GIA', 'IGI'],
    fluNm: rnd() < 0.5 ? ['NON', 'FNT'] : ['NON', 'FNT', 'MED'],
  }
  if (rnd() < 0.5) {
    filter.cutNm = ['EX', 'VG', 'NON']
    filter.polNm = ['EX', 'VG']
  }
  if (rnd() < 0.5) filter.back = { from: -60, to: -20 }
  if (rnd() < 0.3) filter.availability = ['A']
  return { filter, sort: pick(SORTS) }
}

// PostgreSQL's side: the same filter and sort as SQL (values bound as parameters).
const ENUM_COL: Record<string, string> = {
  shpNm: 'shape',
  colNm: 'color',
  clrNm: 'clarity',
  lbNm: 'lab',
  fluNm: 'fluorescence',
  cutNm: 'cut',
  polNm: 'polish',
}
/** The filter as SQL; `without` leaves one column's condition out (a facet group counted without its own choice). */
function where(f: StoneFilter, without?: string): { text: string; params: unknown[] } {
  const parts: string[] = []
  const params: unknown[] = []
  const p = (v: unknown) => (params.push(v), `$${params.length}`)
  for (const [k, col] of Object.entries(ENUM_COL)) {
    const v = f[k as keyof StoneFilter] as string[] | undefined
    if (v && col !== without) parts.push(`${col} = any(${p(v)}::text[])`)
  }
  const crt = f.crt as { from: number; to: number }
  parts.push(`carat between ${p(crt.from)} and ${p(crt.to)}`)
  if (f.back) parts.push(`back between ${p(f.back.from)} and ${p(f.back.to)}`)
  if (f.availability && without !== 'w_sts') parts.push(`w_sts = any(${p(f.availability)}::text[])`)
  return { text: parts.join(' and '), params }
}
const ORDER: Record<string, string> = {
  crt: 'carat',
  amt: 'amt_cents',
  ctPr: 'ctpr_cents',
  rap: 'rap_cents',
  colNm: `array_position(array['D','E','F','G','H','I','J','K','L','M'], color)`,
  clrNm: `array_position(array['FL','IF','VVS1','VVS2','VS1','VS2','SI1','SI2','I1'], clarity)`,
}
// The index orders an empty grade first (code 0), and breaks ties by stone number.
const term = (field: string, dir: 'asc' | 'desc') =>
  field === 'vStnId'
    ? `length(v_stn_id) ${dir}, v_stn_id collate "C" ${dir}`
    : `${ORDER[field]} ${dir === 'desc' ? 'desc nulls last' : 'asc nulls first'}`
const orderBy = (sort: SortKey[]) =>
  [...sort.map((s) => term(s.field, s.dir ?? 'asc')), term('vStnId', 'asc')].join(', ')

const FACET_COLS = [
  'shape',
  'color',
  'clarity',
  'cut',
  'polish',
  'symmetry',
  'fluorescence',
  'lab',
  'location',
  'shade',
  'fancy_color',
  'w_sts',
]

/** The facet groups the filter chooses in: each is counted by its own query, without its own condition. */
const chosenGroups = (f: StoneFilter) => [
  ...Object.entries(ENUM_COL)
    .filter(([k]) => f[k as keyof StoneFilter])
    .map(([, col]) => col),
  ...(f.availability ? ['w_sts'] : []),
]

async function postgresAnswer(a: postgres.Sql, b: postgres.Sql, q: { filter: StoneFilter; sort: SortKey[] }) {
  const w = where(q.filter)
  const own = chosenGroups(q.filter)
  const groups = Promise.all(
    own.map(async (col) => {
      const x = where(q.filter, col)
      const rows = await a.unsafe(
        `select ${col} as v, count(*)::int as n from stock.stones where ${x.text} group by ${col}`,
        x.params as never[],
      )
      // The index counts no empty value (a fancy stone's white colour grade).
      return [
        col,
        Object.fromEntries(rows.filter((r) => r.v !== '').map((r) => [r.v as string, r.n as number])),
      ] as const
    }),
  )
  const [agg, page, counted] = await Promise.all([
    a.unsafe(
      `select ${FACET_COLS.map((c) => `grouping(${c}) as g_${c}`).join(', ')}, ${FACET_COLS.join(', ')}, count(*)::int as n,
              sum(round(carat * 100))::float8 as crt, sum(ctpr_cents)::float8 as ctpr
         from stock.stones where ${w.text}
        group by grouping sets ((), ${FACET_COLS.map((c) => `(${c})`).join(', ')})`,
      w.params as never[],
    ),
    b.unsafe(`select id from stock.stones where ${w.text} order by ${orderBy(q.sort)} limit 250`, w.params as never[]),
    groups,
  ])
  const total = agg.find((r) => FACET_COLS.every((c) => r[`g_${c}`] === 1))
  return {
    count: (total?.n as number) ?? 0,
    crt: (total?.crt as number) ?? 0,
    ctpr: (total?.ctpr as number) ?? 0,
    ids: page.map((r) => r.id as string),
    groups: Object.fromEntries(counted),
  }
}

let engineMs = 0
let engineStart = 0
async function indexAnswer(sql: postgres.Sql, index: StoneIndex, q: { filter: StoneFilter; sort: SortKey[] }) {
  const t0 = performance.now()
  engineStart = t0
  const found = runSearch(index, compile(index, q.filter), { sort: q.sort, offset: 0, limit: 250, facets: true })
  engineMs = performance.now() - t0
  const ids = found.page.map((i) => index.ids[i]!)
  const rows = await readStones(sql as never, ids, null)
  const facets = found.facets!
  return { count: found.count, crt: found.totals.crt, ctpr: found.totals.ctPr!, ids, rows: rows.length, facets }
}

/** The engine's facet group of a PostgreSQL column. */
const FACET_OF: Record<string, Facet> = {
  shape: 'shpNm',
  color: 'colNm',
  clarity: 'clrNm',
  lab: 'lbNm',
  fluorescence: 'fluNm',
  cut: 'cutNm',
  polish: 'polNm',
}

async function measure(label: string, sql: postgres.Sql, sql2: postgres.Sql, index: StoneIndex, runs: number) {
  const rnd = mulberry32(42)
  const queries = Array.from({ length: runs }, () => typicalSearch(rnd))
  // Same answers first: count, totals and the page, stone by stone.
  for (const q of queries.slice(0, 10)) {
    const [x, y] = [await indexAnswer(sql, index, q), await postgresAnswer(sql, sql2, q)]
    if (
      x.count !== y.count ||
      Math.abs(x.crt - y.crt / 100) > 1e-6 ||
      Math.abs(x.ctpr - y.ctpr / 100) > 0.01 ||
      x.ids.join() !== y.ids.join() ||
      x.rows !== x.ids.length ||
      Object.entries(y.groups).some(
        ([col, counts]) =>
          col !== 'w_sts' && JSON.stringify(sorted(x.facets[FACET_OF[col]!] ?? {})) !== JSON.stringify(sorted(counts)),
      )
    ) {
      throw new Error(
        `answers differ for ${JSON.stringify(q)}: index ${x.count}/${x.crt}/${x.ids.length} ${JSON.stringify(x.facets)}, postgres ${y.count}/${y.crt / 100} ${JSON.stringify(y.groups)}`,
      )
    }
  }
  const t = { index: [] as number[], engine: [] as number[], pg: [] as number[], counts: [] as number[] }
  // Garbage collection on this thread while the engine ran: the tail's first suspect.
  const gcs: { start: number; end: number; kind: number }[] = []
  const keep = (list: readonly PerformanceEntry[]) => {
    for (const e of list)
      gcs.push({
        start: e.startTime,
        end: e.startTime + e.duration,
        kind: (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0,
      })
  }
  const observer = new PerformanceObserver((list) => keep(list.getEntries()))
  observer.observe({ entryTypes: ['gc'] })
  const spans: [number, number][] = []
  for (const q of queries) {
    let t0 = performance.now()
    const x = await indexAnswer(sql, index, q)
    t.index.push(performance.now() - t0)
    t.engine.push(engineMs)
    spans.push([engineStart, engineStart + engineMs])
    t0 = performance.now()
    await postgresAnswer(sql, sql2, q)
    t.pg.push(performance.now() - t0)
    t.counts.push(x.count)
  }
  keep(observer.takeRecords())
  observer.disconnect()
  const major = gcs.filter((g) => g.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
  const inSearch = spans.filter(([a, b]) => gcs.some((g) => g.start < b && g.end > a)).length
  log(
    `${label}: garbage collection while measuring: ${gcs.length} pauses (${major.length} full), longest ${f1(Math.max(0, ...gcs.map((g) => g.end - g.start)))} ms; ${inSearch} of ${spans.length} engine runs had one inside`,
  )
  const row = {
    label,
    matches: pct(t.counts, 50),
    index50: pct(t.index, 50),
    index95: pct(t.index, 95),
    engine50: pct(t.engine, 50),
    engine95: pct(t.engine, 95),
    pg50: pct(t.pg, 50),
    pg95: pct(t.pg, 95),
  }
  log(
    `${label}: index p50 ${f1(row.index50)} ms p95 ${f1(row.index95)} ms (engine alone ${f1(row.engine50)} / ${f1(row.engine95)} ms) | postgres p50 ${f1(row.pg50)} ms p95 ${f1(row.pg95)} ms | ratio p95 ${(row.index95 / row.pg95).toFixed(3)}`,
  )
  return row
}

/**
 * The index's own search time (no row read) while status changes stream in at `rate` a second.
 * Changes are events applied on the same thread as searches (as in the service): before each search
 * every change due by the clock is applied, so the rate holds however long a search takes.
 */
async function underChanges(index: StoneIndex, rate: number, seconds: number) {
  const rnd = mulberry32(7)
  const versions = new Int32Array(index.size)
  let applied = 0
  let visibleChecks = 0
  const times: number[] = []
  const start = performance.now()
  const until = start + seconds * 1000
  const queries = Array.from({ length: 50 }, () => typicalSearch(rnd))
  let k = 0
  while (performance.now() < until) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate)
    for (; applied < due; applied++) {
      const i = Math.floor(rnd() * index.size)
      index.setStatus(index.ids[i]!, rnd() < 0.5 ? 'H' : 'A', ++versions[i]! + 1_000_000)
    }
    // A change is visible to the very next search.
    const i = Math.floor(rnd() * index.size)
    index.setStatus(index.ids[i]!, 'M', ++versions[i]! + 1_000_000)
    if (
      runSearch(index, compile(index, { ids: [index.ids[i]!], availability: ['M'] }), { offset: 0, limit: 1 }).count !==
      1
    )
      throw new Error('a change was not visible')
    visibleChecks++
    const q = queries[k++ % queries.length]!
    const t0 = performance.now()
    runSearch(index, compile(index, q.filter), { sort: q.sort, offset: 0, limit: 250, facets: true })
    times.push(performance.now() - t0)
    await new Promise((r) => setImmediate(r))
  }
  const perSecond = applied / ((performance.now() - start) / 1000)
  log(
    `under ${Math.round(perSecond).toLocaleString('en-US')} status changes/s: index search p50 ${f1(pct(times, 50))} ms p95 ${f1(pct(times, 95))} ms over ${times.length} searches; ${visibleChecks} changes each seen by the next search`,
  )
  return { perSecond, p50: pct(times, 50), p95: pct(times, 95) }
}

async function scale(count: number, pgUrl: string) {
  const name = `bench_${count}`
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`drop database if exists ${name}`)
  await admin.unsafe(`create database ${name}`)
  await admin.end()
  const url = databaseUrl(pgUrl, name)
  const sql = postgres(url, { max: 4, onnotice: () => {} })
  const sql2 = postgres(url, { max: 2, onnotice: () => {} })
  await migrate(sql, 'stock', RUNTIME_MIGRATIONS)
  await migrate(sql, 'stock', new URL('../services/stock/migrations/', import.meta.url))
  const index = new StoneIndex(count)
  log(`${count.toLocaleString('en-US')} stones: generating into PostgreSQL and the index…`)
  await load(sql, count, index)
  log('building b-tree indexes and statistics…')
  for (const c of INDEXED) await sql.unsafe(`create index if not exists bench_${c} on stock.stones (${c})`)
  await sql.unsafe('create index if not exists bench_shape_carat on stock.stones (shape, carat)')
  await sql.unsafe('vacuum analyze stock.stones')
  const heap = process.memoryUsage()
  log(
    `index holds ${index.size.toLocaleString('en-US')} stones; process memory rss ${Math.round(heap.rss / 2 ** 20)} MiB, array buffers ${Math.round(heap.arrayBuffers / 2 ** 20)} MiB`,
  )
  const row = await measure(`${count.toLocaleString('en-US')} stones`, sql, sql2, index, RUNS)
  const live = count >= 1_000_000 ? await underChanges(index, 5000, 10) : null
  await sql.end()
  await sql2.end()
  return { row, live }
}

const dir = await mkdtemp(join(tmpdir(), 'bench-search-'))
const pg = await startLocalPostgres({ dir: join(dir, 'pg') })
try {
  const small = await scale(25_000, pg.url)
  const big = STONES > 25_000 ? await scale(STONES, pg.url) : null
  const rows = [small.row, ...(big ? [big.row] : [])]
  console.log('\n| stones | matches (median) | index p50 / p95 | PostgreSQL b-tree p50 / p95 | p95 ratio |')
  console.log('|---|---|---|---|---|')
  for (const r of rows) {
    console.log(
      `| ${r.label.replace(' stones', '')} | ${r.matches.toLocaleString('en-US')} | ${f1(r.index50)} / ${f1(r.index95)} ms | ${f1(r.pg50)} / ${f1(r.pg95)} ms | ${(r.index95 / r.pg95).toFixed(3)} |`,
    )
  }
  if (big?.live)
    console.log(
      `\nWhile ${Math.round(big.live.perSecond).toLocaleString('en-US')} status changes/s were applied: index search p50 ${f1(big.live.p50)} ms, p95 ${f1(big.live.p95)} ms (no row read).`,
    )
} finally {
  await pg.stop()
  await rm(dir, { recursive: true, force: true })
}
