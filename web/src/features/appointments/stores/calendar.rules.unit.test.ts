import { describe, expect, it } from 'vitest'
import { marksFor } from './calendar.rules'

const at = (iso: string) => Date.parse(iso)
const slot = { startsAt: '2026-03-09T10:00:00Z', endsAt: '2026-03-09T11:00:00Z' }

describe('the sales calendar marks', () => {
  it('confirms a booked appointment, moves or cancels it before it begins', () => {
    expect(marksFor({ ...slot, status: 'booked' }, at('2026-03-09T09:00:00Z'))).toEqual({
      marks: ['confirm'],
      change: true,
    })
    expect(marksFor({ ...slot, status: 'confirmed' }, at('2026-03-09T09:00:00Z'))).toEqual({ marks: [], change: true })
  })

  it('marks done or no-show only once it has begun', () => {
    expect(marksFor({ ...slot, status: 'confirmed' }, at('2026-03-09T10:00:00Z'))).toEqual({
      marks: ['done', 'no-show'],
      change: false,
    })
    expect(marksFor({ ...slot, status: 'booked' }, at('2026-03-09T11:30:00Z')).marks).toEqual(['done', 'no-show'])
  })

  it('offers nothing on a closed appointment', () => {
    expect(marksFor({ ...slot, status: 'no_show' }, at('2026-03-09T12:00:00Z')).marks).toEqual(['done'])
    for (const status of ['done', 'no_show', 'cancelled'] as const)
      expect(marksFor({ ...slot, status }, at('2026-03-09T09:00:00Z'))).toEqual({ marks: [], change: false })
  })
})
