import { describe, expect, it } from 'vitest'
import { accountUpdateRefusal, companyImages, companyPatch, isCompanyAdmin, personalPatch } from './account.rules'

const LOGO = '00000000-0000-4000-8000-00000000000a'

describe('who may change what on account/update', () => {
  const admin = { userType: 'admin', companyId: 'c1', active: true, approvalStatus: 2 }

  it('knows the company admin: approved, active, of type admin, in a company', () => {
    expect(isCompanyAdmin(admin)).toBe(true)
    expect(isCompanyAdmin({ ...admin, userType: 'buyer' })).toBe(false)
    expect(isCompanyAdmin({ ...admin, companyId: null })).toBe(false)
    expect(isCompanyAdmin({ ...admin, active: false })).toBe(false)
    expect(isCompanyAdmin({ ...admin, approvalStatus: 1 })).toBe(false)
  })

  it('lets anyone change their own details and only the company admin the company', () => {
    expect(accountUpdateRefusal({ firstName: 'A' }, false)).toBeNull()
    expect(accountUpdateRefusal({ company: { description: 'x' } }, false)).toBe('E_FORBIDDEN')
    expect(accountUpdateRefusal({ company: { description: 'x' } }, true)).toBeNull()
  })

  it('changes only the fields sent, and clears a date sent as null', () => {
    expect(personalPatch({ firstName: 'Asha', birthDate: null, skype: '' })).toEqual({
      firstName: 'Asha',
      birthDate: null,
      skype: '',
    })
    expect(companyPatch({ isPublic: true, foundedYear: null, logoFileId: LOGO })).toEqual({
      isPublic: true,
      foundedYear: null,
      logoFileId: LOGO,
    })
  })

  it('lists the company images to check, by the field that named them', () => {
    expect(companyImages({ logoFileId: LOGO, coverFileId: null })).toEqual([
      { field: 'company.logoFileId', id: LOGO, purpose: 'logo' },
    ])
    expect(companyImages(undefined)).toEqual([])
  })
})
