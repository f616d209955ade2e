/**
 * npm run bench:upload:read — how fast an upload's preview can read a file, against the bare parser.
 * Writes a BENCH_UPLOAD_ROWS-row (100,000) trade-shaped CSV and XLSX, then for each reads every row
 * with the bare parser (csv-parse over the file stream; exceljs's streaming WorkbookReader over the
 * file) doing nothing else, and with `readSheet` (content checks, encoding, delimiter, zip and XML
 * guards, cells to text). Prints rows/s of each, the ratio (the target: readSheet ≤ 3× the
 * bare parser), and how far the process's resident memory rose above its level before each read.
 * Each read runs in a fresh process of its own (forked, same flags), so one read's heap does not
 * hide the next one's growth and the parser's own footprint is measured from the same start as ours.
 */
import { fork } from 'node:child_process'
import { createReadStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'csv-parse'
import ExcelJS from 'exceljs'
import { readSheet } from '@diamond/stock/modules/inventory/inventory.read'
import { writeTradeCsv, writeTradeXlsx } from '../services/stock/test/fixtures/uploads/generate'

const ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? 100_000)
const log = (m: string) => console.log(`[bench:upload:read] ${m}`)
const MiB = 1024 * 1024
const limits = { maxBytes: 1024 * MiB, maxRows: ROWS }

async function measure(name: string, run: () => Promise<number>) {
  ;(globalThis as { gc?: () => void }).gc?.()
  const base = process.memoryUsage().rss
  let peak = base
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  const t0 = performance.now()
  const rows = await run()
  const ms = performance.now() - t0
  clearInterval(timer)
  peak = Math.max(peak, process.memoryUsage().rss)
  if (rows !== ROWS) throw new Error(`${name}: read ${rows} rows, expected ${ROWS}`)
  const rate = rows / (ms / 1000)
  log(
    `${name.padEnd(26)} ${(ms / 1000).toFixed(2)} s  ${Math.round(rate).toLocaleString('en')} rows/s  RSS +${((peak - base) / MiB).toFixed(0)} MiB`,
  )
  return ms
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

async function ours(path: string, fileName: string) {
  const sheet = await readSheet({ fileName, stream: createReadStream(path) }, limits)
  let n = 0
  for await (const _ of sheet.rows) n++
  return n
}

/** One read in a fresh process (this script again, `--one`): its time in ms. */
function inFreshProcess(which: 'bare' | 'ours', kind: 'CSV' | 'XLSX', path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--one', which, kind, path], { stdio: 'inherit' })
    child.on('message', (ms) => resolve(ms as number))
    child.on('error', reject)
    child.on('exit', (code) => code && reject(new Error(`${which} ${kind} read exited with ${code}`)))
  })
}

const one = process.argv.indexOf('--one')
if (one > 0) {
  const [which, kind, path] = process.argv.slice(one + 1) as ['bare' | 'ours', 'CSV' | 'XLSX', string]
  const read =
    which === 'ours'
      ? () => ours(path, `stock.${kind.toLowerCase()}`)
      : kind === 'CSV'
        ? () => bareCsv(path)
        : () => bareXlsx(path)
  process.send!(await measure(`${kind} ${which === 'ours' ? 'readSheet' : 'bare parser'}`, read))
  process.exit(0)
}

const dir = await mkdtemp(join(tmpdir(), 'bench-upload-'))
try {
  const csv = join(dir, 'stock.csv')
  const xlsx = join(dir, 'stock.xlsx')
  log(`writing ${ROWS.toLocaleString('en')} rows as CSV and XLSX…`)
  await writeTradeCsv(csv, ROWS)
  await writeTradeXlsx(xlsx, ROWS)
  log(`CSV ${((await stat(csv)).size / MiB).toFixed(1)} MiB, XLSX ${((await stat(xlsx)).size / MiB).toFixed(1)} MiB`)
  const results: string[] = []
  for (const [kind, path] of [
    ['CSV', csv],
    ['XLSX', xlsx],
  ] as const) {
    const b = await inFreshProcess('bare', kind, path)
    const r = await inFreshProcess('ours', kind, path)
    results.push(`${kind}: readSheet ÷ bare parser = ${(r / b).toFixed(2)}× (target ≤ 3×)`)
  }
  for (const line of results) log(line)
} finally {
  await rm(dir, { recursive: true, force: true })
}
