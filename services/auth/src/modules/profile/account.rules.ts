import type { AccountUpdate } from '@diamond/contracts/http/account'
import { cleanCompanyName } from '@diamond/contracts/companies'
import { ApprovalStatus } from '@diamond/contracts/http/account'
import type { AccountPatch, AccountRow, CompanyPatch } from './accounts.repository'

/** The company admin: an approved, active user of type admin who belongs to a company. */
export function isCompanyAdmin(u: Pick<AccountRow, 'userType' | 'companyId' | 'active' | 'approvalStatus'>): boolean {
  return u.userType === 'admin' && u.companyId !== null && u.active && u.approvalStatus === ApprovalStatus.approved
}

/** A member edits their own personal information; only the company admin edits the company. */
export function accountUpdateRefusal(body: AccountUpdate, callerIsCompanyAdmin: boolean): 'E_FORBIDDEN' | null {
  return body.company && !callerIsCompanyAdmin ? 'E_FORBIDDEN' : null
}

/** What a member changes of their own account: the form's fields are the columns' keys. */
const PERSONAL = [
  'firstName',
  'middleName',
  'lastName',
  'mobile',
  'telephone',
  'whatsapp',
  'skype',
  'birthDate',
  'anniversaryDate',
  'designation',
] as const satisfies readonly (keyof AccountUpdate & keyof AccountPatch)[]
type CompanyUpdate = NonNullable<AccountUpdate['company']>
const COMPANY = [
  'name',
  'description',
  'foundedYear',
  'size',
  'website',
  'isPublic',
  'logoFileId',
  'coverFileId',
  'headquarters',
  'type',
  'country',
  'city',
  'dealsIn',
  'socialLinks',
  'manufacturing',
  'locations',
  'showContacts',
] as const satisfies readonly (keyof CompanyUpdate & keyof CompanyPatch)[]

/** Only the fields that were sent change; a field sent as null is cleared where the contract allows it. */
function pick<S extends object, T>(source: S, keys: readonly (keyof S & keyof T)[]): Partial<T> {
  const out: Partial<T> = {}
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key] as unknown as T[typeof key]
  return out
}

export const personalPatch = (body: AccountUpdate): AccountPatch => pick<AccountUpdate, AccountPatch>(body, PERSONAL)
export const companyPatch = (company: CompanyUpdate): CompanyPatch => {
  const patch = pick<CompanyUpdate, CompanyPatch>(company, COMPANY)
  // A name is kept cleaned (one kind of space, no control characters): as it is compared.
  const named = patch.name !== undefined ? { ...patch, name: cleanCompanyName(patch.name) } : patch
  // Places are kept trimmed, blank ones dropped, each once (the directory searches them).
  return named.locations !== undefined
    ? { ...named, locations: [...new Set(named.locations.map((l) => l.trim()).filter(Boolean))] }
    : named
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
