import type { SocialLink } from '@diamond/contracts/http/members'
import type { CompactPermissions } from '@diamond/contracts/permissions'
import { sql } from 'drizzle-orm'
import { jsonb } from '@diamond/runtime/columns'
import { boolean, date, integer, smallint, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { auth } from '../../pg-schema'

/**
 * Companies (migration 0002): every member belongs to one. The operator company runs the portal
 * (0004); registeredName keeps the name a company had when it first changed it (0006), null until
 * then. Logo and cover are files of the company admin.
 */
export const companies = auth.table('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Unique: made from the name at registration (COHEN-SONS, COHEN-SONS-2). */
  code: text('code').notNull(),
  type: text('type'),
  description: text('description').notNull().default(''),
  foundedYear: integer('founded_year'),
  size: text('size'),
  website: text('website').notNull().default(''),
  isPublic: boolean('is_public').notNull().default(false),
  logoFileId: uuid('logo_file_id'),
  coverFileId: uuid('cover_file_id'),
  headquarters: text('headquarters').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  isOperator: boolean('is_operator').notNull().default(false),
  registeredName: text('registered_name'),
  // Issue 25 (migration 0008): the rest of the spec's company profile; the counts kept with each change.
  country: text('country').notNull().default(''),
  city: text('city').notNull().default(''),
  dealsIn: text('deals_in').notNull().default(''),
  socialLinks: jsonb('social_links').$type<SocialLink[]>().notNull().default([]),
  manufacturing: text('manufacturing').notNull().default(''),
  locations: jsonb('locations').$type<string[]>().notNull().default([]),
  showContacts: boolean('show_contacts').notNull().default(false),
  followerCount: integer('follower_count').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
  ratingSum: integer('rating_sum').notNull().default(0),
  /** What the directory's search reads (migration 0008): kept by PostgreSQL, trigram-indexed. */
  searchText: text('search_text').generatedAlwaysAs(
    sql`lower(name || ' ' || city || ' ' || country || ' ' || coalesce(type, '') || ' ' || deals_in)`,
  ),
})

/**
 * Users (migrations 0001, 0002, 0004): username and email are unique in any letter case (indexes on
 * lower()). tokenVersion is bumped on logout, password change, deactivation and permission change:
 * older tokens stop working.
 */
export const users = auth.table('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  /** The company name as typed (a company's rename is copied here). */
  companyName: text('company_name').notNull().default(''),
  /** buyer, seller, sales, admin, guest */
  userType: text('user_type').notNull(),
  /** 1 Pending, 2 Approved, 3 Rejected, 4 Expired (spec section 4). */
  approvalStatus: smallint('approval_status').notNull().default(1),
  active: boolean('active').notNull().default(true),
  emailVerified: boolean('email_verified').notNull().default(false),
  isPlaceOrder: boolean('is_place_order').notNull().default(true),
  isNoPrice: boolean('is_no_price').notNull().default(false),
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  companyId: uuid('company_id').references(() => companies.id),
  middleName: text('middle_name').notNull().default(''),
  mobile: text('mobile').notNull().default(''),
  telephone: text('telephone').notNull().default(''),
  whatsapp: text('whatsapp').notNull().default(''),
  skype: text('skype').notNull().default(''),
  /** 'YYYY-MM-DD' */
  birthDate: date('birth_date'),
  anniversaryDate: date('anniversary_date'),
  designation: text('designation').notNull().default(''),
  businessType: text('business_type'),
  heardFrom: text('heard_from'),
  newsletter: boolean('newsletter').notNull().default(false),
  documentType: text('document_type'),
  locale: text('locale').notNull().default('en'),
  /** Stock notification settings: interval 1 daily, 2 weekly, 3 monthly; stock type 1 new, 0 full. */
  stkNotiDt: smallint('stk_noti_dt'),
  stkNoti: smallint('stk_noti'),
  isStkNoti: boolean('is_stk_noti').notNull().default(false),
  accountTerm: text('account_term'),
  /** Rights set by a company admin (compact form, see contracts/permissions); null: the type's defaults. */
  permissions: jsonb('permissions').$type<CompactPermissions>(),
  /** The company admin who added the user (null: registered themselves). */
  createdBy: uuid('created_by'),
  /** Who decided the registration (approvalStatus says which way), when, and the note given with it. */
  approvedBy: uuid('approved_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  approvalNote: text('approval_note').notNull().default(''),
})
export type User = typeof users.$inferSelect
export type Company = typeof companies.$inferSelect
