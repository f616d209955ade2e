import { addStone, EMPTY_SUMS, totalsOf, type GridTotals, type TotalsSums } from '@diamond/contracts/grid-totals'
import { indiaWallClock } from '@diamond/contracts/india-time'
import {
  DOWNLOAD_COLUMNS,
  PRICE_COLUMNS,
  type DownloadColumn,
  type DownloadKind,
} from '@diamond/contracts/http/downloads'
import type { StoneRow } from '@diamond/contracts/http/stock'
import { shownLab } from '@diamond/contracts/http/stock.values'
import type { FieldProblem } from '../search/search.rules'

/**
 * What goes into a downloaded file, decided without I/O: which columns a viewer gets, how each
 * value is written (spec section 9: 2 decimals, Rap whole, USD, dd/LL/y in Asia/Kolkata; section 4:
 * a dash for empty or zero, cut NON as a dash, the lab replaced by the status description), the
 * totals, and how text from the stock is kept from running as a spreadsheet formula.
 */

/**
 * A cell whose text begins with = + - @ (or a tab or carriage return, which some spreadsheet
 * programs skip before reading a formula) would run as a formula when a spreadsheet opens the
 * file. Such text gets a leading single quote and stays text.
 */
export const FORMULA_START = /^[=+\-@\t\r]/
export const needsNeutralising = (text: string): boolean => FORMULA_START.test(text)
export const neutralise = (text: string): string => (needsNeutralising(text) ? `'${text}` : text)

type Kind = 'text' | 'lab' | 'color' | 'cut' | 'two' | 'usd' | 'whole' | 'int' | 'yesNo' | 'date'
interface ColumnSpec {
  header: string
  kind: Kind
}

/** Headers in English, the portal's default language (the web grid shows the same names). */
export const COLUMN_SPECS: Record<DownloadColumn, ColumnSpec> = {
  vStnId: { header: 'Stone No', kind: 'text' },
  stoneId: { header: 'Packet No', kind: 'text' },
  certNo: { header: 'Report No', kind: 'text' },
  lbNm: { header: 'Lab', kind: 'lab' },
  shpNm: { header: 'Shape', kind: 'text' },
  shpFullNm: { header: 'Shape Name', kind: 'text' },
  crt: { header: 'Carat', kind: 'two' },
  pcs: { header: 'Pcs', kind: 'int' },
  colNm: { header: 'Color', kind: 'color' },
  clrNm: { header: 'Clarity', kind: 'text' },
  cutNm: { header: 'Cut', kind: 'cut' },
  polNm: { header: 'Polish', kind: 'text' },
  symNm: { header: 'Symm', kind: 'text' },
  fluNm: { header: 'Fluor', kind: 'text' },
  locNm: { header: 'Location', kind: 'text' },
  shdNm: { header: 'Shade', kind: 'text' },
  rap: { header: 'Rap.($)', kind: 'whole' },
  back: { header: 'Disc %', kind: 'two' },
  amt: { header: 'Price / Carat', kind: 'usd' },
  ctPr: { header: 'Amount', kind: 'usd' },
  rapAvg: { header: 'Rap Avg', kind: 'two' },
  fnDis: { header: 'Final Disc %', kind: 'two' },
  fnAmt: { header: 'Final Price / Carat', kind: 'usd' },
  fnCtpr: { header: 'Final Amount', kind: 'usd' },
  isFcCol: { header: 'Fancy', kind: 'yesNo' },
  fcColNm: { header: 'Fancy Color', kind: 'text' },
  fcIntNm: { header: 'Intensity', kind: 'text' },
  fcOvtNm: { header: 'Overtone', kind: 'text' },
  fcColDesc: { header: 'Fancy Color Description', kind: 'text' },
  depPer: { header: 'Depth %', kind: 'two' },
  tblPer: { header: 'Table %', kind: 'two' },
  ratio: { header: 'Ratio', kind: 'two' },
  length: { header: 'Length', kind: 'two' },
  width: { header: 'Width', kind: 'two' },
  height: { header: 'Depth', kind: 'two' },
  cAng: { header: 'Crown Angle', kind: 'two' },
  cHgt: { header: 'Crown Height', kind: 'two' },
  pAng: { header: 'Pavilion Angle', kind: 'two' },
  pHgt: { header: 'Pavilion Depth', kind: 'two' },
  grdlPer: { header: 'Girdle %', kind: 'two' },
  strLn: { header: 'Star Length', kind: 'two' },
  lwrHal: { header: 'Lower Half', kind: 'two' },
  girdleNm: { header: 'Girdle', kind: 'text' },
  girdleStr: { header: 'Girdle Range', kind: 'text' },
  grdlCondNm: { header: 'Girdle Condition', kind: 'text' },
  cultNm: { header: 'Culet', kind: 'text' },
  cultCondNm: { header: 'Culet Condition', kind: 'text' },
  brlncyNm: { header: 'Brilliancy', kind: 'text' },
  blkTblNm: { header: 'Black Table', kind: 'text' },
  blkSdNm: { header: 'Black Side', kind: 'text' },
  wTblNm: { header: 'White Table', kind: 'text' },
  wSdNm: { header: 'White Side', kind: 'text' },
  opTblNm: { header: 'Open Table', kind: 'text' },
  opCrwnNm: { header: 'Open Crown', kind: 'text' },
  opPavNm: { header: 'Open Pavilion', kind: 'text' },
  eClnNm: { header: 'Eye Clean', kind: 'text' },
  milkyNm: { header: 'Milky', kind: 'text' },
  hANm: { header: 'Heart & Arrow', kind: 'text' },
  keyToSymbol: { header: 'Key to Symbols', kind: 'text' },
  sellerNm: { header: 'Seller', kind: 'text' },
  pairNo: { header: 'Pair No', kind: 'text' },
  showNm: { header: 'Show', kind: 'text' },
  isXray: { header: 'X-Ray', kind: 'yesNo' },
  isType2: { header: 'Type II', kind: 'yesNo' },
  isSeal: { header: 'Sealed', kind: 'yesNo' },
  isDor: { header: 'DOR', kind: 'yesNo' },
  sSts: { header: 'Stock Status', kind: 'text' },
  wSts: { header: 'Web Status Code', kind: 'text' },
  webSts: { header: 'Web Status', kind: 'text' },
  sgiSts: { header: 'Memo Status', kind: 'text' },
  initSts: { header: 'Initial Status', kind: 'text' },
  sStsDesc: { header: 'Status Description', kind: 'text' },
  sgiMemo: { header: 'On Memo', kind: 'yesNo' },
  sgiHold: { header: 'On Hold', kind: 'yesNo' },
  bestBuyMemo: { header: 'Best Buy Memo', kind: 'yesNo' },
  bestBuyHold: { header: 'Best Buy Hold', kind: 'yesNo' },
  arrivedAt: { header: 'Arrived', kind: 'date' },
}

