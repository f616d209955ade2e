import { isAscii } from 'node:buffer'
import { pipeline, Readable } from 'node:stream'
import { parse, CsvError } from 'csv-parse'
import { AppError } from '@diamond/runtime/errors'
import type { ReadLimits, Sheet, SheetRow } from './inventory.types'
import { tooLarge, xlsxRows, type RawRow } from './inventory.read.xlsx'

/**
 * An uploaded file as rows of text, streamed: the header row is read (and one data row, so an empty
 * file is refused before anything else happens), the rest arrives as the caller iterates `rows`.
 * What a file is comes from its content, checked against its name: an .xlsx must be a zip holding a
 * workbook, a .csv or .txt must be text. Errors are AppErrors: E_UPLOAD_TYPE, E_UPLOAD_CSV, E_UPLOAD_XLS,
 * E_UPLOAD_EMPTY, E_UPLOAD_BOMB, E_FILE_TOO_LARGE { limit }, E_UPLOAD_ROWS { limit }; the last two
 * (and a bomb found deep in a sheet) can also be thrown while iterating `rows`, so a caller stores
 * nothing until the iteration has ended. A caller that stops early must `break` (or call `return()`),
 * which closes the input and removes any temporary file.
 *
 * Old binary Excel (.xls, BIFF in an OLE container) is refused with E_UPLOAD_XLS: no maintained npm
 * package reads it as a stream (SheetJS's builds on npm are frozen at 0.18.5 and, like cfb and
 * xlsjs, read the whole file into memory), and a 100,000-row .xls held whole breaks the memory bound.
 */
export async function readSheet(input: { fileName: string; stream: Readable }, limits: ReadLimits): Promise<Sheet> {
  const { fileName } = input
  const ext = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase()
  const { head, chunks } = await takeHead(input.stream, 4096)
  let raw: AsyncGenerator<RawRow[]>
  switch (ext) {
    case 'xlsx':
      if (!isZip(head)) throw typeError(fileName, input.stream)
      raw = xlsxRows(chunks, fileName, limits)
      break
    case 'xls':
      input.stream.destroy()
      throw isOle(head) ? new AppError('E_UPLOAD_XLS', { fileName }) : new AppError('E_UPLOAD_TYPE', { fileName })
    case 'csv':
    case 'txt': {
      const encoding = sniffEncoding(head)
      if (!encoding || !looksLikeText(head, encoding)) throw typeError(fileName, input.stream)
      raw = csvRows(chunks, encoding, fileName, limits)
      break
    }
    default:
      throw typeError(fileName, input.stream)
  }
  return sheetOf(raw, limits)
}

function typeError(fileName: string, stream: Readable) {
  stream.destroy()
  return new AppError('E_UPLOAD_TYPE', { fileName })
}

/** Reads the first `n` bytes (or all, if fewer) and hands back every chunk, those included, in order. */
async function takeHead(stream: Readable, n: number): Promise<{ head: Buffer; chunks: AsyncIterable<Uint8Array> }> {
  const it = stream[Symbol.asyncIterator]() as AsyncIterator<Uint8Array | string>
  const taken: Buffer[] = []
  let size = 0
  let ended = false
  while (size < n) {
    const next = await it.next()
    if (next.done) {
      ended = true
      break
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : Buffer.from(next.value)
    taken.push(chunk)
    size += chunk.length
  }
  const head = Buffer.concat(taken)
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      if (taken.length) yield Buffer.concat(taken.splice(0))
      if (ended) return
      for (;;) {
        const next = await it.next()
        if (next.done) return
        yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value
      }
    } finally {
      await it.return?.()
    }
  }
  return { head: head.subarray(0, n), chunks: chunks() }
}

const isZip = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === 0x04034b50
const isOle = (b: Buffer) => b.length >= 8 && b.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex'))

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'guess'

