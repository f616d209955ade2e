import type { BUSINESS_TYPES, DOCUMENT_TYPES, HEARD_FROM, RegisterRequest } from '@diamond/contracts/http/account'

/**
 * The registration form's rules, pure: what each step holds, what each field needs, and the request
 * the form sends at the end. Required fields are the spec's asterisks (section 5) plus what the
 * account itself needs (username, password, photo identity, undertaking, terms).
 */
export const STEPS = ['personal', 'business', 'documents', 'terms'] as const
export type Step = (typeof STEPS)[number]

export interface RegisterValues {
  firstName: string
  middleName: string
  lastName: string
  username: string
  password: string
  confirmPassword: string
  email: string
  mobile: string
  telephone: string
  whatsapp: string
  skype: string
  birthDate: string
  anniversaryDate: string
  companyName: string
  designation: string
  businessType: '' | (typeof BUSINESS_TYPES)[number]
  addressLine1: string
  addressLine2: string
  addressLine3: string
  /** Picked from the location lists: the id drives the next list, the name is what is sent. */
  countryId: string
  country: string
  stateId: string
  state: string
  city: string
  pinCode: string
  heardFrom: '' | (typeof HEARD_FROM)[number]
  newsletter: boolean
  documentType: '' | (typeof DOCUMENT_TYPES)[number]
  photoIdFileId: string
  businessProofFileId: string
  kycFileId: string
  undertaking: boolean
  termsAccepted: boolean
}
export type Field = keyof RegisterValues

export const emptyValues = (): RegisterValues => ({
  firstName: '',
  middleName: '',
  lastName: '',
  username: '',
  password: '',
  confirmPassword: '',
  email: '',
  mobile: '',
  telephone: '',
  whatsapp: '',
  skype: '',
  birthDate: '',
  anniversaryDate: '',
  companyName: '',
  designation: '',
  businessType: '',
  addressLine1: '',
  addressLine2: '',
  addressLine3: '',
  countryId: '',
  country: '',
  stateId: '',
  state: '',
  city: '',
  pinCode: '',
  heardFrom: '',
  newsletter: false,
  documentType: '',
  photoIdFileId: '',
  businessProofFileId: '',
  kycFileId: '',
  undertaking: false,
  termsAccepted: false,
})

/** The fields each step shows and checks on Next, in screen order (the first invalid one gets the focus). */
export const STEP_FIELDS: Record<Step, readonly Field[]> = {
  personal: [
    'firstName',
    'middleName',
    'lastName',
    'username',
    'password',
    'confirmPassword',
    'email',
    'mobile',
    'telephone',
    'whatsapp',
    'skype',
    'birthDate',
    'anniversaryDate',
  ],
  business: [
    'companyName',
    'designation',
    'businessType',
    'addressLine1',
    'addressLine2',
    'addressLine3',
    'country',
    'state',
    'city',
    'pinCode',
    'heardFrom',
    'newsletter',
  ],
  documents: ['documentType', 'photoIdFileId', 'businessProofFileId', 'kycFileId', 'undertaking'],
  terms: ['termsAccepted'],
}

export const REQUIRED: ReadonlySet<Field> = new Set<Field>([
  'firstName',
  'middleName',
  'lastName',
  'username',
  'password',
  'confirmPassword',
  'email',
  'mobile',
  'companyName',
  'addressLine1',
  'addressLine2',
  'country',
  'state',
  'city',
  'pinCode',
  'documentType',
  'photoIdFileId',
  'undertaking',
  'termsAccepted',
])

/** Each code is a text under `register.errors.<code>`. */
export type FieldError =
  | 'required'
  | 'email'
  | 'phone'
  | 'username'
  | 'password'
  | 'mismatch'
  | 'pinCode'
  | 'date'
  | 'accept'
  | 'invalid'
  | 'taken'
  | 'tooLong'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE = /^[+0-9 ()-]{5,30}$/
const USERNAME = /^[A-Za-z0-9._-]{3,50}$/
const PASSWORD = /^(?=.*[A-Za-z])(?=.*[0-9]).{8,128}$/
const PIN = /^[A-Za-z0-9 -]{3,12}$/
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** Lengths the server accepts (contracts/http/account.ts). */
export const MAX_LENGTH: Partial<Record<Field, number>> = {
  firstName: 80,
  middleName: 80,
  lastName: 80,
  username: 50,
  password: 128,
  confirmPassword: 128,
  email: 254,
  mobile: 30,
  telephone: 30,
  whatsapp: 30,
  skype: 80,
  companyName: 200,
  designation: 100,
  addressLine1: 200,
  addressLine2: 200,
  addressLine3: 200,
  country: 100,
  state: 100,
  city: 100,
  pinCode: 12,
}

function isDate(s: string): boolean {
  if (!DATE.test(s)) return false
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s)
}