/** A new user's grid columns (contracts' DEFAULT_COLUMNS): what a download shows when none are sent. */
export const DEFAULT_DOWNLOAD_COLUMNS: readonly DownloadColumn[] = [
  'vStnId',
  'shpNm',
  'crt',
  'colNm',
  'clrNm',
  'cutNm',
  'polNm',
  'symNm',
  'fluNm',
  'lbNm',
  'locNm',
  'rap',
  'back',
  'amt',
  'ctPr',
]

const KNOWN: ReadonlySet<string> = new Set(DOWNLOAD_COLUMNS)
const PRICES: ReadonlySet<string> = new Set(PRICE_COLUMNS)
export const isPriceColumn = (c: string): boolean => PRICES.has(c)

/**
 * The columns a viewer gets: the requested ones in their order, checked against the stone row's
 * fields (unknown or repeated names are refused with their position), with every price column
 * left out for a viewer who may not see prices, whatever was asked.
 */
export function columnsFor(
  requested: readonly string[] | undefined,
  showPrices: boolean,
  maxColumns = Infinity,
): { columns: DownloadColumn[]; problems: FieldProblem[] } {
  const problems: FieldProblem[] = []
  const asked = requested ?? DEFAULT_DOWNLOAD_COLUMNS
  const seen = new Set<string>()
  asked.forEach((c, n) => {
    if (!KNOWN.has(c))
      problems.push({ field: `columns.${n}`, in: 'body', message: `is not a known column: ${c.slice(0, 40)}` })
    else if (seen.has(c)) problems.push({ field: `columns.${n}`, in: 'body', message: `is given twice: ${c}` })
    seen.add(c)
  })
  if (problems.length) return { columns: [], problems }
  const columns = (asked as DownloadColumn[]).filter((c) => showPrices || !PRICES.has(c))
  if (columns.length === 0)
    problems.push({ field: 'columns', in: 'body', message: 'has no column this account may see' })
  if (columns.length > maxColumns)
    problems.push({
      field: 'columns',
      in: 'body',
      message: `has ${columns.length} columns; a PDF page fits at most ${maxColumns}`,
    })
  return { columns, problems }
}

/** A typed cell value: numbers stay numbers (with their format) so a spreadsheet can add them up. */
export type Cell =
  | { t: 'blank' }
  | { t: 'text'; v: string }
  | { t: 'num'; v: number; fmt: 'two' | 'usd' | 'whole' | 'int' }
  /** A calendar day in Asia/Kolkata, as midnight UTC of that day (how spreadsheets keep dates). */
  | { t: 'date'; v: Date }

const BLANK: Cell = { t: 'blank' }

/** The Asia/Kolkata calendar day of an instant, as midnight UTC of that day. */
export function kolkataDay(at: Date | string | number): Date {
  const d = indiaWallClock(at)
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()))
}

