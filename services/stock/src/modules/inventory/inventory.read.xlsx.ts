import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import ExcelJS from 'exceljs'
import yauzl from 'yauzl'
import { AppError } from '@diamond/runtime/errors'
import type { ReadLimits } from './inventory.types'
import { guarded } from './inventory.read.xml'
import { workerRows } from './inventory.read.thread'

/**
 * Reading an .xlsx upload without holding it: the upload is spooled to a temporary file (a zip can
 * only be checked from its central directory, at the end), the central directory is checked for
 * bombs before one byte is inflated, and the parts exceljs needs are streamed into its
 * WorkbookReader as a fresh, uncompressed zip, each inflated by yauzl (which stops an entry that
 * inflates past its declared size) and watched by the XML guard. Re-streaming also puts the shared
 * strings before the worksheet: Excel writes them after it, and exceljs then copies the whole
 * worksheet to a temporary file before reading it.
 */

export const ZIP_BOUNDS = {
  /** Entries in the archive; a workbook has a few dozen. */
  maxEntries: 2000,
  /** Inflated ÷ compressed above this, for an entry over `ratioFloor` bytes, is a bomb. Real sheets stay under 30. */
  maxRatio: 200,
  ratioFloor: 1 << 20,
  /** Bytes of the shared strings once inflated: exceljs keeps them all in memory. */
  maxSharedStrings: 64 << 20,
  /** Bytes of the workbook, its relationships and styles. */
  maxSmallPart: 16 << 20,
  /** Bytes of the worksheet once inflated. */
  maxSheet: 1 << 30,
  /** Cells in one row (a stray cell at column XFD makes exceljs build 16,384 cells for that row). */
  maxColumns: 2048,
}

/** The file is over the byte limit, the limit named (the route's own check says the same). */
export const tooLarge = (limit: number) =>
  new AppError('E_FILE_TOO_LARGE', { limit }, `The file is too large: at most ${limit} bytes.`)

const bomb = (reason: string, data: Record<string, unknown> = {}) => new AppError('E_UPLOAD_BOMB', { reason, ...data })

/** Writes the upload to a private temporary folder, refusing it past `maxBytes`. */
export async function spool(
  chunks: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<{ path: string; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'upload-'))
  const path = join(dir, 'upload.xlsx')
  try {
    await pipeline(
      async function* () {
        let bytes = 0
        for await (const chunk of chunks) {
          bytes += chunk.length
          if (bytes > maxBytes) throw tooLarge(maxBytes)
          yield chunk
        }
      },
      createWriteStream(path, { mode: 0o600 }),
    )
    return { path, dir }
  } catch (err) {
    await rm(dir, { recursive: true, force: true })
    throw err
  }
}

interface Parts {
  zip: yauzl.ZipFile
  workbook: yauzl.Entry
  rels: yauzl.Entry | undefined
  styles: yauzl.Entry | undefined
  sharedStrings: yauzl.Entry | undefined
  sheet: yauzl.Entry
}

