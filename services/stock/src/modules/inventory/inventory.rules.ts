import { rapCents } from '../rap/rap.rules'
import { countrySpellings, normalizeValue, parseNumber, type NumericField } from './inventory.mapping'
import {
  UPLOAD_FIELDS,
  type ListingPolicy,
  type Mapping,
  type ReasonCode,
  type RowOutcome,
  type SheetRow,
  type StoneDraft,
  type UploadField,
} from './inventory.types'

/**
 * The portal's listing policy by default. One country of origin is refused (spec section 5 "diamonds
 * from one named country of origin are prohibited"): Russia. Since 1 January 2024 the G7 and the EU
 * ban Russian diamonds (ALROSA, the Russian state miner, is under sanctions), and since 1 March 2024
 * that ban reaches stones polished elsewhere from Russian rough: it is the one origin the whole
 * trade refuses. Operators can change the list (ListingPolicy.bannedOrigins).
 */
export const DEFAULT_LISTING_POLICY: ListingPolicy = { bannedOrigins: ['Russia'] }

/** Numeric bounds, as StoneCreate (contracts/src/http/stock.ts) has them; prices must be positive. */
export const RANGES: Record<NumericField, readonly [number, number]> = {
  carat: [0.01, 99.99],
  back: [-99.99, 100],
  pricePerCarat: [0.01, 10_000_000],
  totalPrice: [0.01, 1_000_000_000],
  length: [0, 100],
  width: [0, 100],
  height: [0, 100],
  depPer: [0, 100],
  tblPer: [0, 100],
}

const STONE_ID = /^[A-Za-z0-9-]{1,40}$/
const CERT_NO = /^[A-Za-z0-9-]{0,20}$/

/** Fields a row must have (a price besides: back, price per carat or total). */
const REQUIRED = ['stoneId', 'shape', 'carat', 'color', 'clarity', 'lab'] as const
/** What a colour-grade column holds for a fancy-colour stone: "Fancy", "Fancy Yellow", "FC", "FY", "N/A". */
const FANCY_IN_COLOR = /^(fancy\b.*|fc|fy|n\/?a|-)$/i

const GRADED: readonly UploadField[] = [
  'shape',
  'color',
  'clarity',
  'cut',
  'polish',
  'symmetry',
  'fluorescence',
  'lab',
  'location',
  'girdle',
  'culet',
  'fancyColor',
  'fancyIntensity',
  'fancyOvertone',
  'eyeClean',
  'milky',
]

// ---- the listing rules' readings of free text ----

/** "lab grown", "lab-created", LGD, CVD, "HPHT grown", synthetic — not when negated ("not lab grown"). */
const LAB_GROWN =
  /(?<!\bnot\s|\bnon[\s-]?|\bno\s)\b(lab(oratory)?[\s-]*(grown|created|made|diamond)|lgd|cvd|hpht[\s-]*grown|synthetic|man[\s-]*made)\b/i
/** A lab-grown report: IGI's and GIA's lab-grown report numbers start with LG; lab names like IGI-LG. */
const LG_REPORT = /^LG\d/i
const LG_LAB = /^(IGI|GIA|HRD|GCAL|EGL)[\s-]*LG\b|\bLAB[\s-]*GROWN\b/i
/** A green tint, tinge, shade or hue, or a greenish one, named in text. */
const GREEN_TINT = /\bgreen(ish)?[\s-]*(tint|tinge|shade|hue|cast)\b|\b(tint|tinge|shade|hue)\s*[:=-]?\s*green(ish)?\b/i
/** What grading reports and sellers write for a treated stone. */
const TREATED =
  /(?<!\bnot\s|\bno\s|\bnon[\s-]?)\b(laser[\s-]*drill(ed|ing)?(\s*holes?)?|internal\s+laser\s+drilling|ld|hpht(?![\s-]*grown)|fracture[\s-]*fill(ed|ing)?|clarity[\s-]*enhanced|colou?r[\s-]*enhanced|coat(ed|ing)|irradiat(ed|ion)|treated)\b/i
/** Columns a file's free text lives in besides comments and key to symbols (RapNet's "Cert comment"…). */
const FREE_TEXT_HEADER = /comment|remark|note|symbol|description|inclusion/i

