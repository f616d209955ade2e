import { describe, expect, it } from 'vitest'
import { formatDay, parseDay, parseWeek } from './hours.rules'

describe('opening hours as typed', () => {
  it('reads intervals, pads hours and round-trips', () => {
    expect(parseDay('9:30-13:00, 14:00 - 18:30')).toEqual([
      ['09:30', '13:00'],
      ['14:00', '18:30'],
    ])
    expect(parseDay('')).toEqual([])
    expect(formatDay(parseDay('09:00-12:00,13:00-24:00')!)).toBe('09:00-12:00, 13:00-24:00')
  })

  it('refuses backwards, overlapping or malformed intervals', () => {
    expect(parseDay('13:00-09:00')).toBeNull()
    expect(parseDay('09:00-13:00, 12:00-15:00')).toBeNull()
    expect(parseDay('9-13')).toBeNull()
    expect(parseDay('25:00-26:00')).toBeNull()
  })

  it('names the first day that does not read, and leaves closed days out', () => {
    expect(parseWeek({ '1': '09:00-17:00', '2': 'soon' })).toEqual({ bad: '2' })
    expect(parseWeek({ '1': '09:00-17:00', '0': '' })).toEqual({ hours: { '1': [['09:00', '17:00']] } })
  })
})
