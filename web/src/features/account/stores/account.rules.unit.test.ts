import { describe, expect, it } from 'vitest'
import {
  emptyAddress,
  emptyNewUser,
  serverFields,
  toAccountUpdate,
  toAddressUpsert,
  toCompanyUpdate,
  toUserCreate,
  validateAddress,
  validateCompany,
  validateNewUser,
  validatePassword,
  validatePersonal,
  type CompanyValues,
  type PersonalValues,
} from './account.rules'

const personal = (over: Partial<PersonalValues> = {}): PersonalValues => ({
  firstName: 'Asha',
  middleName: '',
  lastName: 'Mehta',
  mobile: '',
  telephone: '',
  whatsapp: '',
  skype: '',
  birthDate: '',
  anniversaryDate: '',
  designation: '',
  ...over,
})
const company = (over: Partial<CompanyValues> = {}): CompanyValues => ({
  name: 'Mehta Jewels',
  description: '',
  foundedYear: '',
  size: '',
  website: '',
  isPublic: false,
  headquarters: '',
  logoFileId: '',
  coverFileId: '',
  type: '',
  country: '',
  city: '',
  dealsIn: '',
  manufacturing: '',
  locations: '',
  showContacts: false,
  linkedin: '',
  facebook: '',
  instagram: '',
  x: '',
  youtube: '',
  wechat: '',
  ...over,
})

describe('personal information', () => {
  it('needs first and last name; checks phones and dates only when given', () => {
    expect(validatePersonal(personal({ firstName: ' ', lastName: '' }))).toEqual({
      firstName: 'required',
      lastName: 'required',
    })
    expect(validatePersonal(personal({ mobile: 'abc', birthDate: '1990-13-01' }))).toEqual({
      mobile: 'phone',
      birthDate: 'date',
    })
    expect(validatePersonal(personal())).toEqual({})
  })

  it('sends cleared dates as null and leaves out an empty middle name and mobile', () => {
    const body = toAccountUpdate(personal({ telephone: ' 022 1234 ', birthDate: '1990-05-17' }))
    expect(body).toEqual({
      firstName: 'Asha',
      lastName: 'Mehta',
      telephone: '022 1234',
      whatsapp: '',
      skype: '',
      designation: '',
      birthDate: '1990-05-17',
      anniversaryDate: null,
    })
    expect(toAccountUpdate(personal({ middleName: 'R', mobile: '+91 98200 00000' }))).toMatchObject({
      middleName: 'R',
      mobile: '+91 98200 00000',
    })
  })
})

describe('company profile', () => {
  it('checks the founded year against the clock passed in, and the website by shape', () => {
    expect(validateCompany(company({ foundedYear: '2031' }), 2030)).toEqual({ foundedYear: 'year' })
    expect(validateCompany(company({ foundedYear: '1799' }), 2030)).toEqual({ foundedYear: 'year' })
    expect(validateCompany(company({ foundedYear: '1998', website: 'mehta-jewels.example' }), 2030)).toEqual({})
    expect(validateCompany(company({ website: 'not a site' }), 2030)).toEqual({ website: 'url' })
    expect(validateCompany(company({ name: '' }), 2030)).toEqual({ name: 'required' })
  })

  it('sends the year as a number and missing images as null', () => {
    expect(toCompanyUpdate(company({ foundedYear: '1998' })).company).toMatchObject({
      foundedYear: 1998,
      logoFileId: null,
      coverFileId: null,
    })
    expect(toCompanyUpdate(company()).company?.foundedYear).toBeNull()
  })

  it('sends the directory fields: places one per line, social links as https, an unknown type as none', () => {
    const sent = toCompanyUpdate(
      company({
        type: 'manufacturer',
        locations: ' Mumbai \n\nSurat\nMumbai',
        linkedin: 'www.linkedin.com/company/mehta',
        instagram: 'http://instagram.com/mehta',
        showContacts: true,
      }),
    ).company
    expect(sent).toMatchObject({
      type: 'manufacturer',
      locations: ['Mumbai', 'Surat'],
      showContacts: true,
      socialLinks: [
        { platform: 'linkedin', url: 'https://www.linkedin.com/company/mehta' },
        { platform: 'instagram', url: 'https://instagram.com/mehta' },
      ],
    })
    expect(toCompanyUpdate(company({ type: 'pirate' })).company?.type).toBeNull()
    expect(validateCompany(company({ linkedin: 'not a link' }), 2030)).toEqual({ linkedin: 'url' })
  })
})

describe('addresses', () => {
  it('needs line 1, city, state, country and a pin code', () => {
    expect(validateAddress(emptyAddress())).toEqual({
      line1: 'required',
      city: 'required',
      state: 'required',
      country: 'required',
      pinCode: 'required',
    })
    expect(
      validateAddress({ ...emptyAddress(), line1: 'a', city: 'b', state: 'c', country: 'd', pinCode: '!' }),
    ).toEqual({ pinCode: 'pinCode' })
  })

  it('sends an id only when editing', () => {
    const v = { ...emptyAddress(), line1: 'a', city: 'b', state: 'c', country: 'd', pinCode: '400001' }
    expect(toAddressUpsert(v)).not.toHaveProperty('id')
    expect(toAddressUpsert({ ...v, id: 'x' }).id).toBe('x')
  })
})

describe('change password', () => {
  it('wants the current one, a strong new one and the same repeat', () => {
    expect(validatePassword({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'required',
      newPassword: 'required',
      confirmPassword: 'required',
    })
    expect(validatePassword({ currentPassword: 'x', newPassword: 'weakweak', confirmPassword: 'weakweak' })).toEqual({
      newPassword: 'password',
    })
    expect(validatePassword({ currentPassword: 'x', newPassword: 'Strong123', confirmPassword: 'Strong124' })).toEqual({
      confirmPassword: 'mismatch',
    })
    expect(validatePassword({ currentPassword: 'x', newPassword: 'Strong123', confirmPassword: 'Strong123' })).toEqual(
      {},
    )
  })
})

describe('users', () => {
  it('needs every field of a new user', () => {
    expect(Object.keys(validateNewUser(emptyNewUser())).sort()).toEqual([
      'email',
      'firstName',
      'lastName',
      'mobile',
      'password',
      'username',
    ])
  })

  it('sends permissions only when the admin set them', () => {
    const v = {
      ...emptyNewUser(),
      username: 'new.one',
      email: 'n@x.io',
      password: 'abc12345',
      firstName: 'N',
      lastName: 'O',
      mobile: '12345',
      userType: 'sales' as const,
    }
    expect(toUserCreate(v, { Is_PlaceOrder: false, Is_NoPrice: true }, null)).toEqual({
      ...v,
      setting: { Is_PlaceOrder: false, Is_NoPrice: true },
    })
    expect(
      toUserCreate(v, { Is_PlaceOrder: true, Is_NoPrice: false }, { cart: { view: true, insert: false, all: false } })
        .permissions,
    ).toEqual({
      cart: { view: true, insert: false, all: false },
    })
  })
})

describe('server field errors', () => {
  it("keeps the form's own fields, nested names by their top field, after a prefix", () => {
    const data = { fields: [{ field: 'company.website' }, { field: 'company.name' }, { field: 'other' }] }
    expect(serverFields<CompanyValues>(data, ['name', 'website'], 'company.')).toEqual(['website', 'name'])
    expect(serverFields<PersonalValues>({ fields: [{ field: 'mobile' }] }, ['mobile'])).toEqual(['mobile'])
    expect(serverFields<PersonalValues>(null, ['mobile'])).toEqual([])
  })
})
