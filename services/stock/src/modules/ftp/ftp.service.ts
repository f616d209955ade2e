import { randomUUID } from 'node:crypto'
import type { ConnectionOptions } from 'node:tls'
import { TradeEventTypes, type TradeEvent } from '@diamond/contracts/events/stock'
import {
  FTP_SCHEDULE_MINUTES,
  FTP_SCHEDULES,
  type FtpRunResult,
  type FtpSave,
  type FtpSchedule,
  type FtpSourceView,
} from '@diamond/contracts/http/ftp'
import { INVENTORY_MODES, type InventoryMode, type UploadView } from '@diamond/contracts/http/inventory'
import { TRADE_KINDS } from '@diamond/contracts/http/tracks.values'
import { AppError, enqueue, newEvent, type Database, type Principal } from '@diamond/runtime'
import { sellerCompany } from '../inventory/inventory.repository'
import type { InventoryService, Seller } from '../inventory/inventory.service'
import { decryptPassword, encryptPassword } from './ftp.crypto'
import { fetchNewFiles, type FetchReport } from './ftp.fetcher'
import * as repo from './ftp.repository'
import { sourceProblems, tellsFailure, type FtpSource } from './ftp.rules'
import type { FtpSourceRow } from './ftp.schema'

export interface FtpSettings {
  /** The key passwords are encrypted under (ftp.crypto ftpKey of STOCK_FTP_KEY). */
  key: Buffer
  /** Lets sources point at loopback and private addresses (tests, an operator's own network). */
  allowInternal: boolean
  tls?: ConnectionOptions
  timeoutMs?: number
}

const scheduleOf = (minutes: number): FtpSchedule =>
  FTP_SCHEDULES.find((s) => FTP_SCHEDULE_MINUTES[s] === minutes) ?? (minutes === 0 ? 'manual' : 'daily')
const modeOf = (m: string): InventoryMode => INVENTORY_MODES.find((x) => x === m) ?? 'addUpdate'
const codeOf = (err: unknown) => (err instanceof AppError ? err.code : 'E_INTERNAL')

/**
 * A seller's FTP source: saved (validated by ftp.rules, the password encrypted), shown without the
 * password, and fetched on demand or on its schedule. Every new file goes through the same upload
 * pipeline as a browser upload, in the seller's chosen mode, and is committed at once (a feed has
 * nobody to review a diff); the upload is in the seller's history and the seller is told of the run.
 */
export class FtpService {
  /** Sources being fetched by this instance: a manual run and the schedule never overlap here. */
  private readonly running = new Set<string>()

  constructor(
    private readonly database: Database,
    private readonly inventory: InventoryService,
    private readonly settings: FtpSettings,
  ) {}

  private async view(row: FtpSourceRow): Promise<FtpSourceView> {
    return {
      sellerCompanyId: row.sellerCompanyId,
      host: row.host,
      port: row.port,
      user: row.username,
      folder: row.folder,
      pattern: row.pattern,
      secure: row.secure,
      schedule: scheduleOf(row.everyMinutes),
      mode: modeOf(row.mode),
      hasPassword: this.hasPassword(row),
      lastRunAt: row.lastRunAt ? row.lastRunAt.toISOString() : null,
      lastError: row.lastError,
      lastUploadId: await repo.lastUploadId(this.database.sql, row.id),
    }
  }

  /**
   * Whether a password is kept: a source saved without one stores an empty one encrypted (the
   * ciphertext is never empty), which the screen must not announce as "password kept".
   */
  private hasPassword(row: { id: string; passwordEncrypted: string }): boolean {
    if (row.passwordEncrypted === '') return false
    try {
      return decryptPassword(row.passwordEncrypted, this.settings.key, row.id) !== ''
    } catch {
      return true // kept, though under another key: the next run says so
    }
  }

  /** `seller/ftp/view`: the seller's source without its password, or null when none is saved. */
  async get(who: Principal, sellerCompanyId?: string): Promise<FtpSourceView | null> {
    const seller = await this.inventory.sellerFor(who, sellerCompanyId)
    const row = await repo.sourceOf(this.database.sql, seller.id)
    return row ? this.view(row) : null
  }

