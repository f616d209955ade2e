import type { PairTolerance } from '@diamond/contracts/http/stock'
import { MASTERS } from '@diamond/contracts/masters'
import type { StoneIndex } from './stone-index'

/**
 * One stone of a pair as the match check reads it. Carat, depth %, table % and measurements in
 * hundredths (as the index keeps them); shape, cut grades and lab as dictionary codes; colour and
 * clarity as their rank in the master list (1 = best; 0 or beyond the list = not a master grade,
 * e.g. a fancy colour).
 */
export interface PairStone {
  shape: number
  crt: number
  color: number
  clarity: number
  cut: number
  polish: number
  symmetry: number
  lab: number
  depPer: number
  tblPer: number
  length: number
  width: number
  height: number
}

/**
 * What a pair must share whatever the member asks (the trade's matching rules, in hundredths):
 * - shape, cut, polish and symmetry: the same;
 * - depth %: at most 1.00 point apart; table %: at most 1.00 point apart;
 * - length, width and height: each at most 2 % of the smaller stone's (and never less than 0.05 mm
 *   apart counts as alike: the last digit of a measurement).
 * Carat, colour, clarity and lab follow the tolerance: the member's match pair settings, or without
 * them `PAIR_DEFAULT` (colour and clarity the same, carats within 5 %).
 */
export const PAIR_PROPORTIONS = { depPer: 100, tblPer: 100, measurePct: 2, measureFloor: 5 } as const
export const PAIR_DEFAULT: PairTolerance = { caratDiffPct: 5, colorSteps: 0, claritySteps: 0, sameLab: false }

/** Whether the stones of a pair match: the fixed rules above and the tolerance. */
export function pairMatches(
  stones: readonly PairStone[],
  t: PairTolerance,
  grades: { colors: number; clarities: number },
): boolean {
  if (stones.length < 2) return false
  const first = stones[0]!
  if (!stones.every((s) => s.shape === first.shape && s.cut === first.cut)) return false
  if (!stones.every((s) => s.polish === first.polish && s.symmetry === first.symmetry)) return false
  if (spread(stones.map((s) => s.depPer)) > PAIR_PROPORTIONS.depPer) return false
  if (spread(stones.map((s) => s.tblPer)) > PAIR_PROPORTIONS.tblPer) return false
  for (const k of ['length', 'width', 'height'] as const) {
    const xs = stones.map((s) => s[k])
    const allowed = Math.max(PAIR_PROPORTIONS.measureFloor, (Math.min(...xs) * PAIR_PROPORTIONS.measurePct) / 100)
    if (spread(xs) > allowed + 1e-9) return false
  }
  return pairWithin(stones, t, grades)
}

const spread = (xs: readonly number[]) => Math.max(...xs) - Math.min(...xs)

/**
 * Whether the stones of a pair are as alike as the member asks (match pair settings): carats within
 * `caratDiffPct` of the smaller stone, colour and clarity at most so many grades apart, one lab when
 * `sameLab`. A grade outside the master list cannot be counted in steps: such stones must then
 * carry the same value.
 */
export function pairWithin(
  stones: readonly Pick<PairStone, 'crt' | 'color' | 'clarity' | 'lab'>[],
  t: PairTolerance,
  grades: { colors: number; clarities: number },
): boolean {
  if (stones.length < 2) return true
  const crts = stones.map((s) => s.crt)
  const small = Math.min(...crts)
  if (small <= 0 || ((Math.max(...crts) - small) / small) * 100 > t.caratDiffPct + 1e-9) return false
  if (
    !within(
      stones.map((s) => s.color),
      t.colorSteps,
      grades.colors,
    )
  )
    return false
  if (
    !within(
      stones.map((s) => s.clarity),
      t.claritySteps,
      grades.clarities,
    )
  )
    return false
  return !t.sameLab || stones.every((s) => s.lab === stones[0]!.lab)
}

function within(ranks: readonly number[], steps: number, known: number): boolean {
  if (ranks.some((r) => r < 1 || r > known)) return ranks.every((r) => r === ranks[0])
  return Math.max(...ranks) - Math.min(...ranks) <= steps
}

/**
 * The index's matching pairs both of whose stones pass `test`: each pair's stones in stone-number
 * order, pairs in the order of their first stone. A page of pairs is a slice of this list, so no
 * page splits a pair.
 */
export function matchingPairs(index: StoneIndex, test: (i: number) => boolean, tolerance: PairTolerance): number[][] {
  const { enums, ranges } = index
  const grades = { colors: MASTERS.COLOR.length, clarities: MASTERS.CLARITY.length }
  const stone = (i: number): PairStone => ({
    shape: enums.shpNm[i]!,
    crt: ranges.crt[i]!,
    color: enums.colNm[i]!,
    clarity: enums.clrNm[i]!,
    cut: enums.cutNm[i]!,
    polish: enums.polNm[i]!,
    symmetry: enums.symNm[i]!,
    lab: enums.lbNm[i]!,
    depPer: ranges.depPer[i]!,
    tblPer: ranges.tblPer[i]!,
    length: ranges.length[i]!,
    width: ranges.width[i]!,
    height: ranges.height[i]!,
  })
  const { vRank } = index.order()
  const pairs: number[][] = []
  for (const members of index.byPair.values()) {
    if (members.length >= 2 && members.every(test) && pairMatches(members.map(stone), tolerance, grades))
      pairs.push([...members].sort((a, b) => vRank[a]! - vRank[b]!))
  }
  return pairs.sort((a, b) => vRank[a[0]!]! - vRank[b[0]!]!)
}
