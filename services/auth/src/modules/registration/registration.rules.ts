import type { FieldProblem } from '@diamond/runtime/errors'
import type { HitLimit } from '../session/limits.rules'
import type { RegisterRequest, UploadPurpose } from '@diamond/contracts/http/account'

export type { FieldProblem }
const problem = (field: string, message: string): FieldProblem => ({ field, in: 'body', message })

/** Registrations per address: enough for an office registering a few people, not for a script. */
export const REGISTRATIONS: HitLimit = { bucket: 'register', max: 10, windowSeconds: 3600 }

/** Which upload each document field of the form must name. */
export const DOCUMENT_FIELDS = [
  { field: 'photoIdFileId', purpose: 'photoId' },
  { field: 'businessProofFileId', purpose: 'businessProof' },
  { field: 'kycFileId', purpose: 'kyc' },
] as const satisfies readonly { field: keyof RegisterRequest; purpose: UploadPurpose }[]

/** An upload as registration sees it: claimable only if nobody owns it yet and it is not stale. */
export interface CandidateFile {
  id: string
  purpose: string
  claimable: boolean
}

/** Rules beyond the schema: the repeated password, and documents that are really this visitor's uploads. */
export function registrationProblems(req: RegisterRequest, files: CandidateFile[]): FieldProblem[] {
  const out: FieldProblem[] = []
  if (req.confirmPassword !== req.password) out.push(problem('confirmPassword', 'must match password'))
  for (const { field, purpose } of DOCUMENT_FIELDS) {
    const id = req[field]
    if (!id) continue
    const f = files.find((x) => x.id === id)
    if (!f || !f.claimable) out.push(problem(field, 'must be a file you just uploaded'))
    else if (f.purpose !== purpose) out.push(problem(field, `must be a file uploaded as ${purpose}`))
  }
  return out
}

/** The document ids a registration names. */
export const documentIds = (req: RegisterRequest): string[] =>
  DOCUMENT_FIELDS.map(({ field }) => req[field]).filter((id): id is string => !!id)

const CODE_LENGTH = 20

/**
 * A company code from its name, written like the demo companies' codes: the name in capitals,
 * accents dropped, every run of other characters one hyphen, at most 20 characters
 * ("Cohen & Sons" -> COHEN-SONS). A name without any Latin letter or digit (e.g. written in
 * Chinese) gets CO.
 */
export function companyCodeBase(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
  const code = ascii
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, CODE_LENGTH)
    .replace(/-+$/, '')
  return code || 'CO'
}

/** The base if free, else the base with the smallest number from 2 up that is free (ACME-2). */
export function nextCompanyCode(base: string, taken: Iterable<string>): string {
  const used = new Set(taken)
  if (!used.has(base)) return base
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`
}

export const LOCALES = ['en', 'fr', 'zh', 'ja', 'it', 'es', 'de', 'he', 'ar'] as const

/** Mail goes out in the first of the browser's languages the portal speaks, else English. */
export function localeFrom(acceptLanguage: string | undefined): string {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().slice(0, 2).toLowerCase()
    if ((LOCALES as readonly string[]).includes(tag)) return tag
  }
  return 'en'
}
