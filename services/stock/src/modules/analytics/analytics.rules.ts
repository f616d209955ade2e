/**
 * Coalescing of analytics/create: calls are counted in memory and written once per flush, so the
 * database sees one statement per flush whatever the call rate. A user's repeated view of one stone
 * counts once per `VIEW_ONCE_MS` (at least; the memory of views is kept in two generations); past
 * the caps a window takes no more (the answer says so).
 */
export interface HitBuffer {
  views: Map<string, number>
  searches: Map<string, number>
}

export interface SeenViews {
  current: Set<string>
  previous: Set<string>
  since: number
}

export const emptyBuffer = (): HitBuffer => ({ views: new Map(), searches: new Map() })
export const noViewsSeen = (now: number): SeenViews => ({ current: new Set(), previous: new Set(), since: now })

/** A user's views of one stone within this long count once. */
export const VIEW_ONCE_MS = 10 * 60_000
/** Distinct user × stone views remembered per generation; beyond it, views are not counted until it turns. */
export const MAX_VIEWS_PER_GENERATION = 200_000
/** Searches one user may have counted in one flush window (a script looping searches counts this many). */
export const MAX_SEARCHES_PER_USER_WINDOW = 30

/** The memory of views turns over: the current generation becomes the previous one after VIEW_ONCE_MS. */
export function turn(seen: SeenViews, now: number): SeenViews {
  return now - seen.since < VIEW_ONCE_MS ? seen : { current: new Set(), previous: seen.current, since: now }
}

export function addView(buf: HitBuffer, seen: SeenViews, userId: string, stoneId: string): boolean {
  const key = `${userId}:${stoneId}`
  if (seen.current.has(key) || seen.previous.has(key)) return false
  if (seen.current.size >= MAX_VIEWS_PER_GENERATION) return false
  seen.current.add(key)
  buf.views.set(stoneId, (buf.views.get(stoneId) ?? 0) + 1)
  return true
}

export function addSearch(buf: HitBuffer, userId: string): boolean {
  const n = buf.searches.get(userId) ?? 0
  if (n >= MAX_SEARCHES_PER_USER_WINDOW) return false
  buf.searches.set(userId, n + 1)
  return true
}
