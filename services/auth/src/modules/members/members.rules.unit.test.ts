import { describe, expect, it } from 'vitest'
import {
  canSeeCompany,
  containsPattern,
  contactsShown,
  decideRating,
  exactFilter,
  followRefusal,
  ratingSummary,
  sellersParam,
} from './members.rules'

const A = '00000000-0000-4000-8000-00000000000a'
const B = '00000000-0000-4000-8000-00000000000b'

describe('rating summary', () => {
  it('is 0 with no rating and the mean to two decimals otherwise', () => {
    expect(ratingSummary(0, 0)).toEqual({ average: 0, count: 0 })
    expect(ratingSummary(14, 3)).toEqual({ average: 4.67, count: 3 })
    expect(ratingSummary(5, 1)).toEqual({ average: 5, count: 1 })
  })
})

describe('directory search', () => {
  it('matches a part of the text in any case, taking wildcards literally', () => {
    expect(containsPattern('  Shah ')).toBe('%shah%')
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
  })
  it('treats a blank search or filter as none', () => {
    expect(containsPattern('   ')).toBeNull()
    expect(containsPattern(undefined)).toBeNull()
    expect(exactFilter(' India ')).toBe('india')
    expect(exactFilter('')).toBeNull()
  })
})

describe('who sees and follows a company', () => {
  it('shows a shown company to anyone and a hidden one only to its own members', () => {
    expect(canSeeCompany({ id: A, isPublic: true }, B)).toBe(true)
    expect(canSeeCompany({ id: A, isPublic: false }, B)).toBe(false)
    expect(canSeeCompany({ id: A, isPublic: false }, A)).toBe(true)
    expect(canSeeCompany({ id: A, isPublic: false }, undefined)).toBe(false)
  })
  it('refuses a hidden or missing company as not found, and one’s own company as such', () => {
    expect(followRefusal(null, B)).toBe('E_NOT_FOUND')
    expect(followRefusal({ id: A, isPublic: false }, B)).toBe('E_NOT_FOUND')
    expect(followRefusal({ id: A, isPublic: true }, A)).toBe('E_FOLLOW_OWN')
    expect(followRefusal({ id: A, isPublic: false }, A)).toBe('E_FOLLOW_OWN')
    expect(followRefusal({ id: A, isPublic: true }, B)).toBeNull()
  })
})

describe('the sellers of an order event', () => {
  it('reads comma-joined uuids once each and drops anything else', () => {
    expect(sellersParam(`${A},${B},${A}`)).toEqual([A, B])
    expect(sellersParam('')).toEqual([])
    expect(sellersParam(null)).toEqual([])
    expect(sellersParam(12)).toEqual([])
    expect(sellersParam(`${A},not-a-uuid`)).toEqual([A])
  })
})

describe('deciding a rating', () => {
  const delivered = new Date('2026-01-10T00:00:00Z')
  it('is not found for an order that is not the caller’s (no rows) or a seller not in it', () => {
    expect(decideRating([], undefined)).toEqual({ ok: false, code: 'E_NOT_FOUND' })
    expect(decideRating([{ companyId: A, deliveredAt: delivered }], B)).toEqual({ ok: false, code: 'E_NOT_FOUND' })
  })
  it('takes the one seller of an order when none is named, and asks which when there are several', () => {
    expect(decideRating([{ companyId: A, deliveredAt: delivered }], undefined)).toEqual({ ok: true, companyId: A })
    expect(
      decideRating(
        [
          { companyId: A, deliveredAt: delivered },
          { companyId: B, deliveredAt: delivered },
        ],
        undefined,
      ),
    ).toEqual({ ok: false, code: 'E_VALIDATION', field: 'companyId' })
    expect(
      decideRating(
        [
          { companyId: A, deliveredAt: delivered },
          { companyId: B, deliveredAt: delivered },
        ],
        B,
      ),
    ).toEqual({ ok: true, companyId: B })
  })
  it("leaves out the caller's own company: not found when named, and not counted when none is named", () => {
    const both = [
      { companyId: A, deliveredAt: delivered },
      { companyId: B, deliveredAt: delivered },
    ]
    expect(decideRating(both, A, A)).toEqual({ ok: false, code: 'E_NOT_FOUND' })
    expect(decideRating([{ companyId: A, deliveredAt: delivered }], undefined, A)).toEqual({
      ok: false,
      code: 'E_NOT_FOUND',
    })
    // Of two sellers, one the caller's own: the other is the one meant.
    expect(decideRating(both, undefined, A)).toEqual({ ok: true, companyId: B })
    expect(decideRating(both, B, A)).toEqual({ ok: true, companyId: B })
  })
  it('refuses an order not delivered yet', () => {
    expect(decideRating([{ companyId: A, deliveredAt: null }], A)).toEqual({ ok: false, code: 'E_ORDER_NOT_COMPLETED' })
  })
})

describe('member contacts', () => {
  it('are hidden unless the company shows them', () => {
    const u = { email: 'ravi@example.test', mobile: '' }
    expect(contactsShown(u, false)).toEqual({ email: null, mobile: null })
    expect(contactsShown(u, true)).toEqual({ email: 'ravi@example.test', mobile: null })
  })
})
