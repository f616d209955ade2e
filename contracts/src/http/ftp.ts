import { Type, type Static } from 'typebox'
import { literals, Uuid } from '../common'
import { INVENTORY_MODES, UploadView } from './inventory'

/**
 * A seller's FTP source (issue 23, spec section 3 "FTP request"): where the portal fetches the
 * seller's stock files, when, and in which upload mode. One source per seller company. Sellers act
 * on their own; operator staff name the seller (`sellerCompanyId`). The password goes in, never out.
 */

/** How often the portal fetches: `manual` only when asked (`seller/ftp/run`). */
export const FTP_SCHEDULES = ['manual', 'hourly', 'every6h', 'daily'] as const
export type FtpSchedule = (typeof FTP_SCHEDULES)[number]
/** Minutes between scheduled fetches per schedule (0: on demand only). */
export const FTP_SCHEDULE_MINUTES: Record<FtpSchedule, number> = { manual: 0, hourly: 60, every6h: 360, daily: 1440 }

const SellerScope = { sellerCompanyId: Type.Optional(Uuid) }

export const FtpRequest = Type.Object(SellerScope, { additionalProperties: false })
export type FtpRequest = Static<typeof FtpRequest>

export const FtpSave = Type.Object(
  {
    ...SellerScope,
    host: Type.String({ minLength: 1, maxLength: 253 }),
    port: Type.Integer({ minimum: 1, maximum: 65535, default: 21 }),
    user: Type.String({ minLength: 1, maxLength: 200 }),
    /** Absent or empty keeps the stored password. */
    password: Type.Optional(Type.String({ maxLength: 500 })),
    folder: Type.Optional(Type.String({ maxLength: 500, default: '/' })),
    pattern: Type.Optional(Type.String({ minLength: 1, maxLength: 100, default: '*.csv' })),
    /** Explicit FTPS (AUTH TLS). */
    secure: Type.Optional(Type.Boolean({ default: true })),
    schedule: literals(FTP_SCHEDULES),
    mode: Type.Optional(literals(INVENTORY_MODES)),
  },
  { additionalProperties: false },
)
export type FtpSave = Static<typeof FtpSave>

/** The stored source, without its password, and how its last run went. */
export const FtpSourceView = Type.Object({
  sellerCompanyId: Uuid,
  host: Type.String(),
  port: Type.Integer(),
  user: Type.String(),
  folder: Type.String(),
  pattern: Type.String(),
  secure: Type.Boolean(),
  schedule: literals(FTP_SCHEDULES),
  mode: literals(INVENTORY_MODES),
  /** A password is stored (it is never sent back). */
  hasPassword: Type.Boolean(),
  lastRunAt: Type.Union([Type.String(), Type.Null()]),
  /** The error code of the last run (E_FTP_CONNECT, an upload's refusal), '' when it went well. */
  lastError: Type.String(),
  /** The upload the last fetched file became, when there is one (it is in `seller/inventory/paginate`). */
  lastUploadId: Type.Union([Uuid, Type.Null()]),
})
export type FtpSourceView = Static<typeof FtpSourceView>

/** A run: the files fetched and the uploads they became (committed: an FTP feed has nobody to review a diff). */
export const FtpRunResult = Type.Object({
  files: Type.Integer(),
  /** Files that could not be fetched or read; a download that broke is tried again next run. */
  failed: Type.Integer(),
  /** Files over the size limit (not fetched, not tried again). */
  skipped: Type.Integer(),
  uploads: Type.Array(UploadView),
})
export type FtpRunResult = Static<typeof FtpRunResult>
