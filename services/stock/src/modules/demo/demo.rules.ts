import { amountCents, pricePerCaratCents } from '../stones/stones.rules'
import { CLARITIES, COLORS, rapCents } from './rap.rules'

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

// Trade-like mixes: rounds dominate, G-H and VS-SI are the bulk, GIA certifies most stones.
export const SHAPES = [
  ['ROUND', 55], ['OVAL', 9], ['PRINCESS', 6], ['CUSHION', 6], ['PEAR', 6], ['EMERALD', 6],
  ['RADIANT', 5], ['MARQUISE', 4], ['HEART', 3],
] as const
const COLOR_MIX = [['D', 6], ['E', 10], ['F', 14], ['G', 17], ['H', 16], ['I', 13], ['J', 10], ['K', 7], ['L', 4], ['M', 3]] as const
const CLARITY_MIX = [['FL', 1], ['IF', 4], ['VVS1', 8], ['VVS2', 11], ['VS1', 17], ['VS2', 20], ['SI1', 19], ['SI2', 14], ['I1', 6]] as const
const GRADE_MIX = [['EX', 62], ['VG', 28], ['GD', 10]] as const
const FLUOR_MIX = [['NON', 62], ['FNT', 16], ['MED', 13], ['STG', 7], ['VST', 2]] as const
const LAB_MIX = [['GIA', 74], ['IGI', 14], ['HRD', 12]] as const
const LOCATION_MIX = [['India', 42], ['Hong Kong', 17], ['New York', 16], ['Dubai', 10], ['Belgium', 15]] as const
const SHADE_MIX = [['NONE', 78], ['BROWN', 6], ['MIX TINGE', 8], ['FAINT BROWN', 5], ['GREY', 3]] as const
// Magic sizes: buyers ask for 0.30, 0.50, 0.70, 0.90, 1.00, 1.50, 2.00 and just above.
const SIZE_MIX = [
  ['0.23', 8], ['0.30', 16], ['0.40', 9], ['0.50', 16], ['0.70', 13], ['0.90', 9], ['1.00', 14],
  ['1.50', 7], ['2.00', 5], ['3.00', 2], ['4.00', 0.6], ['5.00', 0.4],
] as const

export interface DemoStone {
  id: string
  v_stn_id: string
  stone_id: string
  shape: string
  carat: string
  color: string
  clarity: string
  cut: string
  polish: string
  symmetry: string
  fluorescence: string
  lab: string
  location: string
  shade: string
  rap_cents: number
  back: string
  amt_cents: number
  ctpr_cents: number
}

/** Deterministic ids, so a reseeded demo keeps its stone ids and bookmarks stay valid. */
function uuidFrom(rnd: () => number): string {
  const h = Array.from({ length: 32 }, () => Math.floor(rnd() * 16).toString(16))
  h[12] = '4'
  h[16] = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)
  const s = h.join('')
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
}

export function demoStone(index: number, seed = 2026): DemoStone {
  const rnd = mulberry32(seed * 1_000_003 + index)
  const shape = pick(rnd, SHAPES)
  const size = Number(pick(rnd, SIZE_MIX))
  const carat = Math.round((size + rnd() * rnd() * (size < 1 ? 0.09 : 0.45)) * 100) / 100
  const color = pick(rnd, COLOR_MIX)
  const clarity = pick(rnd, CLARITY_MIX)
  const cut = shape === 'ROUND' ? pick(rnd, GRADE_MIX) : 'NON'
  const polish = pick(rnd, GRADE_MIX)
  const symmetry = pick(rnd, GRADE_MIX)
  const fluorescence = pick(rnd, FLUOR_MIX)
  const rap = rapCents(shape, carat, color, clarity)
  // Better make sells closer to Rap; strong fluorescence and tinges sell deeper.
  const quality = (cut === 'EX' ? 4 : 0) + (polish === 'EX' ? 2 : 0) + (fluorescence === 'NON' ? 3 : -4)
  const back = Math.round((-(shape === 'ROUND' ? 36 : 44) + quality + (rnd() - 0.5) * 18) * 100) / 100
  const amt = pricePerCaratCents(rap, back)
  return {
    id: uuidFrom(rnd),
    v_stn_id: `D${String(100_000 + index)}`,
    stone_id: `SL-${(seed * 7919 + index * 104_729).toString(36).toUpperCase().slice(-6)}`,
    shape,
    carat: carat.toFixed(2),
    color,
    clarity,
    cut,
    polish,
    symmetry,
    fluorescence,
    lab: pick(rnd, LAB_MIX),
    location: pick(rnd, LOCATION_MIX),
    shade: pick(rnd, SHADE_MIX),
    rap_cents: rap,
    back: back.toFixed(2),
    amt_cents: amt,
    ctpr_cents: amountCents(amt, carat),
  }
}

export { COLORS, CLARITIES }
