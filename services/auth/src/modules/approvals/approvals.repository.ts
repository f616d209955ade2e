import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { anyOf } from '@diamond/runtime/statements'
import { files } from '../files/files.schema'
import { addresses } from '../profile/profile.schema'
import { companies, users, type User } from '../users/users.schema'
import type { ReviewerFacts } from './approvals.rules'

type Db = Sql | Tx

/** What decides whether a user is operator staff and what they may do, read fresh from the database. */
export async function staffFacts(client: Db, userId: string): Promise<ReviewerFacts | null> {
  const [row] = await orm(client)
    .select({
      userType: users.userType,
      approvalStatus: users.approvalStatus,
      active: users.active,
      emailVerified: users.emailVerified,
      companyIsOperator: sql<boolean>`coalesce(${companies.isOperator}, false)`,
      isPlaceOrder: users.isPlaceOrder,
      isNoPrice: users.isNoPrice,
      permissions: users.permissions,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
  return row ?? null
}

/** Who decided a registration, by username. */
const decider = alias(users, 'd')

const REGISTRATION = {
  id: users.id,
  username: users.username,
  email: users.email,
  emailVerified: users.emailVerified,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  userType: users.userType,
  approvalStatus: users.approvalStatus,
  createdAt: users.createdAt,
  businessType: users.businessType,
  designation: users.designation,
  mobile: users.mobile,
  telephone: users.telephone,
  whatsapp: users.whatsapp,
  skype: users.skype,
  documentType: users.documentType,
  locale: users.locale,
  approvedAt: users.approvedAt,
  approvalNote: users.approvalNote,
}

/** A registration: the account a visitor created through register/register or register/sellers. */
export type RegistrationRow = Pick<User, keyof typeof REGISTRATION> & {
  /** The company's name (else the name the registrant typed). */
  companyName: string
  /** The username of the staff member who decided it. */
  decidedBy: string | null
}

export type OfficeAddressRow = Pick<
  typeof addresses.$inferSelect,
  'userId' | 'line1' | 'line2' | 'line3' | 'city' | 'state' | 'country' | 'pinCode'
>

export type DocumentRow = Pick<typeof files.$inferSelect, 'id' | 'purpose' | 'name' | 'mimeType' | 'size'> & {
  ownerId: string
}

// Registrants are the buyers and sellers who signed up themselves; users a company admin added
// (createdBy set) never went through approval.
const registrant = and(inArray(users.userType, ['buyer', 'seller']), isNull(users.createdBy))

const registrations = (client: Db) =>
  orm(client)
    .select({
      ...REGISTRATION,
      companyName: sql<string>`coalesce(${companies.name}, ${users.companyName})`,
      decidedBy: decider.username,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(decider, eq(decider.id, users.approvedBy))

/** A page of registrations with one approval status, newest first. */
export async function registrationPage(
  client: Db,
  status: number,
  page: number,
  limit: number,
): Promise<{ rows: RegistrationRow[]; count: number }> {
  const where = and(eq(users.approvalStatus, status), registrant)
  const [rows, [total]] = await Promise.all([
    registrations(client)
      .where(where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(limit)
      .offset((page - 1) * limit),
    orm(client).select({ n: count() }).from(users).where(where),
  ])
  return { rows, count: total!.n }
}

export async function findRegistration(client: Db, id: string): Promise<RegistrationRow | null> {
  const [row] = await registrations(client).where(and(eq(users.id, id), registrant))
  return row ?? null
}

/** Locks a registrant's row for a decision: two reviewers deciding at once are served one at a time. */
export async function lockRegistrant(tx: Tx, id: string): Promise<Pick<User, 'id' | 'approvalStatus'> | null> {
  const [row] = await orm(tx)
    .select({ id: users.id, approvalStatus: users.approvalStatus })
    .from(users)
    .where(and(eq(users.id, id), registrant))
    .for('update')
  return row ?? null
}

export async function recordDecision(
  tx: Tx,
  id: string,
  d: { status: number; by: string; note: string },
): Promise<void> {
  await orm(tx)
    .update(users)
    .set({
      approvalStatus: d.status,
      approvedBy: d.by,
      approvedAt: sql`now()`,
      approvalNote: d.note,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
}

/** Each registrant's office address as the form gave it (else their default, else their first). */
export async function officeAddresses(client: Db, userIds: string[]): Promise<OfficeAddressRow[]> {
  if (!userIds.length) return []
  const a = addresses
  return orm(client)
    .selectDistinctOn([a.userId], {
      userId: a.userId,
      line1: a.line1,
      line2: a.line2,
      line3: a.line3,
      city: a.city,
      state: a.state,
      country: a.country,
      pinCode: a.pinCode,
    })
    .from(a)
    .where(anyOf(a.userId, userIds))
    .orderBy(a.userId, sql`(${a.type} = 'office') desc`, desc(a.isDefault), asc(a.createdAt), asc(a.id))
}

/** The registrants' documents of the given purposes, oldest first (the form's order). */
export async function documentsOf(client: Db, userIds: string[], purposes: readonly string[]): Promise<DocumentRow[]> {
  if (!userIds.length) return []
  const rows = await orm(client)
    .select({
      id: files.id,
      ownerId: files.ownerId,
      purpose: files.purpose,
      name: files.name,
      mimeType: files.mimeType,
      size: files.size,
    })
    .from(files)
    .where(and(anyOf(files.ownerId, userIds), anyOf(files.purpose, purposes)))
    .orderBy(files.createdAt, files.id)
  // Owned: the owner is one of the registrants.
  return rows as DocumentRow[]
}
