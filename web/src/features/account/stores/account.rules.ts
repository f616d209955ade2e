import type {
  Address,
  AddressUpsert,
  AccountUpdate,
  CompanyProfile,
  Profile,
  UserCreate,
  ADDRESS_TYPES,
  MANAGED_USER_TYPES,
} from '@diamond/contracts/http/account'
import type { UserPermissions } from '@diamond/contracts/permissions'
import { BUSINESS_TYPES } from '@diamond/contracts/http/account.values'

/**
 * The account forms' rules, pure: what each field needs and the body each form sends. Lengths and
 * patterns are the contract's (contracts/http/account.ts). Each error is a text under `account.errors.<code>`.
 */
export type FormError =
  | 'required'
  | 'email'
  | 'phone'
  | 'username'
  | 'password'
  | 'mismatch'
  | 'pinCode'
  | 'date'
  | 'year'
  | 'url'
  | 'tooLong'
export type Errors<V> = Partial<Record<keyof V, FormError>>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE = /^[+0-9 ()-]{5,30}$/
const USERNAME = /^[A-Za-z0-9._-]{3,50}$/
const PASSWORD = /^(?=.*[A-Za-z])(?=.*[0-9]).{8,128}$/
const PIN = /^[A-Za-z0-9 -]{3,12}$/
const YEAR = /^\d{4}$/
const URL_LIKE = /^(https?:\/\/)?[^\s/.]+(\.[^\s/.]+)+(\/\S*)?$/i

function isDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s)
}

type Check = (s: string) => FormError | null
const required: Check = (s) => (s.trim() ? null : 'required')
const max =
  (n: number): Check =>
  (s) =>
    s.length > n ? 'tooLong' : null
const when =
  (re: RegExp, code: FormError): Check =>
  (s) =>
    !s.trim() || re.test(s.trim()) ? null : code
const date: Check = (s) => (!s || isDate(s) ? null : 'date')

function run<V extends object>(values: V, rules: Partial<Record<keyof V, Check[]>>): Errors<V> {
  const out: Errors<V> = {}
  for (const [field, checks] of Object.entries(rules) as [keyof V, Check[]][]) {
    const raw = values[field]
    const s = typeof raw === 'string' ? raw : ''
    for (const c of checks) {
      const e = c(s)
      if (e) {
        out[field] = e
        break
      }
    }
  }
  return out
}

const optional = (s: string) => (s.trim() ? s.trim() : undefined)

// ---------- Personal information ----------

export interface PersonalValues {
  firstName: string
  middleName: string
  lastName: string
  mobile: string
  telephone: string
  whatsapp: string
  skype: string
  birthDate: string
  anniversaryDate: string
  designation: string
}

export function personalValuesFrom(p: Profile): PersonalValues {
  return {
    firstName: p.firstName,
    middleName: p.middleName,
    lastName: p.lastName,
    mobile: p.mobile,
    telephone: p.telephone,
    whatsapp: p.whatsapp,
    skype: p.skype,
    birthDate: p.birthDate?.slice(0, 10) ?? '',
    anniversaryDate: p.anniversaryDate?.slice(0, 10) ?? '',
    designation: p.designation,
  }
}

export function validatePersonal(v: PersonalValues): Errors<PersonalValues> {
  return run(v, {
    firstName: [required, max(80)],
    middleName: [max(80)],
    lastName: [required, max(80)],
    mobile: [when(PHONE, 'phone')],
    telephone: [when(PHONE, 'phone')],
    whatsapp: [when(PHONE, 'phone')],
    skype: [max(80)],
    birthDate: [date],
    anniversaryDate: [date],
    designation: [max(100)],
  })
}

/** account/update: a cleared date is null; a middle name or mobile is sent only when there is one (the server needs them non-empty). */
export function toAccountUpdate(v: PersonalValues): AccountUpdate {
  const body: AccountUpdate = {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    telephone: v.telephone.trim(),
    whatsapp: v.whatsapp.trim(),
    skype: v.skype.trim(),
    designation: v.designation.trim(),
    birthDate: v.birthDate || null,
    anniversaryDate: v.anniversaryDate || null,
  }
  const middle = optional(v.middleName)
  const mobile = optional(v.mobile)
  if (middle) body.middleName = middle
  if (mobile) body.mobile = mobile
  return body
}

