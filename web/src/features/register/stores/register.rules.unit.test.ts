import { describe, expect, it } from 'vitest'
import {
  emptyValues,
  firstStepWithError,
  REQUIRED,
  serverFieldErrors,
  stepOf,
  STEP_FIELDS,
  takenFields,
  toRequest,
  validateField,
  validateStep,
  type RegisterValues,
} from './register.rules'

const FILE_ID = '3f1c8a52-8e0b-4c1e-9d55-0a1b2c3d4e5f'
function filled(over: Partial<RegisterValues> = {}): RegisterValues {
  return {
    ...emptyValues(),
    firstName: ' Anna ',
    middleName: 'Maria',
    lastName: 'Rossi',
    username: 'anna.rossi',
    password: 'secret123',
    confirmPassword: 'secret123',
    email: 'anna@example.com',
    mobile: '+39 333 1234567',
    companyName: 'Rossi Gioielli',
    addressLine1: 'Via Roma 1',
    addressLine2: 'Scala B',
    countryId: 'IT',
    country: 'Italy',
    stateId: 'IT-LZ',
    state: 'Lazio',
    city: 'Rome',
    pinCode: '00100',
    documentType: 'passport',
    photoIdFileId: FILE_ID,
    undertaking: true,
    termsAccepted: true,
    ...over,
  }
}

describe('registration rules', () => {
  it("marks exactly the spec's asterisks plus what the account needs as required", () => {
    expect([...REQUIRED].sort()).toEqual(
      [
        'firstName',
        'middleName',
        'lastName',
        'addressLine1',
        'addressLine2',
        'email',
        'country',
        'state',
        'city',
        'pinCode',
        'mobile',
        'companyName',
        'documentType',
        'username',
        'password',
        'confirmPassword',
        'photoIdFileId',
        'undertaking',
        'termsAccepted',
      ].sort(),
    )
    expect(REQUIRED.has('addressLine3')).toBe(false)
    expect(REQUIRED.has('businessProofFileId')).toBe(false)
    expect(REQUIRED.has('kycFileId')).toBe(false)
  })

  it('flags every required field of an empty first step, and nothing optional', () => {
    expect(validateStep('personal', emptyValues())).toEqual({
      firstName: 'required',
      middleName: 'required',
      lastName: 'required',
      username: 'required',
      password: 'required',
      confirmPassword: 'required',
      email: 'required',
      mobile: 'required',
    })
  })

  it('passes a filled form on every step', () => {
    for (const step of ['personal', 'business', 'documents', 'terms'] as const)
      expect(validateStep(step, filled()), step).toEqual({})
  })

  it('wants a letter and a digit in at least 8 characters, and the same password twice', () => {
    expect(validateField('password', filled({ password: 'abcdefgh' }))).toBe('password')
    expect(validateField('password', filled({ password: '12345678' }))).toBe('password')
    expect(validateField('password', filled({ password: 'abc1234' }))).toBe('password')
    expect(validateField('password', filled({ password: 'abcd1234' }))).toBeNull()
    expect(validateField('confirmPassword', filled({ confirmPassword: 'secret124' }))).toBe('mismatch')
  })

  it('checks email, phones, username, pin code and dates by shape', () => {
    expect(validateField('email', filled({ email: 'anna@' }))).toBe('email')
    expect(validateField('mobile', filled({ mobile: '12ab5' }))).toBe('phone')
    expect(validateField('telephone', filled({ telephone: '' }))).toBeNull()
    expect(validateField('whatsapp', filled({ whatsapp: 'x' }))).toBe('phone')
    expect(validateField('username', filled({ username: 'an na' }))).toBe('username')
    expect(validateField('pinCode', filled({ pinCode: '1' }))).toBe('pinCode')
    expect(validateField('birthDate', filled({ birthDate: '2023-02-30' }))).toBe('date')
    expect(validateField('birthDate', filled({ birthDate: '1990-05-17' }))).toBeNull()
  })

  it('needs the photo identity, the undertaking and the terms', () => {
    expect(validateStep('documents', filled({ photoIdFileId: '', undertaking: false, documentType: '' }))).toEqual({
      documentType: 'required',
      photoIdFileId: 'required',
      undertaking: 'accept',
    })
    expect(validateStep('terms', filled({ termsAccepted: false }))).toEqual({ termsAccepted: 'accept' })
  })

  it('sends trimmed values and leaves empty optional fields out', () => {
    const req = toRequest(filled({ telephone: '  ', addressLine3: '', businessType: '', newsletter: true }))
    expect(req.firstName).toBe('Anna')
    expect(req).not.toHaveProperty('telephone')
    expect(req).not.toHaveProperty('addressLine3')
    expect(req).not.toHaveProperty('businessType')
    expect(req).not.toHaveProperty('businessProofFileId')
    expect(req).not.toHaveProperty('countryId')
    expect(req).toMatchObject({
      country: 'Italy',
      state: 'Lazio',
      city: 'Rome',
      newsletter: true,
      undertaking: true,
      termsAccepted: true,
      photoIdFileId: FILE_ID,
    })
  })

  it("puts the server's field errors on the field and step they belong to", () => {
    const v = filled({ email: 'anna@example' })
    const errors = serverFieldErrors(
      {
        fields: [
          { field: 'pinCode', in: 'body', message: 'must match pattern' },
          { field: 'email', in: 'body', message: 'x' },
        ],
      },
      v,
    )
    // pinCode passes the client's check, so the server's word is "invalid"; email gets the client's own text.
    expect(errors).toEqual({ pinCode: 'invalid', email: 'email' })
    expect(firstStepWithError(errors)).toBe(0)
    expect(firstStepWithError({ pinCode: 'invalid' })).toBe(1)
    expect(
      serverFieldErrors(
        {
          fields: [
            { field: 'photoId', message: 'x' },
            { field: 'nonsense', message: 'x' },
          ],
        },
        v,
      ),
    ).toEqual({ photoIdFileId: 'invalid' })
    expect(serverFieldErrors(null, v)).toEqual({})
  })

  it('flags username and email when the server says the account exists', () => {
    expect(takenFields(null)).toEqual(['username', 'email'])
    expect(takenFields({ field: 'email' })).toEqual(['email'])
    expect(takenFields({ fields: [{ field: 'username' }] })).toEqual(['username'])
  })

  it('knows every field of every step', () => {
    for (const [i, fields] of Object.values(STEP_FIELDS).entries()) for (const f of fields) expect(stepOf(f), f).toBe(i)
  })
})
