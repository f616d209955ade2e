/**
 * A plausible Rap price grid (the real list is licensed): dollars per carat by shape group, carat
 * bracket, colour and clarity. Shaped like the real one: prices rise steeply with size, fall with
 * each colour and clarity grade, and fancy shapes list below rounds.
 */
export const COLORS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'] as const
export const CLARITIES = ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2', 'I1'] as const

export const BRACKETS: [number, number, number][] = [
  // [from ct, to ct, D-IF dollars per carat for rounds]
  [0.18, 0.29, 3600],
  [0.3, 0.39, 5200],
  [0.4, 0.49, 5900],
  [0.5, 0.69, 8600],
  [0.7, 0.89, 11_800],
  [0.9, 0.99, 16_400],
  [1.0, 1.49, 27_500],
  [1.5, 1.99, 39_000],
  [2.0, 2.99, 62_000],
  [3.0, 3.99, 101_000],
  [4.0, 4.99, 119_000],
  [5.0, 5.99, 152_000],
  [6.0, 9.99, 180_000],
  [10.0, 99.99, 260_000],
]

export function bracketOf(carat: number): number {
  const i = BRACKETS.findIndex(([from, to]) => carat >= from && carat <= to + 0.005)
  return i < 0 ? (carat < BRACKETS[0]![0] ? 0 : BRACKETS.length - 1) : i
}

/** Rap price per carat in cents, rounded to whole hundreds of dollars as the list is. */
export function rapCents(shape: string, carat: number, color: string, clarity: string): number {
  const base = BRACKETS[bracketOf(carat)]![2]
  const c = Math.max(0, COLORS.indexOf(color as (typeof COLORS)[number]))
  const q = Math.max(0, CLARITIES.indexOf(clarity as (typeof CLARITIES)[number]))
  const colorFactor = 0.86 ** c
  const clarityFactor = q <= 1 ? 1 : 0.84 ** (q - 1)
  const shapeFactor = shape === 'ROUND' ? 1 : 0.68
  const dollars = Math.max(100, Math.round((base * colorFactor * clarityFactor * shapeFactor) / 100) * 100)
  return dollars * 100
}

/** The date the generated list carries (the spec references a price list of 3 June 2020). */
export const RAP_LIST_DATE = '2020-06-03'

export interface RapEntry {
  shape: 'ROUND' | 'PEAR'
  fromCrt: number
  toCrt: number
  colNm: string
  clrNm: string
  price: number
}

/** The whole list as the trade prints it: rounds, then pears (every fancy shape), by bracket, colour, clarity. */
export function rapList(): RapEntry[] {
  const out: RapEntry[] = []
  for (const shape of ['ROUND', 'PEAR'] as const) {
    for (const [fromCrt, toCrt] of BRACKETS) {
      for (const colNm of COLORS) {
        for (const clrNm of CLARITIES)
          out.push({ shape, fromCrt, toCrt, colNm, clrNm, price: rapCents(shape, fromCrt, colNm, clrNm) / 100 })
      }
    }
  }
  return out
}
