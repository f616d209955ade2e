import { describe, expect, it } from 'vitest'
import { calendarRange, calendarScope, marked } from './calendar.rules'

const START = Date.parse('2027-03-15T13:00:00Z')
const row = (status: Parameters<typeof marked>[0]['status']) => ({
  status,
  startsAt: new Date(START),
  endsAt: new Date(START + 3_600_000),
})

describe('the sales side marks an appointment', () => {
  it('confirms only a booked appointment, until it ends', () => {
    expect(marked(row('booked'), 'confirm', START - 1)).toBe('confirmed')
    expect(marked(row('booked'), 'confirm', START + 60_000)).toBe('confirmed')
    expect(marked(row('booked'), 'confirm', START + 3_600_000)).toBeNull()
    for (const s of ['confirmed', 'done', 'no_show', 'cancelled'] as const)
      expect(marked(row(s), 'confirm', START - 1)).toBeNull()
  })

  it('marks done or no-show only once begun, from booked or confirmed', () => {
    for (const s of ['booked', 'confirmed'] as const) {
      expect(marked(row(s), 'done', START - 1)).toBeNull()
      expect(marked(row(s), 'no-show', START - 1)).toBeNull()
      expect(marked(row(s), 'done', START)).toBe('done')
      expect(marked(row(s), 'no-show', START + 7_200_000)).toBe('no_show')
    }
  })

  it('keeps cancelled and done final; a no-show who came late may be marked done', () => {
    for (const m of ['confirm', 'done', 'no-show'] as const) {
      expect(marked(row('cancelled'), m, START + 1)).toBeNull()
      expect(marked(row('done'), m, START + 1)).toBeNull()
    }
    expect(marked(row('no_show'), 'done', START + 1)).toBe('done')
    expect(marked(row('no_show'), 'no-show', START + 1)).toBeNull()
  })
})

describe('the calendar', () => {
  it("spans the office's days midnight to midnight, across a clock change", () => {
    expect(calendarRange('Asia/Kolkata', '2027-03-15', 1)).toEqual({
      fromMs: Date.parse('2027-03-14T18:30:00Z'),
      toMs: Date.parse('2027-03-15T18:30:00Z'),
    })
    // New York springs forward on 2027-03-14: that week is an hour short.
    const week = calendarRange('America/New_York', '2027-03-13', 7)
    expect(week.fromMs).toBe(Date.parse('2027-03-13T05:00:00Z'))
    expect(week.toMs).toBe(Date.parse('2027-03-20T04:00:00Z'))
  })

  it('shows staff anyone, a sales person their own, anyone else nothing', () => {
    expect(calendarScope({ staff: true, salesPersonId: null }, {})).toEqual({ salesPersonId: null })
    expect(calendarScope({ staff: true, salesPersonId: 'me' }, { salesPersonId: 'x' })).toEqual({ salesPersonId: 'x' })
    expect(calendarScope({ staff: false, salesPersonId: 'me' }, {})).toEqual({ salesPersonId: 'me' })
    expect(calendarScope({ staff: false, salesPersonId: 'me' }, { salesPersonId: 'me' })).toEqual({
      salesPersonId: 'me',
    })
    expect(calendarScope({ staff: false, salesPersonId: 'me' }, { salesPersonId: 'x' })).toBe('not-found')
    expect(calendarScope({ staff: false, salesPersonId: null }, {})).toBe('forbidden')
  })
})