/** Opens the spooled file and checks its central directory; the file itself is removed at once (the open descriptor keeps it readable). */
export async function openWorkbook(path: string, dir: string, fileName: string): Promise<Parts> {
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true })
  } catch {
    throw new AppError('E_UPLOAD_TYPE', { fileName })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  try {
    if (zip.entryCount > ZIP_BOUNDS.maxEntries) throw bomb('entries', { entries: zip.entryCount })
    const entries = new Map<string, yauzl.Entry>()
    for await (const entry of zip.eachEntry()) {
      const { uncompressedSize: size, compressedSize: packed } = entry
      if (size > ZIP_BOUNDS.ratioFloor && size / Math.max(1, packed) > ZIP_BOUNDS.maxRatio)
        throw bomb('ratio', { part: entry.fileName })
      entries.set(entry.fileName.replace(/^\//, ''), entry)
    }
    const workbook = entries.get('xl/workbook.xml')
    if (!entries.has('[Content_Types].xml') || !workbook) throw new AppError('E_UPLOAD_TYPE', { fileName })
    const rels = entries.get('xl/_rels/workbook.xml.rels')
    const sheetPath = await firstSheet(zip, workbook, rels, entries)
    const sheet = sheetPath ? entries.get(sheetPath) : undefined
    if (!sheet) throw new AppError('E_UPLOAD_TYPE', { fileName })
    const parts: Parts = {
      zip,
      workbook,
      rels,
      styles: entries.get('xl/styles.xml'),
      sharedStrings: entries.get('xl/sharedStrings.xml'),
      sheet,
    }
    for (const [entry, max] of [
      [parts.workbook, ZIP_BOUNDS.maxSmallPart],
      [parts.rels, ZIP_BOUNDS.maxSmallPart],
      [parts.styles, ZIP_BOUNDS.maxSmallPart],
      [parts.sharedStrings, ZIP_BOUNDS.maxSharedStrings],
      [parts.sheet, ZIP_BOUNDS.maxSheet],
    ] as const) {
      if (!entry) continue
      if (entry.isEncrypted() || !entry.canDecodeFileData()) throw new AppError('E_UPLOAD_TYPE', { fileName })
      if (entry.uncompressedSize > max) throw bomb('size', { part: entry.fileName })
    }
    return parts
  } catch (err) {
    zip.close()
    throw err
  }
}

async function text(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string> {
  if (entry.uncompressedSize > ZIP_BOUNDS.maxSmallPart) throw bomb('size', { part: entry.fileName })
  const parts: Buffer[] = []
  for await (const chunk of guarded(await inflate(zip, entry), entry.fileName)) parts.push(Buffer.from(chunk))
  return Buffer.concat(parts).toString('utf8')
}

/** Like the trade's readers, the first worksheet is the first `<sheet>` of the workbook, wherever its part lives. */
async function firstSheet(
  zip: yauzl.ZipFile,
  workbook: yauzl.Entry,
  rels: yauzl.Entry | undefined,
  entries: Map<string, yauzl.Entry>,
): Promise<string | undefined> {
  const fallback = [...entries.keys()]
    .map((name) => /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name))
    .filter((m) => m !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]))[0]?.[0]
  if (!rels) return fallback
  const rid = /<(?:\w+:)?sheet\b[^>]*?\s(?:\w+:)?id\s*=\s*["']([^"']+)["']/.exec(await text(zip, workbook))?.[1]
  if (!rid) return fallback
  for (const m of (await text(zip, rels)).matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const id = /\sId\s*=\s*["']([^"']+)["']/.exec(m[0])?.[1]
    const target = /\sTarget\s*=\s*["']([^"']+)["']/.exec(m[0])?.[1]
    if (id !== rid || !target) continue
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`
    return entries.has(path) ? path : fallback
  }
  return fallback
}

async function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  const stream = await zip.openReadStreamPromise(entry)
  return stream
}

/** A local file header of an uncompressed entry whose size and checksum are known up front. */
function localHeader(name: string, size: number, crc: number): Buffer {
  const nameBytes = Buffer.from(name, 'utf8')
  const h = Buffer.alloc(30)
  h.writeUInt32LE(0x04034b50, 0)
  h.writeUInt16LE(20, 4) // version needed
  h.writeUInt16LE(0x0800, 6) // flags: UTF-8 names
  h.writeUInt16LE(0, 8) // stored
  h.writeUInt32LE(0, 10) // time and date
  h.writeUInt32LE(crc >>> 0, 14)
  h.writeUInt32LE(size, 18)
  h.writeUInt32LE(size, 22)
  h.writeUInt16LE(nameBytes.length, 26)
  h.writeUInt16LE(0, 28)
  return Buffer.concat([h, nameBytes])
}

/** An end-of-central-directory record with no entries: tells the reader the archive is over. */
const END = (() => {
  const b = Buffer.alloc(22)
  b.writeUInt32LE(0x06054b50, 0)
  return b
})()

const EMPTY_RELS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
)
const EMPTY_SST = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
)

/**
 * The parts exceljs needs, in the order it reads best, as a stored zip. Errors (a bomb found while
 * inflating, a corrupt entry) end the stream early and are reported through `failure()`, because
 * exceljs pipes its input and a piped stream's error would not reach the reader.
 */
function restream(parts: Parts) {
  const out = new PassThrough({ highWaterMark: 1 << 16 })
  let active: Readable | undefined
  let stopped = false
  let failure: { err: unknown } | undefined
  // The pending race's reject, if one waits. One slot, not a promise every race subscribes to: a
  // never-settling promise raced 100,000 times keeps every row it was raced with alive.
  let wake: ((err: unknown) => void) | undefined
  const fail = (err: unknown) => {
    failure = { err }
    wake?.(err)
  }
  const write = async (chunk: Uint8Array) => {
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve).once('close', resolve))
  }
  const entry = async (name: string, e: yauzl.Entry | undefined, fallback?: Buffer) => {
    if (stopped) return
    if (!e) {
      if (fallback) await write(Buffer.concat([localHeader(name, fallback.length, 0), fallback]))
      return
    }
    await write(localHeader(name, e.uncompressedSize, e.crc32))
    active = await inflate(parts.zip, e)
    // exceljs decodes each chunk on its own, so a character split between chunks would be garbled:
    // every chunk written ends on a UTF-8 character boundary.
    let carry: Buffer | undefined
    for await (const chunk of guarded(active, e.fileName)) {
      if (stopped) return
      const bytes: Buffer = carry ? Buffer.concat([carry, chunk]) : Buffer.from(chunk)
      const cut = utf8Boundary(bytes)
      carry = cut < bytes.length ? bytes.subarray(cut) : undefined
      if (cut > 0) await write(bytes.subarray(0, cut))
    }
    if (carry) await write(carry)
  }
  const done = (async () => {
    try {
      await entry('xl/workbook.xml', parts.workbook)
      await entry('xl/_rels/workbook.xml.rels', parts.rels, EMPTY_RELS)
      await entry('xl/styles.xml', parts.styles)
      await entry('xl/sharedStrings.xml', parts.sharedStrings, EMPTY_SST)
      // Named sheet1 whatever the workbook called it: exceljs only recognises `sheetN.xml`.
      await entry('xl/worksheets/sheet1.xml', parts.sheet)
      if (!stopped) out.end(END)
    } catch (err) {
      if (!stopped) fail(err instanceof AppError ? err : /too many bytes/.test(String(err)) ? bomb('inflate') : err)
    }
  })()
  return {
    stream: out,
    /**
     * Waits for `p` unless the re-streaming fails first: exceljs pipes its input and would wait
     * forever on an entry cut short, so every wait on it is raced against the failure.
     */
    race: <T>(p: Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        if (failure) return reject(failure.err)
        wake = reject
        p.then(
          (v) => {
            wake = undefined
            resolve(v)
          },
          (err: unknown) => {
            wake = undefined
            reject(failure ? failure.err : err)
          },
        )
      }),
    async stop() {
      stopped = true
      active?.destroy()
      out.destroy()
      await done
      parts.zip.close()
    },
  }
}

/** The length of the longest prefix of `b` that ends on a UTF-8 character boundary. */
export function utf8Boundary(b: Uint8Array): number {
  const n = b.length
  for (let back = 1; back <= Math.min(4, n); back++) {
    const byte = b[n - back]!
    if ((byte & 0xc0) === 0x80) continue // a continuation byte: look further back
    if (byte < 0x80) return n
    const len = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2
    return len <= back ? n : n - back
  }
  return n
}

/** Any cell value exceljs gives, as the text a person sees; formulas give their cached result, never evaluated. */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'string') return v
  if (typeof v === 'number') return numberText(v)
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE'
  if (v instanceof Date) return dateText(v)
  if ('richText' in v) return v.richText.map((r) => r.text ?? '').join('')
  if ('formula' in v || 'sharedFormula' in v) return v.result === undefined ? '' : cellText(v.result)
  if ('error' in v) return v.error
  if ('text' in v) return typeof v.text === 'string' ? v.text : cellText(v.text)
  return ''
}

/** A number as its shortest honest text: 0.1 + 0.2 reads "0.3", not "0.30000000000000004". */
export function numberText(n: number): string {
  if (!Number.isFinite(n)) return ''
  if (Number.isInteger(n)) return Math.abs(n) < 1e21 ? n.toFixed(0) : String(n)
  return String(Number(n.toPrecision(15)))
}

/** A date as ISO text: the day alone when the cell holds no time of day. */
export function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return ''
  const iso = d.toISOString()
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19)
}

export interface RawRow {
  row: number
  cells: string[]
}

/**
 * The rows of the first worksheet, as text, in order, in batches; empty rows are left out. The upload
 * is spooled here; the workbook is read in a worker thread of its own (inventory.read.worker.ts), whose heap is
 * bounded: exceljs makes a great deal of short-lived garbage, and a V8 heap left to its defaults grows
 * the process by about 285 MiB over a 100,000-row sheet whose live data is 40–60 MiB (README, seller
 * uploads). The worker's memory goes back to the system when it ends.
 */
export async function* xlsxRows(
  chunks: AsyncIterable<Uint8Array>,
  fileName: string,
  limits: ReadLimits,
): AsyncGenerator<RawRow[]> {
  const { path, dir } = await spool(chunks, limits.maxBytes)
  yield* workerRows({ path, dir, fileName })
}

/** The first worksheet's rows of a spooled workbook, read in this thread: the worker's own loop. */
export async function* workbookRows(path: string, dir: string, fileName: string): AsyncGenerator<RawRow> {
  const parts = await openWorkbook(path, dir, fileName)
  const source = restream(parts)
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source.stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // to tell a date from a number
    hyperlinks: 'ignore',
    entries: 'ignore',
  })
  try {
    const sheets = reader[Symbol.asyncIterator]()
    const first = await source.race(sheets.next())
    if (first.done) throw new AppError('E_UPLOAD_TYPE', { fileName })
    const rows = first.value[Symbol.asyncIterator]()
    for (;;) {
      const next = await source.race(rows.next())
      if (next.done) break
      const row = next.value
      if (row.cellCount > ZIP_BOUNDS.maxColumns) throw bomb('columns', { row: row.number })
      const values = row.values as ExcelJS.CellValue[]
      const cells: string[] = []
      let empty = true
      for (let c = 1; c < values.length; c++) {
        const t = cellText(values[c]).trim()
        if (t) empty = false
        cells.push(t)
      }
      if (!empty) yield { row: row.number, cells } satisfies RawRow
    }
  } catch (err) {
    if (err instanceof AppError) throw err
    throw new AppError('E_UPLOAD_TYPE', { fileName })
  } finally {
    await source.stop()
  }
}
