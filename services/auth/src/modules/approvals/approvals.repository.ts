import type { Sql, Tx } from '@diamond/runtime/db'
import type { ReviewerFacts } from './approvals.rules'

type Db = Sql | Tx

/** What decides whether a user is operator staff and what they may do, read fresh from the database. */
export async function staffFacts(sql: Db, userId: string): Promise<ReviewerFacts | null> {
  const rows = await sql<ReviewerFacts[]>`
    select u.user_type, u.approval_status, u.active, u.email_verified, coalesce(c.is_operator, false) as company_is_operator,
           u.is_place_order, u.is_no_price, u.permissions
      from auth.users u left join auth.companies c on c.id = u.company_id
     where u.id = ${userId}`
  return rows[0] ?? null
}

/** A registration: the account a visitor created through register/register or register/sellers. */
export interface RegistrationRow {
  id: string
  username: string
  email: string
  email_verified: boolean
  first_name: string
  middle_name: string
  last_name: string
  user_type: string
  approval_status: number
  created_at: Date
  company_name: string
  business_type: string | null
  designation: string
  mobile: string
  telephone: string
  whatsapp: string
  skype: string
  document_type: string | null
  locale: string
  decided_by: string | null
  approved_at: Date | null
  approval_note: string
}

export interface OfficeAddressRow {
  user_id: string
  line1: string
  line2: string
  line3: string
  city: string
  state: string
  country: string
  pin_code: string
}

export interface DocumentRow {
  id: string
  owner_id: string
  purpose: string
  name: string
  mime_type: string
  size: number
}

// Registrants are the buyers and sellers who signed up themselves; users a company admin added
// (created_by set) never went through approval.
const REGISTRANT = (sql: Db) => sql`u.user_type in ('buyer', 'seller') and u.created_by is null`

const REGISTRATION_COLUMNS = (sql: Db) => sql`
  u.id, u.username, u.email, u.email_verified, u.first_name, u.middle_name, u.last_name, u.user_type,
  u.approval_status, u.created_at, coalesce(c.name, u.company_name) as company_name, u.business_type,
  u.designation, u.mobile, u.telephone, u.whatsapp, u.skype, u.document_type, u.locale,
  d.username as decided_by, u.approved_at, u.approval_note`

const FROM_REGISTRATIONS = (sql: Db) => sql`
  from auth.users u
  left join auth.companies c on c.id = u.company_id
  left join auth.users d on d.id = u.approved_by`

/** A page of registrations with one approval status, newest first. */
export async function registrationPage(
  sql: Db,
  status: number,
  page: number,
  limit: number,
): Promise<{ rows: RegistrationRow[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    sql<RegistrationRow[]>`
      select ${REGISTRATION_COLUMNS(sql)} ${FROM_REGISTRATIONS(sql)}
       where u.approval_status = ${status} and ${REGISTRANT(sql)}
       order by u.created_at desc, u.id limit ${limit} offset ${(page - 1) * limit}`,
    sql<
      [{ n: number }]
    >`select count(*)::int as n from auth.users u where u.approval_status = ${status} and ${REGISTRANT(sql)}`,
  ])
  return { rows, count: total!.n }
}

export async function findRegistration(sql: Db, id: string): Promise<RegistrationRow | null> {
  const rows = await sql<
    RegistrationRow[]
  >`select ${REGISTRATION_COLUMNS(sql)} ${FROM_REGISTRATIONS(sql)} where u.id = ${id} and ${REGISTRANT(sql)}`
  return rows[0] ?? null
}

/** Locks a registrant's row for a decision: two reviewers deciding at once are served one at a time. */
export async function lockRegistrant(tx: Tx, id: string): Promise<{ id: string; approval_status: number } | null> {
  const rows = await tx<{ id: string; approval_status: number }[]>`
    select u.id, u.approval_status from auth.users u where u.id = ${id} and ${REGISTRANT(tx)} for update`
  return rows[0] ?? null
}

export async function recordDecision(
  tx: Tx,
  id: string,
  d: { status: number; by: string; note: string },
): Promise<void> {
  await tx`
    update auth.users set approval_status = ${d.status}, approved_by = ${d.by}, approved_at = now(), approval_note = ${d.note}, updated_at = now()
     where id = ${id}`
}

/** Each registrant's office address as the form gave it (else their default, else their first). */
export async function officeAddresses(sql: Db, userIds: string[]): Promise<OfficeAddressRow[]> {
  if (!userIds.length) return []
  return sql<OfficeAddressRow[]>`
    select distinct on (user_id) user_id, line1, line2, line3, city, state, country, pin_code
      from auth.addresses where user_id = any(${userIds}::uuid[])
     order by user_id, (type = 'office') desc, is_default desc, created_at, id`
}

/** The registrants' documents of the given purposes, oldest first (the form's order). */
export async function documentsOf(sql: Db, userIds: string[], purposes: readonly string[]): Promise<DocumentRow[]> {
  if (!userIds.length) return []
  return sql<DocumentRow[]>`
    select id, owner_id, purpose, name, mime_type, size from auth.files
     where owner_id = any(${userIds}::uuid[]) and purpose = any(${purposes as string[]}::text[])
     order by created_at, id`
}
