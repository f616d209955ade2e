import { DEMO_COMPANY_IDS } from '@diamond/contracts/companies'
import { MASTERS } from '@diamond/contracts/masters'
import { LAB_RESULT_TEXT, STONE_CATEGORIES } from '@diamond/contracts/http/stock.values'
import { amountCents, pricePerCaratCents, SHAPE_FULL } from '../stones/stones.rules'
import type { Stone } from '../stones/stones.schema'
import { CLARITIES, COLORS, rapCents } from '../rap/rap.rules'

/** A small seeded generator, so demo stock is the same on every machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Weighted<T extends string> = readonly (readonly [T, number])[]
function pick<T extends string>(rnd: () => number, table: Weighted<T>): T {
  const total = table.reduce((s, [, w]) => s + w, 0)
  let x = rnd() * total
  for (const [v, w] of table) if ((x -= w) < 0) return v
  return table[table.length - 1]![0]
}
const uniform = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!
const between = (rnd: () => number, lo: number, hi: number) => Math.round((lo + rnd() * (hi - lo)) * 100) / 100

// Trade-like mixes: rounds dominate, G-H and VS-SI are the bulk, GIA certifies most stones.
export const SHAPES = [
  ['ROUND', 55],
  ['OVAL', 9],
  ['PRINCESS', 6],
  ['CUSHION', 6],
  ['PEAR', 6],
  ['EMERALD', 6],
  ['RADIANT', 5],
  ['MARQUISE', 4],
  ['HEART', 3],
] as const
// Length to width, by shape.
const RATIO: Record<string, [number, number]> = {
  ROUND: [1, 1.01],
  OVAL: [1.3, 1.5],
  PRINCESS: [1, 1.05],
  CUSHION: [1, 1.2],
  PEAR: [1.5, 1.7],
  EMERALD: [1.3, 1.5],
  RADIANT: [1.1, 1.4],
  MARQUISE: [1.8, 2.1],
  HEART: [0.9, 1.1],
}
const COLOR_MIX = [
  ['D', 6],
  ['E', 10],
  ['F', 14],
  ['G', 17],
  ['H', 16],
  ['I', 13],
  ['J', 10],
  ['K', 7],
  ['L', 4],
  ['M', 3],
] as const
const CLARITY_MIX = [
  ['FL', 1],
  ['IF', 4],
  ['VVS1', 8],
  ['VVS2', 11],
  ['VS1', 17],
  ['VS2', 20],
  ['SI1', 19],
  ['SI2', 14],
  ['I1', 6],
] as const
const GRADE_MIX = [
  ['EX', 62],
  ['VG', 28],
  ['GD', 10],
] as const
const FLUOR_MIX = [
  ['NON', 62],
  ['FNT', 16],
  ['MED', 13],
  ['STG', 7],
  ['VST', 2],
] as const
const LAB_MIX = [
  ['GIA', 72],
  ['IGI', 14],
  ['HRD', 11],
  ['NON-CERT', 3],
] as const
const LOCATION_MIX = [
  ['India', 42],
  ['Hong Kong', 17],
  ['New York', 16],
  ['Dubai', 10],
  ['Belgium', 15],
] as const
const SHADE_MIX = [
  ['NONE', 78],
  ['BROWN', 6],
  ['MIX TINGE', 8],
  ['FAINT BROWN', 5],
  ['GREY', 3],
] as const
const BLACK_MIX = [
  ['NONE', 55],
  ['B0', 20],
  ['B1', 15],
  ['B2', 7],
  ['B3', 3],
] as const
const WHITE_MIX = [
  ['NONE', 40],
  ['W0', 25],
  ['W1', 20],
  ['W2', 10],
  ['W3', 5],
] as const
const OPEN_MIX = [
  ['NONE', 80],
  ['O0', 10],
  ['O1', 6],
  ['O2', 3],
  ['O3', 1],
] as const
const MILKY_MIX = [
  ['NONE', 88],
  ['M1', 8],
  ['M2', 3],
  ['M3', 1],
] as const
const GIRDLE_MIX = [
  ['THIN', 12],
  ['MEDIUM', 55],
  ['SLIGHTLY THICK', 22],
  ['THICK', 9],
  ['VERY THICK', 2],
] as const
const CULET_MIX = [
  ['NONE', 85],
  ['VERY SMALL', 10],
  ['SMALL', 4],
  ['MEDIUM', 1],
] as const
const INTENSITY_MIX = [
  ['FAINT', 4],
  ['VERY LIGHT', 6],
  ['LIGHT', 10],
  ['FANCY LIGHT', 18],
  ['FANCY', 22],
  ['FANCY INTENSE', 20],
  ['FANCY VIVID', 10],
  ['FANCY DEEP', 6],
  ['FANCY DARK', 4],
] as const
const FANCY_MIX = [
  ['YELLOW', 60],
  ['PINK', 12],
  ['BLUE', 5],
  ['GREEN', 3],
  ['ORANGE', 5],
  ['BROWN', 15],
] as const
// Web status: mostly available; some on memo, upcoming, on show, in the office, open for bids.
const STATUS_MIX = [
  ['A', 88],
  ['M', 4],
  ['U', 3],
  ['S', 1],
  ['O', 1],
  ['B', 3],
] as const
// Magic sizes: buyers ask for 0.30, 0.50, 0.70, 0.90, 1.00, 1.50, 2.00 and just above.
const SIZE_MIX = [
  ['0.23', 8],
  ['0.30', 16],
  ['0.40', 9],
  ['0.50', 16],
  ['0.70', 13],
  ['0.90', 9],
  ['1.00', 14],
  ['1.50', 7],
  ['2.00', 5],
  ['3.00', 2],
  ['4.00', 0.6],
  ['5.00', 0.4],
] as const

/** A stone as the demo makes it: every column of the stock table but those the database keeps (status version, times, lot). */
export type DemoStone = Omit<Stone, 'inOrder' | 'bidLotId' | 'statusVersion' | 'createdAt' | 'updatedAt'>

