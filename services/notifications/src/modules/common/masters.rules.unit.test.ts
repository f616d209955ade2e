import { describe, expect, it } from 'vitest'
import { DOCUMENT_TYPES } from '@diamond/contracts/http/account'
import { MASTERS } from '@diamond/contracts/masters'
import { masterList, serverTime } from './masters.rules'

describe('master lists by code', () => {
  it('answers the registration lists and the grading vocabularies', () => {
    expect(masterList('DOCUMENT_TYPE')).toEqual([...DOCUMENT_TYPES])
    expect(masterList('heard_from')).toContain('tradeShow')
    expect(masterList('ADDRESS_TYPE')).toEqual(['billing', 'shipping', 'office'])
    expect(masterList('SHAPE')).toEqual([...MASTERS.SHAPE])
  })

  it('knows no other code, not even inherited object keys', () => {
    expect(masterList('NOPE')).toBeNull()
    expect(masterList('constructor')).toBeNull()
    expect(masterList('__proto__')).toBeNull()
  })

  it('tells the time in UTC with the business time zone named', () => {
    expect(serverTime(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toEqual({
      time: '2026-01-02T03:04:05.000Z',
      epochMs: 1767323045000,
      timeZone: 'Asia/Kolkata',
    })
  })
})
