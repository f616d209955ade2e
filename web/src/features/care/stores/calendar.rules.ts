/** The month of a date: '2026-09-16' → '2026-09'. */
export const monthKey = (date: string): string => date.slice(0, 7)

/**
 * A month as the calendar draws it, weeks from Monday: null for the padding days before the 1st and
 * after the last, else each day as YYYY-MM-DD. Always whole weeks.
 */
export function monthGrid(month: string): (string | null)[] {
  const first = new Date(`${month}-01T00:00:00Z`)
  const lead = (first.getUTCDay() + 6) % 7
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  const cells: (string | null)[] = Array.from({ length: lead }, () => null)
  for (let d = 1; d <= days; d++) cells.push(`${month}-${String(d).padStart(2, '0')}`)
  while (cells.length % 7) cells.push(null)
  return cells
}

/** The events running on a day (first and last day included). */
export const eventsOnDay = <E extends { startsOn: string; endsOn: string }>(list: readonly E[], day: string): E[] =>
  list.filter((e) => e.startsOn <= day && day <= e.endsOn)
