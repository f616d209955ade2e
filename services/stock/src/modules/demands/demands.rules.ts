import { indiaDate } from '@diamond/contracts/india-time'
import type { StoneFilter } from '@diamond/contracts/http/stock'
import { DEMAND_MAX_DAYS, type DemandState, type DemandStatus } from '@diamond/contracts/http/demands.values'
import type { FieldProblem } from '../search/search.rules'

/*
 * Pure rules of demands: the day a till date is read against, a demand's state, what may change,
 * and the coarse bounds a new stone is first compared with. No I/O; the clock is passed in.
 */

const DAY_MS = 86_400_000

/** The calendar day (YYYY-MM-DD) in the portal's time zone at `now`. */
export const todayOf = (now: Date | number): string => indiaDate(now)

export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)

const problem = (field: string, message: string): FieldProblem => ({ field, in: 'body', message })

/** A till date is a real calendar day, today or later (the demand stands through it), at most a year ahead. */
export function tillDateProblem(tillDate: string, today: string): FieldProblem | null {
  const at = Date.parse(`${tillDate}T00:00:00Z`)
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(tillDate) ||
    !Number.isFinite(at) ||
    new Date(at).toISOString().slice(0, 10) !== tillDate
  ) {
    return problem('tillDate', 'must be a date (YYYY-MM-DD)')
  }
  if (tillDate < today) return problem('tillDate', 'must be today or later')
  if (tillDate > addDays(today, DEMAND_MAX_DAYS)) return problem('tillDate', `must be within ${DEMAND_MAX_DAYS} days`)
  return null
}

/** Title and description as stored: trimmed; a title of blanks is no title. */
export function textProblems(
  req: { title?: string | undefined; description?: string | undefined },
  creating: boolean,
): FieldProblem[] {
  const out: FieldProblem[] = []
  if ((creating || req.title !== undefined) && !req.title?.trim()) out.push(problem('title', 'is required'))
  return out
}

/** Spec section 4 (New, Open, Won, Closed), derived: the buyer's decision first, then the date, then the stock. */
export function demandState(
  d: { status: DemandStatus; tillDate: string },
  today: string,
  matches: number,
): DemandState {
  if (d.status === 'won') return 'won'
  if (d.status === 'closed' || d.tillDate < today) return 'closed'
  return matches > 0 ? 'open' : 'new'
}

export type ChangeDecision =
  { ok: true } | { ok: false; code: 'E_DEMAND_CLOSED' } | { ok: false; code: 'E_VALIDATION'; problems: FieldProblem[] }

/**
 * What an update may do: a closed or won demand stays as it is (delete it, or add another); an
 * active one may change, and a new till date brings back one whose date ran out. Won means the
 * buyer got a stone the demand asks for, so a demand nothing matches cannot be won.
 */
export function decideChange(
  cur: { status: DemandStatus },
  req: { status?: 'closed' | 'won' | undefined },
  matches: number,
): ChangeDecision {
  if (cur.status !== 'active') return { ok: false, code: 'E_DEMAND_CLOSED' }
  if (req.status === 'won' && matches === 0)
    return {
      ok: false,
      code: 'E_VALIDATION',
      problems: [problem('status', 'won needs a stone that matches the demand; none does now')],
    }
  return { ok: true }
}

/** The filter's shapes and the outer bounds of its carat ranges (null: any), for the first, coarse comparison. */
export function boundsOf(filter: StoneFilter): {
  shapes: string[] | null
  crtMin: number | null
  crtMax: number | null
} {
  const shapes = filter.shpNm?.length ? [...new Set(filter.shpNm)] : null
  const ranges = filter.crt === undefined ? [] : Array.isArray(filter.crt) ? filter.crt : [filter.crt]
  const froms = ranges.map((r) => r.from)
  const tos = ranges.map((r) => r.to)
  // One open end makes the whole bound open: any range may let the stone in.
  const crtMin = ranges.length && froms.every((v) => v !== undefined) ? Math.min(...(froms as number[])) : null
  const crtMax = ranges.length && tos.every((v) => v !== undefined) ? Math.max(...(tos as number[])) : null
  return { shapes, crtMin, crtMax }
}
