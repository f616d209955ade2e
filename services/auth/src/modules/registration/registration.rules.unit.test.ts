import { describe, expect, it } from 'vitest'
import type { RegisterRequest } from '@diamond/contracts/http/account'
import { companyCodeBase, documentIds, localeFrom, nextCompanyCode, registrationProblems } from './registration.rules'

const PHOTO = '00000000-0000-4000-8000-000000000001'
const KYC = '00000000-0000-4000-8000-000000000002'
const form = (over: Partial<RegisterRequest> = {}) =>
  ({ password: 'Secret#2026', confirmPassword: 'Secret#2026', photoIdFileId: PHOTO, ...over }) as RegisterRequest

describe('registration form rules', () => {
  it('passes a form whose passwords match and whose documents are fresh uploads of the right kind', () => {
    const files = [
      { id: PHOTO, purpose: 'photoId', claimable: true },
      { id: KYC, purpose: 'kyc', claimable: true },
    ]
    expect(registrationProblems(form({ kycFileId: KYC }), files)).toEqual([])
  })

  it('names confirmPassword when the passwords differ', () => {
    const files = [{ id: PHOTO, purpose: 'photoId', claimable: true }]
    expect(registrationProblems(form({ confirmPassword: 'Secret#2027' }), files)).toEqual([
      { field: 'confirmPassword', in: 'body', message: 'must match password' },
    ])
  })

  it('names a document that is unknown, already claimed, or of another purpose', () => {
    expect(registrationProblems(form(), []).map((p) => p.field)).toEqual(['photoIdFileId'])
    expect(
      registrationProblems(form(), [{ id: PHOTO, purpose: 'photoId', claimable: false }]).map((p) => p.field),
    ).toEqual(['photoIdFileId'])
    const swapped = registrationProblems(form({ kycFileId: PHOTO }), [
      { id: PHOTO, purpose: 'photoId', claimable: true },
    ])
    expect(swapped).toEqual([{ field: 'kycFileId', in: 'body', message: 'must be a file uploaded as kyc' }])
  })

  it('lists the documents a form names, optional ones only when given', () => {
    expect(documentIds(form())).toEqual([PHOTO])
    expect(documentIds(form({ kycFileId: KYC }))).toEqual([PHOTO, KYC])
  })
})

describe('company codes', () => {
  it('writes the name in capitals with hyphens between words, accents dropped, at most 20', () => {
    expect(companyCodeBase('Mehta Jewels')).toBe('MEHTA-JEWELS')
    expect(companyCodeBase('Cohen & Sons')).toBe('COHEN-SONS')
    expect(companyCodeBase('  Bijoux Étoilé 24 ')).toBe('BIJOUX-ETOILE-24')
    expect(companyCodeBase('International Diamond Traders Ltd')).toBe('INTERNATIONAL-DIAMON')
    expect(companyCodeBase('Shah Diamonds & Co.')).toBe('SHAH-DIAMONDS-CO')
    expect(companyCodeBase('Twenty Chars Exactly & more')).toBe('TWENTY-CHARS-EXACTLY')
    expect(companyCodeBase('钻石贸易')).toBe('CO')
  })

  it('numbers a code that is taken, from 2 up, filling the first gap', () => {
    expect(nextCompanyCode('ACME', [])).toBe('ACME')
    expect(nextCompanyCode('ACME', ['ACME'])).toBe('ACME-2')
    expect(nextCompanyCode('ACME', ['ACME', 'ACME-2', 'ACME-4'])).toBe('ACME-3')
  })
})

describe('mail language', () => {
  it("uses the browser's first language the portal speaks, else English", () => {
    expect(localeFrom('he-IL,he;q=0.9,en;q=0.8')).toBe('he')
    expect(localeFrom('pt-BR,fr;q=0.5')).toBe('fr')
    expect(localeFrom('pt-BR')).toBe('en')
    expect(localeFrom(undefined)).toBe('en')
  })
})