/** A byte-order mark says UTF-8 or UTF-16; without one the text is UTF-8 if it decodes as such, Latin-1 otherwise. */
export function sniffEncoding(head: Buffer): TextEncoding | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8'
  if (head[0] === 0xff && head[1] === 0xfe) return head[2] === 0 && head[3] === 0 ? undefined : 'utf-16le' // not UTF-32
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be'
  return 'guess'
}

/** Text has no NUL or other control bytes (tab and line ends aside) in its first kilobyte, and is no PDF. */
export function looksLikeText(head: Buffer, encoding: TextEncoding): boolean {
  const sample =
    encoding === 'utf-16le' || encoding === 'utf-16be'
      ? new TextDecoder(encoding).decode(head.subarray(0, 2048))
      : head.subarray(0, 1024).toString('latin1')
  if (sample.startsWith('%PDF')) return false
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i)
    if (c < 0x09 || (c > 0x0d && c < 0x20)) return false
  }
  return true
}

/**
 * Turns a byte stream into UTF-8 bytes chunk by chunk (csv-parse reads bytes, so UTF-8 input passes
 * through untouched). In `guess` mode chunks stay undecided while they are pure ASCII (read the same
 * either way); the first chunk with other bytes decides: valid UTF-8 (an unfinished sequence at its
 * end allowed) means UTF-8, anything else Latin-1 as Windows writes it (cp1252, a superset).
 */
export class Utf8Transcoder {
  private decoder: TextDecoder | undefined
  private utf8: boolean
  private first = true

  constructor(encoding: TextEncoding) {
    this.utf8 = encoding === 'utf-8'
    if (encoding === 'utf-16le' || encoding === 'utf-16be') this.decoder = new TextDecoder(encoding)
  }

  write(chunk: Uint8Array): Uint8Array {
    if (this.first) {
      this.first = false
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3)
    }
    if (this.utf8) return chunk
    if (!this.decoder) {
      if (isAscii(chunk)) return chunk
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(chunk, { stream: true })
        this.utf8 = true
        return chunk
      } catch {
        this.decoder = new TextDecoder('windows-1252')
      }
    }
    return Buffer.from(this.decoder.decode(chunk, { stream: true }), 'utf8')
  }

  end(): Uint8Array {
    return Buffer.from(this.decoder?.decode() ?? '', 'utf8')
  }
}

const DELIMITERS = [',', ';', '\t'] as const

/** The delimiter the header line uses most, outside quotes; a comma when it uses none. */
export function sniffDelimiter(line: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]))
  let quoted = false
  for (const ch of line) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1)
  }
  let best: string = ','
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d
  return best
}

/** The longest header line the delimiter is sniffed from; a longer first line is read with a comma. */
const HEADER_SNIFF = 1 << 16
/** One record's characters: beyond it the file is no trade file (and csv-parse would buffer it whole). */
const MAX_RECORD = 1 << 20

/**
 * The file's records in batches, as the parser makes them from each chunk of text: one await a chunk
 * (a few hundred rows), not one per row through an async iterator (about 0.1 s of a 100,000-row
 * preview's 1.6 s, measured against the bare parser). Cells are trimmed; rows with no text are left out.
 */