/** Deterministic ids, so a reseeded demo keeps its stone ids and bookmarks stay valid. */
function uuidFrom(rnd: () => number): string {
  const h = Array.from({ length: 32 }, () => Math.floor(rnd() * 16).toString(16))
  h[12] = '4'
  h[16] = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)
  const s = h.join('')
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
}

const DAY_MS = 86_400_000
/** Every 50th stone starts a matching pair with the next one. */
export const PAIR_EVERY = 50

/**
 * The demo stone with this number: realistic grading mixes, proportions that fit the shape and size,
 * Rap-based prices, a few fancy colours, parcels, pairs, statuses and categories. `now` anchors the
 * arrival dates (stones arrived over the last 120 days).
 */
export function demoStone(index: number, seed = 2026, now = Date.UTC(2026, 10, 23)): DemoStone {
  const rnd = mulberry32(seed * 1_000_003 + index)
  const pairStart = index % PAIR_EVERY === 0
  const twin = index % PAIR_EVERY === 1 && index > 1 ? demoStone(index - 1, seed, now) : null
  const shape = twin?.shape ?? pick(rnd, SHAPES)
  const size = Number(pick(rnd, SIZE_MIX))
  let carat = Math.round((size + rnd() * rnd() * (size < 1 ? 0.09 : 0.45)) * 100) / 100
  // A pair's second stone: within 2 % of the first's weight (and so of its measurements).
  if (twin) carat = Math.max(0.18, Math.round(Number(twin.carat) * (1 + (rnd() - 0.5) * 0.04) * 100) / 100)
  const fancy = twin ? twin.isFancy : rnd() < 0.04
  const color = twin?.color ?? (fancy ? '' : pick(rnd, COLOR_MIX))
  const clarity = twin?.clarity ?? pick(rnd, CLARITY_MIX)
  // A pair shares its make and fluorescence (pairs.rules.ts: its cut grades agree).
  const ownCut = shape === 'ROUND' ? pick(rnd, GRADE_MIX) : 'NON'
  const ownPolish = pick(rnd, GRADE_MIX)
  const ownSymmetry = pick(rnd, GRADE_MIX)
  const ownFluorescence = pick(rnd, FLUOR_MIX)
  const cut = twin?.cut ?? ownCut
  const polish = twin?.polish ?? ownPolish
  const symmetry = twin?.symmetry ?? ownSymmetry
  const fluorescence = twin?.fluorescence ?? ownFluorescence
  const lab = twin?.lab ?? pick(rnd, LAB_MIX)
  // Parcels: a lot of small stones sold together; carat is the lot's weight.
  const pcs = !twin && !pairStart && size < 0.3 && rnd() < 0.15 ? 5 + Math.floor(rnd() * 45) : 1
  if (pcs > 1) carat = Math.round(carat * pcs * 100) / 100

  let rap = 0
  let back = 0
  let amt: number
  if (fancy) {
    // Fancy colours have no Rap price: they trade per carat by colour and intensity.
    amt = Math.round((2_000 + rnd() * 30_000) * (carat >= 1 ? 2 : 1)) * 100
  } else {
    rap = rapCents(shape, pcs > 1 ? carat / pcs : carat, color, clarity)
    // Better make sells closer to Rap; strong fluorescence and tinges sell deeper.
    const quality = (cut === 'EX' ? 4 : 0) + (polish === 'EX' ? 2 : 0) + (fluorescence === 'NON' ? 3 : -4)
    back = Math.round((-(shape === 'ROUND' ? 36 : 44) + quality + (rnd() - 0.5) * 18) * 100) / 100
    amt = pricePerCaratCents(rap, back)
  }

  // Measurements from weight and shape: a round of 1 ct is about 6.4 mm across.
  const [rLo, rHi] = RATIO[shape]!
  // A pair's second stone: the first's outline, depth within 0.4 point (pairs.rules.ts allows 1).
  const ownRatio = between(rnd, rLo, rHi)
  const ratio = twin ? Number(twin.ratio) : ownRatio
  const each = pcs > 1 ? carat / pcs : carat
  const dia = 6.45 * Math.cbrt(each) * (shape === 'ROUND' ? 1 : 0.93)
  const width = Math.round((dia / Math.sqrt(ratio)) * 100) / 100
  const length = Math.round(width * ratio * 100) / 100
  const ownDepPer = shape === 'ROUND' ? between(rnd, 59.5, 63) : between(rnd, 60, 70)
  const depPer = twin ? Math.round((Number(twin.depPer) + (rnd() - 0.5) * 0.8) * 100) / 100 : ownDepPer
  const height = Math.round(((width * depPer) / 100) * 100) / 100

  const fancyColor = twin?.fancyColor ?? (fancy ? pick(rnd, FANCY_MIX) : '')
  const intensity = twin?.fancyIntensity ?? (fancy ? pick(rnd, INTENSITY_MIX) : '')
  const overtone = twin?.fancyOvertone ?? (fancy ? uniform(rnd, MASTERS.OVERTONE) : '')
  const symbols = [
    ...new Set(Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => uniform(rnd, MASTERS.KEY_TO_SYMBOL))),
  ]
  const girdle = pick(rnd, GIRDLE_MIX)
  const wSts = index <= 20 ? 'A' : pick(rnd, STATUS_MIX)
  const inLab = lab !== 'NON-CERT' && wSts === 'A' && rnd() < 0.01
  const categories: number[] = []
  if (rnd() < 0.03) categories.push(STONE_CATEGORIES.exclusive)
  if (rnd() < 0.05) categories.push(STONE_CATEGORIES.best)
  if (rnd() < 0.01) categories.push(STONE_CATEGORIES.lucky)
  if (inLab) categories.push(STONE_CATEGORIES.inLab)
  const id = uuidFrom(rnd)
  const certNo = lab === 'NON-CERT' ? '' : String(Math.floor(1_000_000_000 + rnd() * 8_999_999_999))

  const stone = {
    id,
    vStnId: `D${String(100_000 + index)}`,
    stoneId: `SL-${(seed * 7919 + index * 104_729).toString(36).toUpperCase().slice(-6)}`,
    certNo: certNo,
    shape,
    shapeFull: SHAPE_FULL[shape]!,
    carat: carat.toFixed(2),
    color,
    isFancy: fancy,
    fancyColor: fancyColor,
    fancyIntensity: intensity,
    fancyOvertone: overtone,
    fancyDesc: fancy ? [intensity, overtone === 'NONE' ? '' : overtone, fancyColor].filter(Boolean).join(' ') : '',
    clarity,
    cut,
    polish,
    symmetry,
    fluorescence,
    lab,
    location: twin?.location ?? pick(rnd, LOCATION_MIX),
    shade: fancy ? '' : pick(rnd, SHADE_MIX),
    rapCents: rap,
    back: back.toFixed(2),
    amtCents: amt,
    ctprCents: amountCents(amt, carat),
    depPer: depPer.toFixed(2),
    tblPer: twin
      ? (Number(twin.tblPer) + Math.round((rnd() - 0.5) * 80) / 100).toFixed(2)
      : (shape === 'ROUND' ? between(rnd, 54, 60) : between(rnd, 58, 72)).toFixed(2),
    ratio: ratio.toFixed(2),
    pAng: (shape === 'ROUND' ? between(rnd, 40.4, 41.4) : 0).toFixed(2),
    pHgt: between(rnd, 42, 44.5).toFixed(2),
    cHgt: between(rnd, 12.5, 16.5).toFixed(2),
    cAng: (shape === 'ROUND' ? between(rnd, 32.5, 36) : 0).toFixed(2),
    height: height.toFixed(2),
    width: width.toFixed(2),
    length: length.toFixed(2),
    grdlPer: between(rnd, 2.5, 4.5).toFixed(2),
    strLn: (shape === 'ROUND' ? between(rnd, 45, 55) : 0).toFixed(2),
    lwrHal: (shape === 'ROUND' ? between(rnd, 75, 80) : 0).toFixed(2),
    girdle,
    girdleStr: girdle === 'MEDIUM' ? 'MEDIUM' : `MEDIUM TO ${girdle}`,
    girdleCond: pick(rnd, [
      ['FACETED', 70],
      ['POLISHED', 20],
      ['BRUTED', 10],
    ]),
    culet: pick(rnd, CULET_MIX),
    culetCond: pick(rnd, [
      ['POINTED', 85],
      ['ABRADED', 10],
      ['CHIPPED', 5],
    ]),
    brilliancy: pick(rnd, GRADE_MIX),
    blackTable: pick(rnd, BLACK_MIX),
    blackSide: pick(rnd, BLACK_MIX),
    whiteTable: pick(rnd, WHITE_MIX),
    whiteSide: pick(rnd, WHITE_MIX),
    openTable: pick(rnd, OPEN_MIX),
    openCrown: pick(rnd, OPEN_MIX),
    openPavilion: pick(rnd, OPEN_MIX),
    eyeClean: pick(rnd, [
      ['YES', 75],
      ['NO', 15],
      ['BORDERLINE', 10],
    ]),
    milky: pick(rnd, MILKY_MIX),
    heartArrow: shape === 'ROUND' && cut === 'EX' && rnd() < 0.3 ? 'YES' : 'NO',
    keyToSymbol: symbols.join(', '),
    seller: uniform(rnd, MASTERS.SELLER),
    pairNo: pairStart ? `P${index}` : twin ? twin.pairNo : '',
    showName: wSts === 'S' ? uniform(rnd, MASTERS.SHOW) : '',
    isXray: rnd() < 0.1,
    isType2: rnd() < 0.02,
    isSeal: rnd() < 0.05,
    isDor: lab === 'GIA' && rnd() < 0.04,
    wSts: wSts,
    sSts: inLab ? 'C' : 'N',
    webSts: wSts,
    sgiSts: '',
    initSts: '',
    sStsDesc: inLab ? LAB_RESULT_TEXT : '',
    categories,
    pcs,
    // The first stones arrived in the last week, so new arrivals are never empty.
    arrivedAt: new Date(now - Math.floor((index <= 200 ? rnd() * 6 : rnd() * 120) * DAY_MS)),
  }
  // The demo sellers' stones are their companies' (fixed ids auth creates them under); they are
  // the house's demo stock, so their listings do not expire (an upload's do).
  return {
    ...stone,
    sellerCompanyId: DEMO_COMPANY_IDS[stone.seller] ?? null,
    listedUntil: null,
    listedBy: null,
    expiryToldAt: null,
    treatment: 'NONE',
    origin: '',
    growthType: 'NATURAL',
    comments: '',
    imageUrl: '',
    videoUrl: '',
    certificateUrl: '',
  }
}

export { COLORS, CLARITIES }
