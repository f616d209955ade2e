/**
 * The pieces of a stone filter as a form edits it, shared by the search forms (features/search)
 * and the demand form (features/demands): from–to ranges kept as typed text until sent, and chips
 * kept in the master list's order.
 */

export interface RangeInput {
  from: string
  to: string
}

/** A field's problem, as the forms name it (a translation key under `search.errors`). */
export type FieldError = 'number' | 'inverted' | 'tooMany' | 'idTooLong'

export const emptyRange = (): RangeInput => ({ from: '', to: '' })

/** A typed number: undefined when blank, null when not a number. */
export function parseNumber(s: string): number | undefined | null {
  const t = s.trim()
  if (t === '') return undefined
  const n = Number(t)
  return Number.isFinite(n) ? n : null
}

/** A from–to pair: not a number, or from above to, is flagged before anything is sent. */
export function rangeError(r: RangeInput | undefined): FieldError | null {
  if (!r) return null
  const from = parseNumber(r.from)
  const to = parseNumber(r.to)
  if (from === null || to === null) return 'number'
  if (from !== undefined && to !== undefined && from > to) return 'inverted'
  return null
}

/** The chosen values with `value` turned on or off, in the order of `order` (a master list). */
export function toggleInOrder(chosen: readonly string[], value: string, order: readonly string[]): string[] {
  const next = chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value]
  return next.sort((a, b) => order.indexOf(a) - order.indexOf(b))
}
