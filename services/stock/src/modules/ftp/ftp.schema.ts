import { boolean, integer, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { stock } from '../../pg-schema'

/**
 * A seller's FTP or FTPS source (spec section 3, "FTP request"): where the portal fetches the
 * seller's stock files, how often, and in which upload mode. The password is stored encrypted
 * (ftp.crypto.ts, bound to the source's id), never in clear.
 */
export const ftpSources = stock.table('ftp_sources', {
  id: uuid('id').primaryKey().defaultRandom(),
  sellerCompanyId: uuid('seller_company_id').notNull(),
  host: text('host').notNull(),
  port: integer('port').notNull().default(21),
  username: text('username').notNull(),
  passwordEncrypted: text('password_encrypted').notNull(),
  folder: text('folder').notNull().default('/'),
  pattern: text('pattern').notNull().default('*.csv'),
  secure: boolean('secure').notNull().default(true),
  /** `addUpdate` or `replaceAll` (inventory.types UPLOAD_MODES). */
  mode: text('mode').notNull().default('addUpdate'),
  /** Minutes between scheduled fetches; 0 fetches on demand only. */
  everyMinutes: integer('every_minutes').notNull().default(1440),
  enabled: boolean('enabled').notNull().default(true),
  /** Who saved the source (0014): its fetched uploads are recorded under this user, who is told of each. */
  savedBy: uuid('saved_by'),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  /** The E_FTP_CONNECT reason or pipeline code of the last run, '' when it went well. */
  lastError: text('last_error').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
export type FtpSourceRow = typeof ftpSources.$inferSelect

/** Files a source has delivered (ftp.rules fileKey: name, size and time), so each is fetched once. */
export const ftpSeenFiles = stock.table(
  'ftp_seen_files',
  {
    sourceId: uuid('source_id')
      .notNull()
      .references(() => ftpSources.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    /** The upload the file became, when the pipeline took it. */
    uploadId: uuid('upload_id'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sourceId, t.fileKey] })],
)
export type FtpSeenFile = typeof ftpSeenFiles.$inferSelect