/** Cheap tests that every match of the rule above needs (a literal it must contain): most cells fail them. */
const LAB_GROWN_HINT = /lab|lgd|cvd|hpht|synthetic|man/i
const GREEN_HINT = /green/i
const TREATED_HINT = /laser|ld|hpht|fracture|enhanced|coat|irradiat|treated/i
/** Joins a row's cells for one regex pass: no rule's match can cross it (no word, space or dash). */
const CELL_JOIN = '\u001f'

/** Distinct values remembered per field: trade files repeat a few dozen grades, a hostile file cannot grow it. */
const MEMO_MAX = 2048

/** `fn` remembered for up to MEMO_MAX distinct inputs (the rules are pure, so the answer never changes). */
function memoized<T>(fn: (v: string) => T): (v: string) => T {
  const memo = new Map<string, T>()
  return (v) => {
    const hit = memo.get(v)
    if (hit !== undefined || memo.has(v)) return hit as T
    const out = fn(v)
    if (memo.size < MEMO_MAX) memo.set(v, out)
    return out
  }
}

/** Some text matches `rule`; `hint` (a literal every match contains) rules most texts out cheaply. */
function anyMatch(texts: readonly string[], hint: RegExp, rule: RegExp): boolean {
  for (const t of texts) if (hint.test(t) && rule.test(t)) return true
  return false
}

const NUMERIC_LIST = Object.keys(RANGES) as NumericField[]

/** A plain decimal (`1.01`, `-31.5`, `.5`, `7.`): what parseNumber would read unchanged, read without its regexes. */
function plainNumber(v: string): number | null {
  let digits = 0
  let dots = 0
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i)
    if (c >= 48 && c <= 57) digits++
    else if (c === 46) dots++
    else if (!(i === 0 && (c === 45 || c === 43))) return null
  }
  return digits > 0 && dots <= 1 ? Number(v) : null
}

/**
 * Checks one upload's rows: one checker per upload, because it remembers the stock numbers it has
 * seen so the second occurrence of a number is `duplicate.stoneId`. Pure: no clock, no I/O; the Rap
 * grid (modules/rap) derives `back` when a row gives only a price per carat or a total. The column of
 * each field is found once, and a field's normalised values are remembered (a 100,000-row file
 * repeats the same few grades), so a row costs a few lookups rather than a few dozen regexes.
 */
export class RowChecker {
  private readonly col = new Map<UploadField, number>()
  private readonly freeText: number[] = []
  private readonly seen = new Set<string>()
  private readonly banned: ReadonlySet<string>
  /** Each field's cell index, -1 when no column fills it. */
  private readonly at: Record<UploadField, number>
  /** The graded fields the file has, with their column and remembered readings. */
  private readonly graded: { field: UploadField; i: number; norm: (v: string) => string | null }[]
  private readonly numeric: { field: NumericField; i: number; min: number; max: number }[]
  private readonly shadeOf = memoized((v) => normalizeValue('shade', v))
  private readonly growthOf = memoized((v) => normalizeValue('growthType', v))
  private readonly originOf = memoized((v) => normalizeValue('origin', v)!)
  private readonly treatmentOf = memoized((v) => normalizeValue('treatment', v)!)
  private readonly isBanned = memoized((origin) =>
    this.banned.has(
      origin
        .toUpperCase()
        .replace(/[._\s/-]+/g, ' ')
        .trim(),
    ),
  )

  constructor(headers: string[], mapping: Mapping, policy: ListingPolicy = DEFAULT_LISTING_POLICY) {
    headers.forEach((h, i) => {
      const field = mapping[h.trim()]
      if (field && !this.col.has(field)) this.col.set(field, i)
      else if (!field && FREE_TEXT_HEADER.test(h)) this.freeText.push(i)
    })
    this.banned = new Set(policy.bannedOrigins.flatMap(countrySpellings))
    this.at = Object.fromEntries(UPLOAD_FIELDS.map((f) => [f, this.col.get(f) ?? -1])) as Record<UploadField, number>
    this.graded = GRADED.filter((f) => this.at[f] >= 0).map((field) => ({
      field,
      i: this.at[field],
      norm: memoized((v) => normalizeValue(field, v)),
    }))
    this.numeric = NUMERIC_LIST.filter((f) => this.at[f] >= 0).map((field) => ({
      field,
      i: this.at[field],
      min: RANGES[field][0],
      max: RANGES[field][1],
    }))
  }

