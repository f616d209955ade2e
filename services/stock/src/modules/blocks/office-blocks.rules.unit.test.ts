import { describe, expect, it } from 'vitest'
import { answerFor, blockedFor, inLockOrder, refusalOf } from './office-blocks.rules'

const APPT = '11111111-1111-4111-8111-111111111111'

describe('an office block refused', () => {
  it('names why from the status the stone has now', () => {
    const of = (wSts: string, bidLotId: string | null = null) => refusalOf({ wSts, bidLotId })
    expect(refusalOf(undefined)).toBe('not-found')
    expect(of('H')).toBe('held')
    for (const w of ['M', 'D', 'S', 'O']) expect(of(w), w).toBe('blocked')
    for (const w of ['C', 'X']) expect(of(w), w).toBe('sold')
    for (const w of ['B', 'U', 'E', 'R', 'L']) expect(of(w), w).toBe('unavailable')
    // A stone in a running auction is not to be had, whatever its code says.
    expect(of('A', '22222222-2222-4222-8222-222222222222')).toBe('unavailable')
  })

  it('is not a refusal when the block is already this appointment’s', () => {
    expect(blockedFor({ wSts: 'O', appointmentId: APPT }, APPT)).toBe(true)
    expect(blockedFor({ wSts: 'O', appointmentId: '33333333-3333-4333-8333-333333333333' }, APPT)).toBe(false)
    expect(blockedFor({ wSts: 'A', appointmentId: APPT }, APPT)).toBe(false)
    expect(blockedFor(undefined, APPT)).toBe(false)
  })
})

describe('the answer for a stone', () => {
  it('says blocked until the slot’s end, or refused with the reason, with the location when known', () => {
    const until = new Date('2027-03-15T14:00:00Z')
    expect(answerFor('s1', { blocked: true, until }, { location: 'Dubai' })).toEqual({
      id: 's1',
      blocked: true,
      until: '2027-03-15T14:00:00.000Z',
      location: 'Dubai',
    })
    expect(answerFor('s2', { blocked: false, reason: 'held' }, { location: 'India' })).toEqual({
      id: 's2',
      blocked: false,
      reason: 'held',
      location: 'India',
    })
    expect(answerFor('s3', { blocked: false, reason: 'not-found' }, undefined)).toEqual({
      id: 's3',
      blocked: false,
      reason: 'not-found',
    })
  })

  it('takes stones in one order whatever order they were asked in, each once', () => {
    expect(inLockOrder(['c', 'a', 'b', 'a'])).toEqual(['a', 'b', 'c'])
  })
})
