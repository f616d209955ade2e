/**
 * Whole cents of a dollar amount given with at most two decimals; null for any other amount.
 *
 * Judged on the number as it came (JSON's shortest round-trip form: `String(n)`), not through a
 * tolerance on `n * 100`: a tolerance forgives whatever lies within it, so 1500.000000001 passed as
 * 1500 and was stored, silently rounded. Any amount written with two decimals, and any `cents / 100`
 * a client computes, reads back as at most two decimals, so only amounts that really have more are
 * refused (0.1 + 0.2, which a client sends as 0.30000000000000004, is one of them). Not finite,
 * negative, or too small for plain notation (1e-7): null.
 */
export function centsOf(dollars: number): number | null {
  if (!Number.isFinite(dollars) || dollars < 0) return null
  return /^\d+(\.\d{1,2})?$/.test(String(dollars)) ? Math.round(dollars * 100) : null
}