  check(row: SheetRow): RowOutcome {
    const cells = row.cells
    const reasons: ReasonCode[] = []
    const text: Partial<Record<UploadField, string>> = {}
    const num: Partial<Record<NumericField, number>> = {}

    const stockNo = this.cell(cells, 'stoneId')
    // A fancy-colour stone is graded by its fancy colour: its colour grade may be empty, or what trade
    // files write there for one ("Fancy", "FY", "N/A").
    const whiteStone = this.cell(cells, 'fancyColor') === ''
    const gradeOfFancy = !whiteStone && FANCY_IN_COLOR.test(this.cell(cells, 'color'))
    for (const f of REQUIRED)
      if (this.cell(cells, f) === '' && (whiteStone || f !== 'color')) reasons.push(`required.${f}`)
    if (stockNo && !STONE_ID.test(stockNo)) reasons.push('invalid.stoneId')
    const stockKey = stockNo.toUpperCase()
    if (stockNo && this.seen.has(stockKey)) reasons.push('duplicate.stoneId')
    if (stockNo) this.seen.add(stockKey)
    const certNo = this.cell(cells, 'certNo')
    if (!CERT_NO.test(certNo)) reasons.push('invalid.certNo')

    const shadeRaw = this.cell(cells, 'shade')
    const greenShade = shadeRaw !== '' && GREEN_HINT.test(shadeRaw)
    for (const g of this.graded) {
      const v = (cells[g.i] ?? '').trim()
      if (v === '' || (gradeOfFancy && g.field === 'color')) continue
      const value = g.norm(v)
      if (value === null) reasons.push(`invalid.${g.field}`)
      else text[g.field] = value
    }
    if (shadeRaw && !(greenShade && whiteStone)) {
      const value = this.shadeOf(shadeRaw)
      if (value === null) reasons.push('invalid.shade')
      else text.shade = value
    }

    const measured = this.measurements(this.cell(cells, 'length'))
    this.numbers(cells, measured, reasons, num)
    const back = this.back(num, text, reasons, !whiteStone)
    // A price given instead of a discount is the seller's: kept to the cent (the discount is derived).
    const given =
      num.back === undefined && num.carat !== undefined
        ? num.pricePerCarat !== undefined
          ? { pricePerCaratCents: Math.round(num.pricePerCarat * 100) }
          : num.totalPrice !== undefined
            ? {
                pricePerCaratCents: Math.round((num.totalPrice * 100) / num.carat),
                totalCents: Math.round(num.totalPrice * 100),
              }
            : {}
        : {}

    // ---- listing rules ----
    const growthRaw = this.cell(cells, 'growthType')
    const growth = growthRaw ? this.growthOf(growthRaw) : 'NATURAL'
    if (growth === null) reasons.push('invalid.growthType')
    const labRaw = this.cell(cells, 'lab')
    const joined = cells.join(CELL_JOIN)
    const anyLabGrown = LAB_GROWN_HINT.test(joined) && LAB_GROWN.test(joined)
    if (growth === 'LAB' || anyLabGrown || LG_REPORT.test(certNo) || LG_LAB.test(labRaw)) reasons.push('rule.labGrown')

    const comments = this.cell(cells, 'comments')
    const symbols = this.cell(cells, 'keyToSymbol')
    const free: string[] = []
    if (comments) free.push(comments)
    if (symbols) free.push(symbols)
    for (const i of this.freeText) if (cells[i]) free.push(cells[i])
    const fancyGreen = !whiteStone
    if ((greenShade && whiteStone) || (!fancyGreen && anyMatch(free, GREEN_HINT, GREEN_TINT)))
      reasons.push('rule.greenTint')

    const origin = this.cell(cells, 'origin')
    const originValue = origin ? this.originOf(origin) : ''
    if (origin && this.isBanned(originValue)) reasons.push('rule.bannedOrigin')

    const treatmentRaw = this.cell(cells, 'treatment')
    const treatment = treatmentRaw ? this.treatmentOf(treatmentRaw) : ''
    if (treatment === '') reasons.push('rule.treatmentUndeclared')
    else if (treatment === 'NONE' && anyMatch(free, TREATED_HINT, TREATED)) reasons.push('rule.falseTreatment')

    if (reasons.length > 0) return { row: row.row, stockNo, ok: false, reasons: [...new Set(reasons)] }

    const draft: StoneDraft = {
      stoneId: stockNo,
      certNo,
      shape: text.shape!,
      carat: num.carat!,
      color: text.color ?? '',
      clarity: text.clarity!,
      cut: text.cut ?? '',
      polish: text.polish ?? '',
      symmetry: text.symmetry ?? '',
      fluorescence: text.fluorescence ?? '',
      lab: text.lab!,
      location: text.location ?? '',
      shade: text.shade ?? '',
      back: back!,
      length: num.length ?? measured?.[0] ?? 0,
      width: num.width ?? measured?.[1] ?? 0,
      height: num.height ?? measured?.[2] ?? 0,
      depPer: num.depPer ?? 0,
      tblPer: num.tblPer ?? 0,
      girdle: text.girdle ?? '',
      culet: text.culet ?? '',
      treatment,
      origin: originValue,
      growthType: 'NATURAL',
      keyToSymbol: symbols,
      comments,
      fancyColor: text.fancyColor ?? '',
      fancyIntensity: text.fancyIntensity ?? '',
      fancyOvertone: text.fancyOvertone ?? '',
      eyeClean: text.eyeClean ?? '',
      milky: text.milky ?? '',
      imageUrl: this.cell(cells, 'imageUrl'),
      videoUrl: this.cell(cells, 'videoUrl'),
      certificateUrl: this.cell(cells, 'certificateUrl'),
      ...given,
    }
    return { row: row.row, stockNo, ok: true, draft, flags: [] }
  }

