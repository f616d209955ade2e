import type { MailRequested } from '@diamond/contracts/events/auth'
import { ApprovalStatus, UPLOAD_PURPOSES, type UploadPurpose } from '@diamond/contracts/http/account'
import type { Registration } from '@diamond/contracts/http/approvals'
import { MEMBER_PURPOSES } from '../files/upload.rules'
import type { DocumentRow, OfficeAddressRow, RegistrationRow } from './approvals.repository'
import type { RevokeReason } from '../session/revoke'
import { effectivePermissions, type UserType } from '../users/permissions.rules'
import type { User } from '../users/users.schema'

/** User types of the operator company who review registrations: its admins and sales people. */
export const STAFF_TYPES: readonly string[] = ['admin', 'sales']

/** What tells operator staff apart, as stored (the token's claims may be stale). */
export type StaffFacts = Pick<User, 'userType' | 'approvalStatus' | 'active' | 'emailVerified'> & {
  companyIsOperator: boolean
}

/**
 * Operator staff: an approved, active, verified admin or sales person of the company that runs
 * the portal. They approve and reject registrations and read their documents.
 */
export function isOperatorStaff(u: StaffFacts | null): boolean {
  return (
    !!u &&
    u.companyIsOperator &&
    STAFF_TYPES.includes(u.userType) &&
    u.approvalStatus === ApprovalStatus.approved &&
    u.active &&
    u.emailVerified
  )
}

/** Staff facts with what makes up the user's rights, as stored. */
export type ReviewerFacts = StaffFacts & Pick<User, 'isPlaceOrder' | 'isNoPrice' | 'permissions'>

/**
 * What operator staff may do with registrations (issue 21): list them and read their documents
 * with view on the registrations module, approve or reject them with all. Being staff is not
 * enough: an operator admin given two view rights reviews nothing.
 */
export function reviewerRights(u: ReviewerFacts | null): { review: boolean; decide: boolean } {
  if (!u || !isOperatorStaff(u)) return { review: false, decide: false }
  const rights = effectivePermissions(
    u.userType as UserType,
    { isPlaceOrder: u.isPlaceOrder, isNoPrice: u.isNoPrice },
    u.permissions,
  ).registrations
  return { review: !!rights && (rights.view || rights.all), decide: !!rights?.all }
}

/** Documents a registration carries (everything but company images), which operator staff may read. */
export const REGISTRATION_PURPOSES: readonly UploadPurpose[] = UPLOAD_PURPOSES.filter(
  (p) => !MEMBER_PURPOSES.includes(p),
)

export type Decision = typeof ApprovalStatus.approved | typeof ApprovalStatus.rejected

/** Only a Pending registration is decided; a second decision (or one on an expired account) is refused. */
export function decisionRefusal(current: number): 'E_ALREADY_DECIDED' | null {
  return current === ApprovalStatus.pending ? null : 'E_ALREADY_DECIDED'
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is dropped
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f]/g

/** A note as stored and mailed: trimmed; line breaks kept, other control characters dropped. */
export function cleanNote(note: string | undefined): string {
  return (note ?? '').replace(/\r\n?/g, '\n').replace(CONTROL_BUT_NEWLINE, '').trim()
}

/** A rejected registrant's sessions end (harmless when they never signed in: they could not). */
export const revokeReasonFor = (decision: Decision): RevokeReason | null =>
  decision === ApprovalStatus.rejected ? 'rejected' : null

/** The mail telling the registrant, in their language: approved leads to sign-in; rejected carries the note. */
export function decisionMail(
  decision: Decision,
  to: Pick<Registration, 'email' | 'firstName' | 'lastName' | 'username'> & { locale: string },
  note: string,
): MailRequested {
  const base = { to: to.email, name: `${to.firstName} ${to.lastName}`.trim(), locale: to.locale }
  return decision === ApprovalStatus.approved
    ? { ...base, template: 'account-approved', params: { link: '/signin', username: to.username } }
    : { ...base, template: 'account-rejected', params: { note } }
}

/** A registration as the API shows it, from its row, office address and documents. */
export function toRegistration(
  r: RegistrationRow,
  address: OfficeAddressRow | undefined,
  files: DocumentRow[],
): Registration {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    emailVerified: r.emailVerified,
    firstName: r.firstName,
    middleName: r.middleName,
    lastName: r.lastName,
    userType: r.userType,
    approvalStatus: r.approvalStatus,
    createdAt: r.createdAt.toISOString(),
    companyName: r.companyName,
    businessType: r.businessType,
    designation: r.designation,
    contact: { mobile: r.mobile, telephone: r.telephone, whatsapp: r.whatsapp, skype: r.skype },
    address: address
      ? {
          line1: address.line1,
          line2: address.line2,
          line3: address.line3,
          city: address.city,
          state: address.state,
          country: address.country,
          pinCode: address.pinCode,
        }
      : null,
    documentType: r.documentType,
    files: files.map((f) => ({
      id: f.id,
      purpose: f.purpose as UploadPurpose,
      name: f.name,
      mimeType: f.mimeType,
      size: f.size,
    })),
    decidedBy: r.decidedBy,
    decidedAt: r.approvedAt ? r.approvedAt.toISOString() : null,
    note: r.approvalNote,
  }
}