  /** `seller/ftp/save`: the seller's one source, checked field by field; an empty password keeps the stored one. */
  async save(who: Principal, body: FtpSave): Promise<FtpSourceView> {
    const seller = await this.inventory.sellerFor(who, body.sellerCompanyId)
    const stored = await repo.sourceOf(this.database.sql, seller.id)
    const source: FtpSource = {
      host: body.host.trim(),
      port: body.port,
      user: body.user.trim(),
      password: body.password ?? '',
      folder: (body.folder ?? '/').trim() || '/',
      pattern: (body.pattern ?? '*.csv').trim(),
      secure: body.secure ?? true,
    }
    const problems = sourceProblems(source)
    if (problems.length)
      throw new AppError(
        'E_VALIDATION',
        {
          fields: problems.map((p) => ({
            field: p.field === 'user' ? 'user' : p.field,
            in: 'body',
            message: p.message,
          })),
        },
        `Invalid Fields: ${problems.map((p) => `${p.field} ${p.message}`).join(', ')}`,
      )
    const id = stored?.id ?? randomUUID()
    const passwordEncrypted = body.password
      ? encryptPassword(body.password, this.settings.key, id)
      : (stored?.passwordEncrypted ?? encryptPassword('', this.settings.key, id))
    const row = await repo.saveSource(this.database.sql, {
      id,
      sellerCompanyId: seller.id,
      host: source.host,
      port: source.port,
      username: source.user,
      passwordEncrypted,
      folder: source.folder,
      pattern: source.pattern,
      secure: source.secure,
      mode: body.mode ?? stored?.mode ?? 'addUpdate',
      everyMinutes: FTP_SCHEDULE_MINUTES[body.schedule],
      savedBy: who.id,
    })
    return this.view(row)
  }

  /**
   * `seller/ftp/run`: fetches the source's new files now. A connection or sign-in that fails is
   * E_FTP_CONNECT (recorded as the last run's error; nothing else changes).
   */
  async run(who: Principal, sellerCompanyId?: string): Promise<FtpRunResult> {
    const seller = await this.inventory.sellerFor(who, sellerCompanyId)
    const row = await repo.sourceOf(this.database.sql, seller.id)
    if (!row) throw new AppError('E_NOT_FOUND')
    return this.fetch(row, { ...seller, userId: who.id }, true)
  }

  /** The schedule: sources whose time has come are claimed and fetched, one after another. */
  async sweep(max = 20): Promise<{ sources: number; files: number }> {
    const due = await repo.claimDue(this.database.sql, max)
    let files = 0
    for (const row of due) {
      if (!row.savedBy) continue
      const seller = (await sellerCompany(this.database.sql, row.sellerCompanyId)) ?? {
        id: row.sellerCompanyId,
        name: '',
      }
      const result = await this.fetch(row, { ...seller, userId: row.savedBy }, false).catch(() => null)
      files += result?.files ?? 0
    }
    return { sources: due.length, files }
  }

  private async fetch(
    row: FtpSourceRow,
    seller: Seller & { userId: string },
    throwConnect: boolean,
  ): Promise<FtpRunResult> {
    if (this.running.has(row.id)) throw new AppError('E_UPLOAD_BUSY')
    this.running.add(row.id)
    try {
      return await this.fetchOnce(row, seller, throwConnect)
    } finally {
      this.running.delete(row.id)
    }
  }