// ---------- Company profile ----------

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '500+'] as const

export interface CompanyValues {
  name: string
  description: string
  foundedYear: string
  size: string
  website: string
  isPublic: boolean
  headquarters: string
  logoFileId: string
  coverFileId: string
  // Issue 25: the rest of the spec's company profile.
  type: string
  country: string
  city: string
  dealsIn: string
  manufacturing: string
  /** One place per line. */
  locations: string
  showContacts: boolean
  linkedin: string
  facebook: string
  instagram: string
  x: string
  youtube: string
  wechat: string
}

/** The social links the form asks for, each its own field (the company's website has its own). */
export const SOCIAL_FIELDS = ['linkedin', 'facebook', 'instagram', 'x', 'youtube', 'wechat'] as const
type SocialField = (typeof SOCIAL_FIELDS)[number]

/** A link as stored: always https (the server refuses anything else), the scheme added when left out. */
export function secureLink(url: string): string {
  const u = url.trim()
  if (!u) return ''
  return /^https?:\/\//i.test(u) ? u.replace(/^http:\/\//i, 'https://') : `https://${u}`
}

export function companyValuesFrom(c: CompanyProfile): CompanyValues {
  return {
    name: c.name,
    description: c.description,
    foundedYear: c.foundedYear === null ? '' : String(c.foundedYear),
    size: c.size ?? '',
    website: c.website,
    isPublic: c.isPublic,
    headquarters: c.headquarters,
    logoFileId: c.logoFileId ?? '',
    coverFileId: c.coverFileId ?? '',
    type: c.type ?? '',
    country: c.country,
    city: c.city,
    dealsIn: c.dealsIn,
    manufacturing: c.manufacturing,
    locations: c.locations.join('\n'),
    showContacts: c.showContacts,
    ...(Object.fromEntries(
      SOCIAL_FIELDS.map((f) => [f, c.socialLinks.find((l) => l.platform === f)?.url ?? '']),
    ) as Record<SocialField, string>),
  }
}

export function validateCompany(v: CompanyValues, thisYear: number): Errors<CompanyValues> {
  const year: Check = (s) => {
    if (!s.trim()) return null
    const n = Number(s)
    return YEAR.test(s.trim()) && n >= 1800 && n <= thisYear ? null : 'year'
  }
  return run(v, {
    name: [required, max(200)],
    description: [max(2000)],
    foundedYear: [year],
    size: [max(50)],
    website: [max(200), when(URL_LIKE, 'url')],
    headquarters: [max(200)],
    country: [max(80)],
    city: [max(80)],
    dealsIn: [max(300)],
    manufacturing: [max(1000)],
    locations: [max(2000)],
    ...(Object.fromEntries(SOCIAL_FIELDS.map((f) => [f, [max(290), when(URL_LIKE, 'url')]])) as Record<
      SocialField,
      Check[]
    >),
  })
}

export function toCompanyUpdate(v: CompanyValues): AccountUpdate {
  return {
    company: {
      name: v.name.trim(),
      description: v.description.trim(),
      foundedYear: v.foundedYear.trim() ? Number(v.foundedYear) : null,
      size: v.size,
      website: v.website.trim(),
      isPublic: v.isPublic,
      headquarters: v.headquarters.trim(),
      logoFileId: v.logoFileId || null,
      coverFileId: v.coverFileId || null,
      type: (BUSINESS_TYPES as readonly string[]).includes(v.type) ? (v.type as (typeof BUSINESS_TYPES)[number]) : null,
      country: v.country.trim(),
      city: v.city.trim(),
      dealsIn: v.dealsIn.trim(),
      manufacturing: v.manufacturing.trim(),
      locations: [
        ...new Set(
          v.locations
            .split('\n')
            .map((l) => l.trim().slice(0, 120))
            .filter(Boolean),
        ),
      ].slice(0, 20),
      showContacts: v.showContacts,
      socialLinks: SOCIAL_FIELDS.filter((f) => v[f].trim()).map((f) => ({ platform: f, url: secureLink(v[f]) })),
    },
  }
}

