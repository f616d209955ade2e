/** Opening hours as staff type them: "09:30-13:00, 14:00-18:30" for a day; empty is closed. */

export type Interval = [string, string]
export type WeeklyHours = Partial<Record<'0' | '1' | '2' | '3' | '4' | '5' | '6', Interval[]>>

export const WEEK_DAYS = ['1', '2', '3', '4', '5', '6', '0'] as const

const HM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/

/** One day's intervals, or null when the text is not a list of ascending, non-overlapping HH:MM-HH:MM. */
export function parseDay(text: string): Interval[] | null {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  const out: Interval[] = []
  for (const p of parts) {
    const m = /^(\d{1,2}:\d{2})\s*[-–]\s*(\d{1,2}:\d{2})$/.exec(p)
    if (!m) return null
    const [from, to] = [m[1]!.padStart(5, '0'), m[2]!.padStart(5, '0')]
    if (!HM.test(from) || !HM.test(to) || from >= to) return null
    const last = out.at(-1)
    if (last && from < last[1]) return null
    out.push([from, to])
  }
  return out.length > 6 ? null : out
}

export const formatDay = (intervals: readonly Interval[] | undefined): string =>
  (intervals ?? []).map(([a, b]) => `${a}-${b}`).join(', ')

/** The week from the typed days, or the first day (0–6) that does not read. */
export function parseWeek(days: Record<string, string>): { hours: WeeklyHours } | { bad: string } {
  const hours: WeeklyHours = {}
  for (const d of WEEK_DAYS) {
    const parsed = parseDay(days[d] ?? '')
    if (!parsed) return { bad: d }
    if (parsed.length) hours[d] = parsed
  }
  return { hours }
}