  private async fetchOnce(
    row: FtpSourceRow,
    seller: Seller & { userId: string },
    throwConnect: boolean,
  ): Promise<FtpRunResult> {
    // The uploads are the seller's own, recorded under the user who saved the source.
    const as: Principal = {
      id: seller.userId,
      username: 'ftp',
      userType: 'seller',
      perms: {},
      noPrice: false,
      ver: 0,
      guest: false,
      trusted: true,
      company: seller.name,
      companyId: seller.id,
    }
    const mode = modeOf(row.mode)
    const uploads: UploadView[] = []
    const uploadOf = new Map<string, string | null>()
    let fileError = ''
    let report: FetchReport
    try {
      const source: FtpSource = {
        host: row.host,
        port: row.port,
        user: row.username,
        password: decryptPassword(row.passwordEncrypted, this.settings.key, row.id),
        folder: row.folder,
        pattern: row.pattern,
        secure: row.secure,
      }
      report = await fetchNewFiles(
        source,
        await repo.seenKeys(this.database.sql, row.id),
        async ({ fileName, stream }) => {
          try {
            const preview = await this.inventory.upload(as, {
              mode,
              fileName,
              stream,
              truncated: () => false,
            })
            // A file without one valid row replacing the whole stock would delete it all: left unapplied.
            if (mode === 'replaceAll' && preview.report.valid === 0) {
              uploadOf.set(fileName, preview.id)
              fileError = 'E_VALIDATION'
              return
            }
            const done = await this.inventory.commit(as, preview.id, 'ftp')
            uploads.push(done)
            uploadOf.set(fileName, done.id)
          } catch (err) {
            // A file the pipeline refuses (unreadable, too large) is remembered with its error: it
            // would be refused again. Anything else (the database, the stream) is tried next run.
            if (!(err instanceof AppError) || err.code === 'E_UPLOAD_BUSY' || err.code === 'E_INTERNAL') throw err
            uploadOf.set(fileName, null)
            fileError = err.code
          }
        },
        {
          maxBytes: this.inventory.limits.maxBytes,
          allowInternal: this.settings.allowInternal,
          tls: this.settings.tls,
          timeoutMs: this.settings.timeoutMs,
        },
      )
    } catch (err) {
      await repo.recordRun(this.database.sql, row.id, codeOf(err))
      if (throwConnect) throw err
      await this.tellFailure(row, seller.userId, codeOf(err))
      return { files: 0, failed: 0, skipped: 0, uploads: [] }
    }
    await repo.markSeen(this.database.sql, row.id, [
      ...report.fetched.map((f) => ({ key: f.key, uploadId: uploadOf.get(f.file.name) ?? null })),
      ...report.skipped.map((f) => ({ key: f.key, uploadId: null })),
    ])
    const error = report.failed.length
      ? codeOf(report.failed[0]!.error)
      : report.skipped.length
        ? 'E_FILE_TOO_LARGE'
        : fileError
    await repo.recordRun(this.database.sql, row.id, error)
    if (uploads.length) await this.tell(seller.userId, uploads)
    if (!throwConnect) await this.tellFailure(row, seller.userId, error)
    return { files: report.fetched.length, failed: report.failed.length, skipped: report.skipped.length, uploads }
  }

  /** A scheduled run that failed, told as `tellsFailure` decides (kind 'ftp.failed': the error and the host). */
  private async tellFailure(row: FtpSourceRow, userId: string, error: string): Promise<void> {
    if (!tellsFailure({ scheduled: true, previousError: row.lastError, lastRunAt: row.lastRunAt, error })) return
    await this.database.sql.begin((tx) =>
      enqueue(tx, 'stock', [
        newEvent<TradeEvent>('stock', TradeEventTypes.ftpFailed, userId, {
          userIds: [userId],
          toSales: false,
          kind: TRADE_KINDS.ftpFailed,
          params: { error, host: row.host },
        }),
      ]),
    )
  }

  /** The seller hears of the run (a notice, and a mail where notifications send one): the report's figures. */
  private async tell(userId: string, uploads: UploadView[]): Promise<void> {
    const sum = (k: 'added' | 'updated' | 'deleted' | 'invalid') => uploads.reduce((n, u) => n + u.report[k], 0)
    await this.database.sql.begin((tx) =>
      enqueue(tx, 'stock', [
        newEvent<TradeEvent>('stock', TradeEventTypes.ftpFetched, userId, {
          userIds: [userId],
          toSales: false,
          kind: TRADE_KINDS.ftpFetched,
          params: {
            files: uploads.length,
            added: sum('added'),
            updated: sum('updated'),
            deleted: sum('deleted'),
            invalid: sum('invalid'),
            uploadId: uploads.at(-1)!.id,
          },
        }),
      ]),
    )
  }
}
