import type { PairTolerance } from '@diamond/contracts/http/stock'

/**
 * One stone of a pair as the tolerance check reads it: carat (in hundredths, as the index keeps it),
 * colour and clarity as their rank in the master list (1 = best; 0 or beyond the list = not a
 * master grade, e.g. a fancy colour), and its lab code.
 */
export interface PairStone {
  crt: number
  color: number
  clarity: number
  lab: number
}

/**
 * Whether the stones of a pair are as alike as the member asks (match pair settings): carats within
 * `caratDiffPct` of the smaller stone, colour and clarity at most so many grades apart, one lab when
 * `sameLab`. A grade outside the master list cannot be counted in steps: such stones must then
 * carry the same value.
 */
export function pairWithin(
  stones: readonly PairStone[],
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