async function* csvRows(
  chunks: AsyncIterable<Uint8Array>,
  encoding: TextEncoding,
  fileName: string,
  limits: ReadLimits,
): AsyncGenerator<RawRow[]> {
  const transcoder = new Utf8Transcoder(encoding)
  let bytes = 0
  const utf8 = (async function* () {
    for await (const chunk of chunks) {
      bytes += chunk.length
      if (bytes > limits.maxBytes) throw tooLarge(limits.maxBytes)
      const out = transcoder.write(chunk)
      if (out.length) yield out
    }
    const rest = transcoder.end()
    if (rest.length) yield rest
  })()
  // The delimiter comes from the first non-empty line, so hold bytes back until one is complete.
  const held: Uint8Array[] = []
  let heldText = ''
  for (;;) {
    if (/^[\r\n]*[^\r\n]*[\r\n]/.test(heldText) || heldText.length > HEADER_SNIFF) break
    const next = await utf8.next()
    if (next.done) break
    held.push(next.value)
    heldText = Buffer.concat(held).toString('utf8')
  }
  const delimiter = sniffDelimiter(/^[\r\n]*([^\r\n]*)/.exec(heldText)?.[1] ?? '')
  const parser = parse({
    delimiter,
    bom: false,
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD,
  })
  const source = Readable.from(
    (async function* () {
      yield* held.splice(0)
      yield* utf8
    })(),
    { objectMode: false },
  )
  let failed: unknown
  let ended = false
  let wake: (() => void) | undefined
  const stir = () => wake?.()
  parser.on('readable', stir)
  parser.on('end', () => {
    ended = true
    stir()
  })
  // The source's errors (a file over the limit) reach the parser through the pipeline as its own;
  // the pipeline's own (a stream closed early) end the reading too, rather than leave it waiting.
  const fail = (err: unknown) => {
    failed ??= err
    stir()
  }
  parser.on('error', fail)
  pipeline(source, parser, (err) => err && fail(err))
  try {
    for (;;) {
      const batch: RawRow[] = []
      let next: { record: string[]; info: { lines: number } } | null
      while ((next = parser.read() as typeof next) !== null) {
        const cells = next.record
        let text = false
        for (let i = 0; i < cells.length; i++) {
          const c = cells[i]!.trim()
          cells[i] = c
          if (c !== '') text = true
        }
        if (text) batch.push({ row: next.info.lines, cells })
      }
      if (batch.length) yield batch
      else if (failed) throw failed
      else if (ended) return
      else await new Promise<void>((resolve) => (wake = resolve))
    }
  } catch (err) {
    if (err instanceof AppError) throw err
    // Text that is not well-formed CSV is not a file of the wrong type: its own code says what is wrong.
    if (err instanceof CsvError) throw new AppError('E_UPLOAD_CSV', { fileName, line: err.lines, reason: err.code })
    throw err
  } finally {
    source.destroy()
    parser.destroy()
  }
}

/**
 * Header from the first row, one data row read ahead (no data: E_UPLOAD_EMPTY), the rest as the caller
 * pulls, in the batches the reader made.
 */
async function sheetOf(raw: AsyncGenerator<RawRow[]>, limits: ReadLimits): Promise<Sheet> {
  try {
    let pending: RawRow[] = []
    const take = async () => {
      while (pending.length === 0) {
        const next = await raw.next()
        if (next.done) throw new AppError('E_UPLOAD_EMPTY')
        pending = next.value
      }
    }
    await take()
    const headers = pending[0]!.cells
    pending = pending.slice(1)
    while (headers.length > 0 && headers.at(-1) === '') headers.pop()
    await take()
    const batches = dataRows(pending, raw, headers.length, limits.maxRows)
    return { headers, batches, rows: oneByOne(batches) }
  } catch (err) {
    await raw.return(undefined)
    throw err
  }
}

async function* oneByOne(batches: AsyncIterable<SheetRow[]>): AsyncGenerator<SheetRow> {
  for await (const batch of batches) yield* batch
}

async function* dataRows(
  first: RawRow[],
  raw: AsyncGenerator<RawRow[]>,
  width: number,
  maxRows: number,
): AsyncGenerator<SheetRow[]> {
  let count = 0
  const fit = (batch: RawRow[]): SheetRow[] => {
    count += batch.length
    if (count > maxRows)
      throw new AppError(
        'E_UPLOAD_ROWS',
        { limit: maxRows },
        `The file has more than ${maxRows} rows. Please split it into smaller files.`,
      )
    for (const { cells } of batch) {
      if (cells.length > width) cells.length = width
      while (cells.length < width) cells.push('')
    }
    return batch
  }
  try {
    yield fit(first)
    for (;;) {
      const next = await raw.next()
      if (next.done) return
      yield fit(next.value)
    }
  } finally {
    await raw.return(undefined)
  }
}