const text = (s: string | undefined | null): Cell => (s && s.trim() ? { t: 'text', v: s } : BLANK)
const num = (n: number | undefined, fmt: 'two' | 'usd' | 'whole' | 'int'): Cell =>
  n === undefined || n === null || n === 0 || Number.isNaN(n) ? BLANK : { t: 'num', v: n, fmt }

type Row = Omit<StoneRow, 'categories'>

/** One stone's value for one column, as section 4 and 9 show it. */
export function cellOf(row: Row, column: DownloadColumn): Cell {
  const kind = COLUMN_SPECS[column].kind
  const v = row[column as keyof Row]
  switch (kind) {
    case 'text':
      return text(v as string)
    case 'lab':
      return text(shownLab(row))
    case 'color':
      return text(row.isFcCol && !row.colNm ? row.fcColNm : row.colNm)
    case 'cut':
      return row.cutNm === 'NON' ? BLANK : text(row.cutNm)
    case 'yesNo':
      return { t: 'text', v: v ? 'Yes' : 'No' }
    case 'date':
      return v ? { t: 'date', v: kolkataDay(v as string) } : BLANK
    default:
      return num(v as number | undefined, kind)
  }
}

const LOCALE = 'en-US'
const FORMATS = {
  two: new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  usd: new Intl.NumberFormat(LOCALE, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }),
  whole: new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }),
  int: new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }),
}
/** Excel number formats matching the texts above. */
export const EXCEL_FORMATS = {
  two: '#,##0.00',
  usd: '"$"#,##0.00',
  whole: '#,##0',
  int: '0',
  date: 'dd/mm/yyyy',
} as const
export const DASH = '-'

/** The cell as text (PDF): dd/LL/y dates, en-US numbers, a dash for blanks. */
export function cellText(c: Cell): string {
  switch (c.t) {
    case 'blank':
      return DASH
    case 'text':
      return c.v
    case 'date': {
      const p = (n: number) => String(n).padStart(2, '0')
      return `${p(c.v.getUTCDate())}/${p(c.v.getUTCMonth() + 1)}/${c.v.getUTCFullYear()}`
    }
    default:
      return FORMATS[c.fmt].format(c.v)
  }
}

/** The totals under a download: the grid's totals (contracts/grid-totals), counted as the rows stream by. */
export class TotalsCounter {
  private sums: TotalsSums = EMPTY_SUMS

  add(row: Pick<Row, 'crt' | 'ctPr' | 'rap' | 'fnCtpr'>): void {
    this.sums = addStone(this.sums, row)
  }

  result(): GridTotals {
    return totalsOf(this.sums)
  }
}

/**
 * The totals as a last row under the columns: the first column names it, each column that has a
 * total (carat, amounts, the averages) shows it, the rest stay blank.
 */
export function totalsCells(columns: readonly DownloadColumn[], t: GridTotals): Cell[] {
  return columns.map((c, n) => {
    if (n === 0) return { t: 'text', v: `Total: ${t.count} ${t.count === 1 ? 'stone' : 'stones'}` }
    const v = (t as unknown as Record<string, number | undefined>)[c]
    if (v === undefined || c === 'rapAvg' || c === 'fnDis') return BLANK
    const kind = COLUMN_SPECS[c].kind
    return kind === 'two' || kind === 'usd' || kind === 'whole' ? num(v, kind) : BLANK
  })
}

const EXTENSIONS: Record<DownloadKind, string> = { xlsx: 'xlsx', pdf: 'pdf', zip: 'zip' }

/** diamonds-YYYYMMDD.xlsx (the Asia/Kolkata day); the open stock file is full-stock-YYYYMMDD.xlsx. */
export function fileName(
  base: 'diamonds' | 'full-stock' | 'diamond-media',
  kind: DownloadKind,
  now: Date | number,
): string {
  const d = kolkataDay(now)
  const day = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`
  return `${base}-${day}.${EXTENSIONS[kind]}`
}

/** A name safe as a zip folder: the stone number's letters, digits and dashes. */
export const safeEntryName = (s: string): string => s.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60) || 'stone'

/**
 * Calls one address may make within a window (the open full-stock download). Kept per process:
 * a client spread over several instances gets at most `max` from each, still a bounded rate.
 */
export class HitWindow {
  private readonly hits = new Map<string, number[]>()

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts a hit unless the key is at its limit; answers the seconds to wait then, else null. */
  take(key: string, now: number): number | null {
    if (this.hits.size > 10_000) this.prune(now)
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs)
    if (recent.length >= this.max) {
      this.hits.set(key, recent)
      return Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000))
    }
    recent.push(now)
    this.hits.set(key, recent)
    return null
  }

  private prune(now: number): void {
    for (const [k, list] of this.hits) if (list.every((t) => t <= now - this.windowMs)) this.hits.delete(k)
  }
}
