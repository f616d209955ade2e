import type { AccountUpdate } from '@diamond/contracts/http/account'
import { cleanCompanyName } from '@diamond/contracts/companies'
import { ApprovalStatus } from '@diamond/contracts/http/account'
import type { AccountPatch, CompanyPatch } from './accounts.repository'

/** The company admin: an approved, active user of type admin who belongs to a company. */
export function isCompanyAdmin(u: {
  user_type: string
  company_id: string | null
  active: boolean
  approval_status: number
}): boolean {
  return u.user_type === 'admin' && u.company_id !== null && u.active && u.approval_status === ApprovalStatus.approved
}

/** A member edits their own personal information; only the company admin edits the company. */
export function accountUpdateRefusal(body: AccountUpdate, callerIsCompanyAdmin: boolean): 'E_FORBIDDEN' | null {
  return body.company && !callerIsCompanyAdmin ? 'E_FORBIDDEN' : null
}

const PERSONAL: [keyof AccountUpdate, keyof AccountPatch][] = [
  ['firstName', 'first_name'],
  ['middleName', 'middle_name'],
  ['lastName', 'last_name'],
  ['mobile', 'mobile'],
  ['telephone', 'telephone'],
  ['whatsapp', 'whatsapp'],
  ['skype', 'skype'],
  ['birthDate', 'birth_date'],
  ['anniversaryDate', 'anniversary_date'],
  ['designation', 'designation'],
]
type CompanyUpdate = NonNullable<AccountUpdate['company']>
const COMPANY: [keyof CompanyUpdate, keyof CompanyPatch][] = [
  ['name', 'name'],
  ['description', 'description'],
  ['foundedYear', 'founded_year'],
  ['size', 'size'],
  ['website', 'website'],
  ['isPublic', 'is_public'],
  ['logoFileId', 'logo_file_id'],
  ['coverFileId', 'cover_file_id'],
  ['headquarters', 'headquarters'],
]

/** Only the fields that were sent change; a field sent as null is cleared where the contract allows it. */
function pick<S extends object, T>(source: S, pairs: [keyof S, keyof T][]): Partial<T> {
  const out: Record<string, unknown> = {}
  for (const [from, to] of pairs) if (source[from] !== undefined) out[to as string] = source[from]
  return out as Partial<T>
}

export const personalPatch = (body: AccountUpdate): AccountPatch => pick<AccountUpdate, AccountPatch>(body, PERSONAL)
export const companyPatch = (company: CompanyUpdate): CompanyPatch => {
  const patch = pick<CompanyUpdate, CompanyPatch>(company, COMPANY)
  // A name is kept cleaned (one kind of space, no control characters): as it is compared.
  return patch.name !== undefined ? { ...patch, name: cleanCompanyName(patch.name) } : patch
}

/** The company images a change names (to be checked as the caller's own uploads of that purpose). */
export function companyImages(
  company: CompanyUpdate | undefined,
): { field: string; id: string; purpose: 'logo' | 'cover' }[] {
  const out: { field: string; id: string; purpose: 'logo' | 'cover' }[] = []
  if (company?.logoFileId) out.push({ field: 'company.logoFileId', id: company.logoFileId, purpose: 'logo' })
  if (company?.coverFileId) out.push({ field: 'company.coverFileId', id: company.coverFileId, purpose: 'cover' })
  return out
}
