import { describe, expect, it } from 'vitest'
import {
  cleanNote,
  decisionMail,
  decisionRefusal,
  isOperatorStaff,
  REGISTRATION_PURPOSES,
  reviewerRights,
  revokeReasonFor,
  type StaffFacts,
} from './approvals.rules'

const sales: StaffFacts = {
  userType: 'sales',
  approvalStatus: 2,
  active: true,
  emailVerified: true,
  companyIsOperator: true,
}

describe('operator staff', () => {
  it('are approved, active, verified admins and sales people of the operator company', () => {
    expect(isOperatorStaff(sales)).toBe(true)
    expect(isOperatorStaff({ ...sales, userType: 'admin' })).toBe(true)
  })

  it('are nobody else', () => {
    expect(isOperatorStaff(null)).toBe(false)
    expect(isOperatorStaff({ ...sales, companyIsOperator: false })).toBe(false)
    expect(isOperatorStaff({ ...sales, userType: 'buyer' })).toBe(false)
    expect(isOperatorStaff({ ...sales, userType: 'seller' })).toBe(false)
    expect(isOperatorStaff({ ...sales, approvalStatus: 1 })).toBe(false)
    expect(isOperatorStaff({ ...sales, active: false })).toBe(false)
    expect(isOperatorStaff({ ...sales, emailVerified: false })).toBe(false)
  })

  it('review registrations with view on the registrations module, and decide them with all', () => {
    const reviewer = (permissions: Record<string, string> | null, over: Partial<StaffFacts> = {}) =>
      reviewerRights({ ...sales, ...over, isPlaceOrder: true, isNoPrice: false, permissions })
    // The types' defaults: operator admins and sales people do both.
    expect(reviewer(null)).toEqual({ review: true, decide: true })
    expect(reviewer(null, { userType: 'admin' })).toEqual({ review: true, decide: true })
    // Rights set by a company admin: two view rights review nothing.
    expect(reviewer({ searchList: 'v', dashboard: 'v' }, { userType: 'admin' })).toEqual({
      review: false,
      decide: false,
    })
    expect(reviewer({ registrations: 'v' })).toEqual({ review: true, decide: false })
    expect(reviewer({ registrations: 'vi' })).toEqual({ review: true, decide: false })
    expect(reviewer({ registrations: 'a' })).toEqual({ review: true, decide: true })
    // The right does nothing outside operator staff.
    expect(reviewer({ registrations: 'via' }, { companyIsOperator: false })).toEqual({ review: false, decide: false })
    expect(reviewerRights(null)).toEqual({ review: false, decide: false })
  })

  it('read registration documents, not company images', () => {
    expect([...REGISTRATION_PURPOSES].sort()).toEqual(['businessProof', 'kyc', 'photoId'])
  })
})

describe('a decision', () => {
  it('is taken only on a Pending registration', () => {
    expect(decisionRefusal(1)).toBeNull()
    for (const status of [2, 3, 4]) expect(decisionRefusal(status)).toBe('E_ALREADY_DECIDED')
  })

  it('ends the sessions of a rejected registrant only', () => {
    expect(revokeReasonFor(3)).toBe('rejected')
    expect(revokeReasonFor(2)).toBeNull()
  })

  it('keeps a note as written, trimmed and without control characters', () => {
    expect(cleanNote(undefined)).toBe('')
    expect(cleanNote('  Photo ID\r\nunreadable\u0007  ')).toBe('Photo ID\nunreadable')
  })

  it('mails an approval with the way to sign in, and a rejection with its note, in the registrant’s language', () => {
    const to = { email: 'Noa@Example.test', firstName: 'Noa', lastName: 'Levi', username: 'noa', locale: 'he' }
    expect(decisionMail(2, to, '')).toEqual({
      to: 'Noa@Example.test',
      name: 'Noa Levi',
      locale: 'he',
      template: 'account-approved',
      params: { link: '/signin', username: 'noa' },
    })
    expect(decisionMail(3, to, 'Unreadable')).toMatchObject({
      template: 'account-rejected',
      params: { note: 'Unreadable' },
      locale: 'he',
    })
  })
})