  /** The trimmed cell of a field ('' when no column fills it). */
  private cell(cells: readonly string[], f: UploadField): string {
    const i = this.at[f]
    return i < 0 ? '' : (cells[i] ?? '').trim()
  }

  private numbers(
    cells: readonly string[],
    measured: number[] | undefined,
    reasons: ReasonCode[],
    num: Partial<Record<NumericField, number>>,
  ): void {
    for (const { field: f, i, min, max } of this.numeric) {
      const v = (cells[i] ?? '').trim()
      if (v === '') continue
      // A length cell may hold the whole measurements (6.45-6.48x3.99).
      if (f === 'length' && measured) continue
      const n = plainNumber(v) ?? parseNumber(v, f)
      if (n === null) {
        reasons.push(`invalid.${f}`)
        continue
      }
      if (n < min || n > max) reasons.push(`range.${f}`)
      else num[f] = n
    }
    if (measured && measured.some((x) => x < RANGES.length[0] || x > RANGES.length[1])) reasons.push('range.length')
  }

  /** Length, width and height from "6.45-6.48x3.99", "6.45*6.48*3.99", "6.45 x 6.48 x 3.99"; undefined for one number. */
  private measurements(v: string): number[] | undefined {
    if (v === '') return undefined
    const parts = v
      .replace(/mm/gi, '')
      .split(/\s*[x×*\-/]\s*/i)
      .filter(Boolean)
    if (parts.length < 2 || parts.length > 3) return undefined
    const nums = parts.map((p) => plainNumber(p) ?? parseNumber(p, 'length'))
    return nums.every((n) => n !== null) ? nums : undefined
  }

  /** The discount against Rap: as given, or derived from the price per carat or the total via the Rap grid. */
  private back(
    num: Partial<Record<NumericField, number>>,
    text: Partial<Record<UploadField, string>>,
    reasons: ReasonCode[],
    fancy: boolean,
  ): number | undefined {
    if (num.back !== undefined) return num.back
    const ppcGiven = num.pricePerCarat
    const totalGiven = num.totalPrice
    if (ppcGiven === undefined && totalGiven === undefined) {
      if (!reasons.some((r) => /^(invalid|range)\.(back|pricePerCarat|totalPrice)$/.test(r)))
        reasons.push('required.back')
      return undefined
    }
    const { shape, color, clarity } = text
    const carat = num.carat
    // Their own reasons are given. A fancy colour's price is set against the list's top colour, as its
    // colour grade is none (rapCents reads '' so).
    if (!shape || (!color && !fancy) || !clarity || carat === undefined) return undefined
    const ppc = ppcGiven ?? totalGiven! / carat
    const rap = rapCents(shape, carat, color ?? '', clarity) / 100
    const back = Math.round((ppc / rap - 1) * 10_000) / 100
    const [min, max] = RANGES.back
    if (back < min || back > max) {
      reasons.push(ppcGiven !== undefined ? 'range.pricePerCarat' : 'range.totalPrice')
      return undefined
    }
    return back
  }
}
