import { describe, expect, it } from 'vitest'
import { clockOffset, formatCountdown, secondsLeft, stillListed } from './countdown.rules'

describe('hold countdown', () => {
  it('counts down on the server clock, whatever the device clock says', () => {
    // The device is 90 s behind the server.
    const offset = clockOffset('2026-01-01T10:01:30.000Z', Date.parse('2026-01-01T10:00:00.000Z'))
    expect(offset).toBe(90_000)
    expect(secondsLeft('2026-01-01T10:16:30.000Z', Date.parse('2026-01-01T10:00:00.000Z'), offset)).toBe(900)
    expect(secondsLeft('2026-01-01T10:16:30.000Z', Date.parse('2026-01-01T10:15:00.000Z'), offset)).toBe(0)
    expect(secondsLeft('2026-01-01T10:16:30.000Z', Date.parse('2026-01-01T11:00:00.000Z'), offset)).toBe(0)
  })

  it('shows minutes and seconds, and hours past an hour', () => {
    expect(formatCountdown(899)).toBe('14:59')
    expect(formatCountdown(5)).toBe('0:05')
    expect(formatCountdown(3723)).toBe('1:02:03')
    expect(formatCountdown(-3)).toBe('0:00')
  })

  it('keeps a row only while its stone is still held (or on memo)', () => {
    expect(stillListed('hold', 'H')).toBe(true)
    expect(stillListed('hold', 'A')).toBe(false)
    expect(stillListed('memo', 'M')).toBe(true)
    expect(stillListed('memo', 'H')).toBe(false)
  })
})