export function validateField(field: Field, v: RegisterValues): FieldError | null {
  const value = v[field]
  if (typeof value === 'boolean') return REQUIRED.has(field) && !value ? 'accept' : null
  const s = value.trim()
  if (!s) return REQUIRED.has(field) ? 'required' : null
  const max = MAX_LENGTH[field]
  if (max && value.length > max) return 'tooLong'
  switch (field) {
    case 'email':
      return EMAIL.test(s) ? null : 'email'
    case 'mobile':
    case 'telephone':
    case 'whatsapp':
      return PHONE.test(s) ? null : 'phone'
    case 'username':
      return USERNAME.test(s) ? null : 'username'
    case 'password':
      return PASSWORD.test(value) ? null : 'password'
    case 'confirmPassword':
      return value === v.password ? null : 'mismatch'
    case 'pinCode':
      return PIN.test(s) ? null : 'pinCode'
    case 'birthDate':
    case 'anniversaryDate':
      return isDate(s) ? null : 'date'
    default:
      return null
  }
}

export type FieldErrors = Partial<Record<Field, FieldError>>

export function validateStep(step: Step, v: RegisterValues): FieldErrors {
  const errors: FieldErrors = {}
  for (const f of STEP_FIELDS[step]) {
    const e = validateField(f, v)
    if (e) errors[f] = e
  }
  return errors
}

export function stepOf(field: Field): number {
  const i = STEPS.findIndex((s) => STEP_FIELDS[s].includes(field))
  return i < 0 ? 0 : i
}

const trimmed = (s: string) => s.trim()
const optional = (s: string) => (s.trim() ? s.trim() : undefined)

/** The body of register/register and register/sellers: trimmed, with empty optional fields left out. */
export function toRequest(v: RegisterValues): RegisterRequest {
  const req: RegisterRequest = {
    firstName: trimmed(v.firstName),
    middleName: trimmed(v.middleName),
    lastName: trimmed(v.lastName),
    username: trimmed(v.username),
    password: v.password,
    confirmPassword: v.confirmPassword,
    email: trimmed(v.email),
    mobile: trimmed(v.mobile),
    telephone: optional(v.telephone),
    whatsapp: optional(v.whatsapp),
    skype: optional(v.skype),
    birthDate: optional(v.birthDate),
    anniversaryDate: optional(v.anniversaryDate),
    companyName: trimmed(v.companyName),
    designation: optional(v.designation),
    businessType: v.businessType || undefined,
    addressLine1: trimmed(v.addressLine1),
    addressLine2: trimmed(v.addressLine2),
    addressLine3: optional(v.addressLine3),
    country: trimmed(v.country),
    state: trimmed(v.state),
    city: trimmed(v.city),
    pinCode: trimmed(v.pinCode),
    heardFrom: v.heardFrom || undefined,
    newsletter: v.newsletter,
    documentType: v.documentType as RegisterRequest['documentType'],
    photoIdFileId: v.photoIdFileId,
    businessProofFileId: optional(v.businessProofFileId),
    kycFileId: optional(v.kycFileId),
    undertaking: true,
    termsAccepted: true,
  }
  // The schema refuses unknown keys, and JSON drops undefined ones; drop them here too so tests see the wire shape.
  for (const k of Object.keys(req) as (keyof RegisterRequest)[]) if (req[k] === undefined) delete req[k]
  return req
}

/** Field names the server may use for the document ids, mapped to the form's fields. */
const SERVER_FIELD: Record<string, Field> = {
  photoId: 'photoIdFileId',
  businessProof: 'businessProofFileId',
  kyc: 'kycFileId',
}

function asField(name: string): Field | null {
  const top = name.split('.')[0] ?? ''
  const f = SERVER_FIELD[top] ?? top
  return f in emptyValues() ? (f as Field) : null
}

/**
 * E_VALIDATION data.fields from the server, as form errors: the client's own code for the field
 * when it has one (so the text is translated), else "invalid".
 */
export function serverFieldErrors(data: unknown, v: RegisterValues): FieldErrors {
  const fields = (data as { fields?: unknown } | null)?.fields
  const out: FieldErrors = {}
  if (!Array.isArray(fields)) return out
  for (const item of fields) {
    const name = typeof item === 'object' && item !== null ? (item as { field?: unknown }).field : undefined
    const f = typeof name === 'string' ? asField(name) : null
    if (f && !out[f]) out[f] = validateField(f, v) ?? 'invalid'
  }
  return out
}

/**
 * E_ALREADY_EXISTS: the server may say which of username and email is taken (data.field or
 * data.fields); without that, both are flagged.
 */
export function takenFields(data: unknown): Field[] {
  const d = data as { field?: unknown; fields?: unknown } | null
  const named = [
    d?.field,
    ...(Array.isArray(d?.fields)
      ? d.fields.map((x: unknown) => (typeof x === 'string' ? x : (x as { field?: unknown } | null)?.field))
      : []),
  ]
  const hits = named.filter((x): x is 'username' | 'email' => x === 'username' || x === 'email')
  return hits.length ? [...new Set(hits)] : ['username', 'email']
}

/** The step to show after a server refusal: the earliest one holding a flagged field. */
export function firstStepWithError(errors: FieldErrors): number | null {
  const steps = (Object.keys(errors) as Field[]).map(stepOf)
  return steps.length ? Math.min(...steps) : null
}
