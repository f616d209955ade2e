/**
 * The dashboards' plain values (issue 25), without the schema library, so the web app can import
 * them: the price index's size brackets and how long the lists are.
 */

export const DASHBOARD_KINDS = ['personal', 'global'] as const
export type DashboardKind = (typeof DASHBOARD_KINDS)[number]

/**
 * The price index's size brackets: the lower carat bound of brackets 1…n (bracket 0 is below the
 * first). PostgreSQL's `width_bucket(carat, bounds)` and `bracketOf` give the same bracket.
 */
export const SIZE_BRACKET_BOUNDS = [0.3, 0.5, 0.7, 0.9, 1, 1.5, 2, 3, 5] as const

/** A bracket's label, e.g. "0.30–0.49 ct", "5.00+ ct". */
export function bracketLabel(bracket: number): string {
  const b = SIZE_BRACKET_BOUNDS
  if (bracket <= 0) return `< ${b[0].toFixed(2)} ct`
  if (bracket >= b.length) return `${b[b.length - 1]!.toFixed(2)}+ ct`
  return `${b[bracket - 1]!.toFixed(2)}–${(b[bracket]! - 0.01).toFixed(2)} ct`
}

/** At most this many items of each list of the personal dashboard (the count says how many in all). */
export const DASHBOARD_LIST_MAX = 8

/** How many days the personal dashboard calls "new" (followed sellers' stones, saved searches). */
export const DASHBOARD_NEW_DAYS = 7

/** analytics/create's kinds: a stone's detail was opened, or a search was run. */
export const ANALYTICS_KINDS = ['view', 'search'] as const
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number]

export const HIT_PAGE_MAX = 500
