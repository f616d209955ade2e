import { describe, expect, it } from 'vitest'
import { compactPermissions, expandPermissions } from '@diamond/contracts/permissions'
import { enquiryState, excerpt, isEnquiryStaff, messageOf, sideOf, stoneLine } from './enquiries.rules'

const perms = (all: boolean) =>
  compactPermissions({ ...expandPermissions({}), enquiry: { view: true, insert: true, all } })
const BUYER = '11111111-1111-4111-8111-111111111111'

describe('enquiry rules', () => {
  it('is open until the sales team has the last word', () => {
    expect(enquiryState(null)).toBe('open')
    expect(enquiryState('buyer')).toBe('open')
    expect(enquiryState('sales')).toBe('answered')
  })

  it('lets the buyer and the sales team write, and nobody else', () => {
    expect(sideOf({ id: BUYER, perms: perms(false) }, BUYER)).toBe('buyer')
    expect(sideOf({ id: 'other', operator: true, perms: perms(true) }, BUYER)).toBe('sales')
    // Another buyer, and a company admin with every right but not the operator's staff, find nothing.
    expect(sideOf({ id: 'other', perms: perms(false) }, BUYER)).toBeNull()
    expect(sideOf({ id: 'other', perms: perms(true) }, BUYER)).toBeNull()
    expect(isEnquiryStaff({ operator: true, perms: perms(false) })).toBe(false)
  })

  it('keeps a message trimmed and refuses an empty or overlong one', () => {
    expect(messageOf('  Yes, it is eye clean. ')).toEqual({ ok: true, message: 'Yes, it is eye clean.' })
    expect(messageOf('   ')).toMatchObject({ ok: false })
    expect(messageOf('x'.repeat(2001))).toMatchObject({ ok: false })
  })

  it('names a stone and cuts a long message for a notice', () => {
    expect(stoneLine({ shape: 'RD', carat: '1.5', color: 'D', clarity: 'VS1' })).toBe('RD 1.50 D VS1')
    expect(excerpt('short')).toBe('short')
    expect(excerpt('a'.repeat(200), 10)).toBe('aaaaaaaaa…')
  })
})
