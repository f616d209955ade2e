import { describe, expect, it } from 'vitest'
import { eventsOnDay, monthGrid, monthKey } from './calendar.rules'

describe('the events calendar', () => {
  it('draws whole weeks from Monday', () => {
    const sept = monthGrid('2026-09') // 1 September 2026 is a Tuesday
    expect(sept.length % 7).toBe(0)
    expect(sept.slice(0, 2)).toEqual([null, '2026-09-01'])
    expect(sept.filter(Boolean)).toHaveLength(30)
    expect(monthGrid('2027-02').filter(Boolean).at(-1)).toBe('2027-02-28')
    expect(monthGrid('2028-02').filter(Boolean).at(-1)).toBe('2028-02-29')
  })
  it('places an event on each of its days, ends included', () => {
    const fair = { startsOn: '2026-09-16', endsOn: '2026-09-20' }
    expect(eventsOnDay([fair], '2026-09-16')).toEqual([fair])
    expect(eventsOnDay([fair], '2026-09-20')).toEqual([fair])
    expect(eventsOnDay([fair], '2026-09-21')).toEqual([])
    expect(monthKey('2026-09-16')).toBe('2026-09')
  })
})