// ---------- Addresses ----------

export interface AddressValues {
  id: string
  type: (typeof ADDRESS_TYPES)[number]
  street: string
  line1: string
  line2: string
  line3: string
  city: string
  state: string
  country: string
  pinCode: string
  isDefault: boolean
}

export const emptyAddress = (): AddressValues => ({
  id: '',
  type: 'billing',
  street: '',
  line1: '',
  line2: '',
  line3: '',
  city: '',
  state: '',
  country: '',
  pinCode: '',
  isDefault: false,
})
export const addressValuesFrom = (a: Address): AddressValues => ({ ...a })

export function validateAddress(v: AddressValues): Errors<AddressValues> {
  return run(v, {
    street: [max(200)],
    line1: [required, max(200)],
    line2: [max(200)],
    line3: [max(200)],
    city: [required, max(100)],
    state: [required, max(100)],
    country: [required, max(100)],
    pinCode: [required, when(PIN, 'pinCode')],
  })
}

export function toAddressUpsert(v: AddressValues): AddressUpsert {
  const body: AddressUpsert = {
    type: v.type,
    street: v.street.trim(),
    line1: v.line1.trim(),
    line2: v.line2.trim(),
    line3: v.line3.trim(),
    city: v.city.trim(),
    state: v.state.trim(),
    country: v.country.trim(),
    pinCode: v.pinCode.trim(),
    isDefault: v.isDefault,
  }
  if (v.id) body.id = v.id
  return body
}

// ---------- Change password ----------

export interface PasswordValues {
  currentPassword: string
  newPassword: string
  confirmPassword: string
}

export function validatePassword(v: PasswordValues): Errors<PasswordValues> {
  const errors = run(v, {
    currentPassword: [required],
    newPassword: [required, (s) => (PASSWORD.test(s) ? null : 'password')],
    confirmPassword: [required],
  })
  if (!errors.confirmPassword && v.confirmPassword !== v.newPassword) errors.confirmPassword = 'mismatch'
  return errors
}

// ---------- Users (company admins) ----------

export type ManagedUserType = (typeof MANAGED_USER_TYPES)[number]

export interface NewUserValues {
  username: string
  email: string
  password: string
  firstName: string
  lastName: string
  mobile: string
  userType: ManagedUserType
}

export const emptyNewUser = (): NewUserValues => ({
  username: '',
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  mobile: '',
  userType: 'buyer',
})

export function validateNewUser(v: NewUserValues): Errors<NewUserValues> {
  return run(v, {
    username: [required, when(USERNAME, 'username')],
    email: [required, max(254), when(EMAIL, 'email')],
    password: [required, (s) => (PASSWORD.test(s) ? null : 'password')],
    firstName: [required, max(80)],
    lastName: [required, max(80)],
    mobile: [required, when(PHONE, 'phone')],
  })
}

export interface UserSettings {
  Is_PlaceOrder: boolean
  Is_NoPrice: boolean
}

export function toUserCreate(v: NewUserValues, setting: UserSettings, permissions: UserPermissions | null): UserCreate {
  const body: UserCreate = {
    username: v.username.trim(),
    email: v.email.trim(),
    password: v.password,
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    mobile: v.mobile.trim(),
    userType: v.userType,
    setting: { ...setting },
  }
  if (permissions) body.permissions = permissions
  return body
}

/**
 * E_VALIDATION data.fields, reduced to the form's own field names: `prefix` (e.g. 'company.') is
 * dropped first, and a nested name counts for its top field.
 */
export function serverFields<V extends object>(data: unknown, fields: readonly (keyof V)[], prefix = ''): (keyof V)[] {
  const list = (data as { fields?: unknown } | null)?.fields
  if (!Array.isArray(list)) return []
  const out: (keyof V)[] = []
  for (const item of list) {
    const raw = typeof item === 'object' && item !== null ? (item as { field?: unknown }).field : undefined
    const name = typeof raw === 'string' && raw.startsWith(prefix) ? raw.slice(prefix.length) : undefined
    const top = name?.split('.')[0]
    const f = fields.find((k) => k === top)
    if (f !== undefined && !out.includes(f)) out.push(f)
  }
  return out
}
