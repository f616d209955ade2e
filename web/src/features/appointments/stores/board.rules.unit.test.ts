import { describe, expect, it } from 'vitest'
import { bookAppointmentHref } from '../../../lib/navigation'
import {
  anyOutsideIndia,
  addDays,
  byOfficeDay,
  clocksDiffer,
  dayLabel,
  pickable,
  stoneAnswer,
  stonesFromQuery,
  wallClock,
} from './board.rules'

const A = '0ff1ce00-0000-4000-8000-000000000001'
const B = '5e0e0000-0000-4000-8000-00000000000b'

describe('the slot board rules', () => {
  it('reads a slot on the office clock and on the viewer clock, with the spec formats', () => {
    // 13:00 UTC on 8 March 2026: New York has just moved to daylight time (UTC-4).
    const at = '2026-03-08T13:00:00Z'
    expect(wallClock(at, 'America/New_York')).toEqual({ day: '2026-03-08', date: '08/03/2026', time: '09:00 AM' })
    expect(wallClock(at, 'Asia/Kolkata')).toEqual({ day: '2026-03-08', date: '08/03/2026', time: '06:30 PM' })
    // The day before, New York was still UTC-5.
    expect(wallClock('2026-03-07T14:00:00Z', 'America/New_York').time).toBe('09:00 AM')
    expect(wallClock('2026-03-08T18:30:00Z', 'Asia/Kolkata')).toMatchObject({ day: '2026-03-09', time: '12:00 AM' })
  })

  it('tells when the viewer reads another time than the office, and not for two names of one zone', () => {
    const at = '2026-03-29T08:00:00Z'
    expect(clocksDiffer(at, 'Europe/Brussels', 'Asia/Kolkata')).toBe(true)
    expect(clocksDiffer(at, 'Asia/Kolkata', 'Asia/Calcutta')).toBe(false)
    expect(clocksDiffer(at, 'Europe/Brussels', 'Europe/Amsterdam')).toBe(false)
  })

  it("groups slots by the office's day, not by UTC's", () => {
    const slots = [
      { id: '1', startsAt: '2026-03-08T23:00:00-04:00', free: 1 },
      { id: '2', startsAt: '2026-03-09T09:00:00-04:00', free: 2 },
      { id: '3', startsAt: '2026-03-09T10:00:00-04:00', free: 0 },
    ]
    const days = byOfficeDay(slots, 'America/New_York')
    expect(days.map((d) => [d.day, d.slots.map((s) => s.id)])).toEqual([
      ['2026-03-08', ['1']],
      ['2026-03-09', ['2', '3']],
    ])
  })

  it('adds days across month ends and labels them dd/LL/y', () => {
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(dayLabel('2026-03-08')).toBe('08/03/2026')
  })

  it('takes only well-formed stone ids from a link, each once', () => {
    expect(stonesFromQuery(`?stones=${A},nonsense,${A.toUpperCase()},${B}`)).toEqual([A, B])
    expect(stonesFromQuery('')).toEqual([])
    expect(
      stonesFromQuery(
        `?stones=${Array.from({ length: 60 }, (_, i) => A.slice(0, -2) + String(i).padStart(2, '0')).join(',')}`,
      ),
    ).toHaveLength(50)
    expect(bookAppointmentHref([A, B])).toBe(`/appointments/book?stones=${A},${B}`)
    expect(bookAppointmentHref([])).toBe('/appointments/book')
  })

  it("names each stone's answer: blocked, unavailable with a reason, or pending", () => {
    expect(stoneAnswer({ blocked: true })).toBe('blocked')
    expect(stoneAnswer({ reason: 'held' })).toBe('unavailable')
    expect(stoneAnswer({})).toBe('pending')
    expect(stoneAnswer({ state: 'pending' })).toBe('pending')
    expect(stoneAnswer({ state: 'released', reason: 'released' })).toBe('released')
  })

  it('offers only slots with room that have not begun', () => {
    const now = Date.parse('2026-03-08T12:00:00Z')
    expect(pickable({ startsAt: '2026-03-08T13:00:00Z', free: 1 }, now)).toBe(true)
    expect(pickable({ startsAt: '2026-03-08T13:00:00Z', free: 0 }, now)).toBe(false)
    expect(pickable({ startsAt: '2026-03-08T11:00:00Z', free: 3 }, now)).toBe(false)
  })
})

describe('anyOutsideIndia', () => {
  it('is true only when a known location is not India', () => {
    expect(anyOutsideIndia(['India', ' india '])).toBe(false)
    expect(anyOutsideIndia(['India', 'Hong Kong'])).toBe(true)
    expect(anyOutsideIndia([undefined, null, ''])).toBe(false)
    expect(anyOutsideIndia([])).toBe(false)
  })
})
