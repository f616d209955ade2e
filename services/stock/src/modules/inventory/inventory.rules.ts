import { rapCents } from '../rap/rap.rules'
import { countrySpellings, normalizeValue, parseNumber, type NumericField } from './inventory.mapping'
import type {
  ListingPolicy,
  Mapping,
  ReasonCode,
  RowOutcome,
  SheetRow,
  StoneDraft,
  UploadField,
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

/**
 * Checks one upload's rows: one checker per upload, because it remembers the stock numbers it has
 * seen so the second occurrence of a number is `duplicate.stoneId`. Pure: no clock, no I/O; the Rap
 * grid (modules/rap) derives `back` when a row gives only a price per carat or a total.
 */
export class RowChecker {
  private readonly col = new Map<UploadField, number>()
  private readonly freeText: number[] = []
  private readonly seen = new Set<string>()
  private readonly banned: ReadonlySet<string>

  constructor(headers: string[], mapping: Mapping, policy: ListingPolicy = DEFAULT_LISTING_POLICY) {
    headers.forEach((h, i) => {
      const field = mapping[h.trim()]
      if (field && !this.col.has(field)) this.col.set(field, i)
      else if (!field && FREE_TEXT_HEADER.test(h)) this.freeText.push(i)
    })
    this.banned = new Set(policy.bannedOrigins.flatMap(countrySpellings))
  }

  check(row: SheetRow): RowOutcome {
    const raw = (f: UploadField) => {
      const i = this.col.get(f)
      return i === undefined ? '' : (row.cells[i] ?? '').trim()
    }
    const reasons: ReasonCode[] = []
    const text: Partial<Record<UploadField, string>> = {}
    const num: Partial<Record<NumericField, number>> = {}

    const stockNo = raw('stoneId')
    for (const f of REQUIRED) if (raw(f) === '') reasons.push(`required.${f}`)
    if (stockNo && !STONE_ID.test(stockNo)) reasons.push('invalid.stoneId')
    const stockKey = stockNo.toUpperCase()
    if (stockNo && this.seen.has(stockKey)) reasons.push('duplicate.stoneId')
    if (stockNo) this.seen.add(stockKey)
    const certNo = raw('certNo')
    if (!CERT_NO.test(certNo)) reasons.push('invalid.certNo')

    const shadeRaw = raw('shade')
    const whiteStone = raw('fancyColor') === ''
    const greenShade = /green/i.test(shadeRaw)
    for (const f of GRADED) {
      const v = raw(f)
      if (v === '') continue
      const value = normalizeValue(f, v)
      if (value === null) reasons.push(`invalid.${f}`)
      else text[f] = value
    }
    if (shadeRaw && !(greenShade && whiteStone)) {
      const value = normalizeValue('shade', shadeRaw)
      if (value === null) reasons.push('invalid.shade')
      else text.shade = value
    }

    this.numbers(raw, reasons, num)
    const back = this.back(num, text, reasons)

    // ---- listing rules ----
    const growthRaw = raw('growthType')
    const growth = growthRaw ? normalizeValue('growthType', growthRaw) : 'NATURAL'
    if (growth === null) reasons.push('invalid.growthType')
    const labRaw = raw('lab')
    const anyLabGrown = row.cells.some((c) => LAB_GROWN.test(c))
    if (growth === 'LAB' || anyLabGrown || LG_REPORT.test(certNo) || LG_LAB.test(labRaw)) reasons.push('rule.labGrown')

    const comments = raw('comments')
    const symbols = raw('keyToSymbol')
    const free = [comments, symbols, ...this.freeText.map((i) => row.cells[i] ?? '')].filter(Boolean)
    const fancyGreen = !whiteStone
    if ((greenShade && whiteStone) || (!fancyGreen && free.some((t) => GREEN_TINT.test(t))))
      reasons.push('rule.greenTint')

    const origin = raw('origin')
    const originValue = origin ? normalizeValue('origin', origin)! : ''
    if (
      origin &&
      this.banned.has(
        originValue
          .toUpperCase()
          .replace(/[._\s/-]+/g, ' ')
          .trim(),
      )
    )
      reasons.push('rule.bannedOrigin')

    const treatmentRaw = raw('treatment')
    const treatment = treatmentRaw ? normalizeValue('treatment', treatmentRaw)! : ''
    if (treatment === '') reasons.push('rule.treatmentUndeclared')
    else if (treatment === 'NONE' && free.some((t) => TREATED.test(t))) reasons.push('rule.falseTreatment')

    if (reasons.length > 0) return { row: row.row, stockNo, ok: false, reasons: [...new Set(reasons)] }

    const measured = this.measurements(raw('length'))
    const draft: StoneDraft = {
      stoneId: stockNo,
      certNo,
      shape: text.shape!,
      carat: num.carat!,
      color: text.color!,
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
      imageUrl: raw('imageUrl'),
      videoUrl: raw('videoUrl'),
      certificateUrl: raw('certificateUrl'),
    }
    return { row: row.row, stockNo, ok: true, draft, flags: [] }
  }

  private numbers(
    raw: (f: UploadField) => string,
    reasons: ReasonCode[],
    num: Partial<Record<NumericField, number>>,
  ): void {
    for (const f of Object.keys(RANGES) as NumericField[]) {
      const v = raw(f)
      if (v === '') continue
      // A length cell may hold the whole measurements (6.45-6.48x3.99).
      if (f === 'length' && this.measurements(v)) continue
      const n = parseNumber(v, f)
      if (n === null) {
        reasons.push(`invalid.${f}`)
        continue
      }
      const [min, max] = RANGES[f]
      if (n < min || n > max) reasons.push(`range.${f}`)
      else num[f] = n
    }
    const m = this.measurements(raw('length'))
    if (m && m.some((x) => x < RANGES.length[0] || x > RANGES.length[1])) reasons.push('range.length')
  }

  /** Length, width and height from "6.45-6.48x3.99", "6.45*6.48*3.99", "6.45 x 6.48 x 3.99"; undefined for one number. */
  private measurements(v: string): number[] | undefined {
    const parts = v
      .replace(/mm/gi, '')
      .split(/\s*[x×*\-/]\s*/i)
      .filter(Boolean)
    if (parts.length < 2 || parts.length > 3) return undefined
    const nums = parts.map((p) => parseNumber(p, 'length'))
    return nums.every((n) => n !== null) ? nums : undefined
  }

  /** The discount against Rap: as given, or derived from the price per carat or the total via the Rap grid. */
  private back(
    num: Partial<Record<NumericField, number>>,
    text: Partial<Record<UploadField, string>>,
    reasons: ReasonCode[],
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
    if (!shape || !color || !clarity || carat === undefined) return undefined // their own reasons are given
    const ppc = ppcGiven ?? totalGiven! / carat
    const rap = rapCents(shape, carat, color, clarity) / 100
    const back = Math.round((ppc / rap - 1) * 10_000) / 100
    const [min, max] = RANGES.back
    if (back < min || back > max) {
      reasons.push(ppcGiven !== undefined ? 'range.pricePerCarat' : 'range.totalPrice')
      return undefined
    }
    return back
  }
}
