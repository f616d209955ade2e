import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { listedEvent } from '../stones/listed.event'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { TradeEventTypes, type TradeEvent } from '@diamond/contracts/events/stock'
import {
  UPLOAD_INVALID_PAGE,
  type ColumnMapping,
  type InventoryMode,
  type SellerCompanyPage,
  type SellerCompanyPaginate,
  type UploadPage,
  type UploadReport,
  type UploadRowsPage,
  type UploadRowsRequest,
  type UploadView,
} from '@diamond/contracts/http/inventory'
import { TRADE_KINDS } from '@diamond/contracts/http/tracks.values'
import { AppError, enqueue, newEvent, type Database, type Principal, type Tx } from '@diamond/runtime'
import type { Sql } from '@diamond/runtime/db'
import type { BulkChanged } from '../stones/stones.repository'
import type { OnStaged, StoneService } from '../stones/stones.service'
import type { IndexSource } from '../search/stone-index'
import { decideOmitted, decideRow, listedUntilFrom, priceDraft, stockKey, type CurrentStone } from './inventory.diff'
import * as repo from './inventory.repository'
import type { Upload } from './inventory.schema'
import type { ListingPolicy, Mapping, ReadLimits, RowOutcome, Sheet, SheetRow, UploadField } from './inventory.types'
import { UPLOAD_FIELDS } from './inventory.types'
import { invalidField } from '@diamond/runtime/errors'

/** The reading, mapping and listing rules an upload runs through (inventory.read/mapping/rules.ts). */
export interface UploadPipeline {
  readSheet(input: { fileName: string; stream: Readable }, limits: ReadLimits): Promise<Sheet>
  matchHeaders(headers: string[], saved?: Mapping): Mapping
  checker(headers: string[], mapping: Mapping, policy: ListingPolicy): { check(row: SheetRow): RowOutcome }
}

export interface InventorySettings {
  maxBytes: number
  maxRows: number
  previewMinutes: number
  listingDays: number
  /** Uploaded files wait here until their upload is committed or expires. */
  uploadDir: string
  policy: ListingPolicy
}

/** Test hooks: a commit that fails midway must leave the stock as it was. */
export interface InventoryHooks {
  /** Runs inside the commit's transaction, after the updates and before deletes and inserts. */
  midCommit?: (tx: Tx) => Promise<void>
  /** Runs inside the commit's transaction, after the inserts (their stones staged in the index). */
  afterInserts?: (tx: Tx) => Promise<void>
  /** Runs before each read of an open commit's added lines for the index (a test makes one fail). */
  lineRead?: () => Promise<void>
  /** Added rows per insert statement (`INSERT_CHUNK`): small, so that a test's upload spans several. */
  insertChunk?: number
  /** Certificate numbers per lookup while a preview is written (`CERT_BATCH`): small, so that a test's file spans several. */
  certBatch?: number
}

export interface Seller {
  id: string
  name: string
}

const forbidden = () => new AppError('E_FORBIDDEN')
/** A file over the size limit, the limit named (the issue: "a file over the limit (say which)"). */
export const tooLarge = (maxBytes: number) =>
  new AppError('E_FILE_TOO_LARGE', { maxBytes }, `The file is too large: at most ${maxBytes} bytes.`)
const fieldProblem = invalidField

const KNOWN_FIELDS: ReadonlySet<string> = new Set(UPLOAD_FIELDS)
const isField = (f: string): f is UploadField => KNOWN_FIELDS.has(f)

/** A mapping from a client: every target a stone field (or null, not mapped), else the header is named. */
function toMapping(m: ColumnMapping): Mapping {
  const out: Mapping = {}
  for (const [header, field] of Object.entries(m)) {
    if (field !== null && !isField(field))
      throw fieldProblem(`mapping.${header}`, `must be one of ${UPLOAD_FIELDS.join(', ')} or null`)
    out[header] = field
  }
  return out
}

const emptyReport = (): UploadReport => ({
  received: 0,
  valid: 0,
  invalid: 0,
  added: 0,
  updated: 0,
  deleted: 0,
  unchanged: 0,
  kept: 0,
  durationMs: 0,
})

/**
 * Added rows inserted by one statement, each answering its stones' statuses (a few columns a stone,
 * read by the thread in one go; the index reads the new stones afterwards, a hundred at a time). With
 * `npm run bench:upload` (100,000 added), 2,000 gave the commit 6.2–6.5 s and searches meanwhile p95
 * 1.56–1.61× idle, 10,000 gave 6.3–6.9 s and 1.43–2.02×.
 */
const INSERT_CHUNK = 2000

/**
 * A preview's certificate numbers, looked up CERT_BATCH at a time while its lines are written, so
 * PostgreSQL finds those another seller lists on the other core instead of after the last line (one
 * statement over 100,000 lines took 70 ms that the seller waited for).
 */
const CERT_BATCH = 1000

/** Transactions of expiring listings one sweep takes at most (of `sweep`'s `max` each); the rest wait a minute. */
const SWEEP_ROUNDS = 40

class CertLookup {
  private batch: string[] = []
  private readonly pending: Promise<string[]>[] = []

  constructor(
    private readonly sql: Sql,
    private readonly seller: string,
    private readonly size: number,
  ) {}

  add(cert: string): void {
    this.batch.push(cert)
    if (this.batch.length >= this.size) this.send()
  }

  /** The certificates another seller lists, once every lookup has answered. */
  async done(): Promise<string[]> {
    this.send()
    return (await Promise.all(this.pending)).flat()
  }

  private send(): void {
    if (!this.batch.length) return
    const answer = repo.certsListedElsewhere(this.sql, this.batch, this.seller)
    // Awaited in done(); a preview that fails before then must not leave a rejection unhandled.
    answer.catch(() => {})
    this.pending.push(answer)
    this.batch = []
  }
}

/**
 * New stones' index rows read a hundred at a time. Small, so that building and staging one batch is
 * a few milliseconds of the service's thread and a search beside an upload's commit waits at most
 * that (`npm run bench:upload`, 100,000 added, when the index read them in the commit's transaction:
 * searches during the commit p95 2.7–3.3× idle at 250, 1.36–1.39× at 100, 1.37–1.44× at 50).
 */
const STAGE_BATCH = 100

/**
 * The index rows of the upload's added lines, `batch` at a time, read on the pool (not the commit's
 * connection: the lines were committed at the preview) with the next batch's read under way while one
 * is staged; no further read once `stopped()`.
 */
async function* addedLineBatches(
  client: Sql,
  uploadId: string,
  seller: Seller,
  arrivedAt: Date,
  batch: number,
  stopped: () => boolean,
  before: () => Promise<void> = () => Promise.resolve(),
): AsyncGenerator<IndexSource[]> {
  const starts = await repo.addedChunks(client, uploadId, batch)
  const read = (k: number) => {
    if (k >= starts.length || stopped()) return null
    const p = before().then(() =>
      repo.addedLineSources(client, uploadId, { from: starts[k]!, to: starts[k + 1] ?? null }, seller, arrivedAt),
    )
    // Awaited below; a read left behind when the reading stops must not count as unhandled.
    p.catch(() => {})
    return p
  }
  let next = read(0)
  for (let k = 0; next; k++) {
    const rows = await next
    next = read(k + 1)
    yield rows
  }
}

/**
 * While the commit's transaction updates, deletes and inserts, the index stages the stones the
 * upload adds from its lines on a connection of its own (`addedLineBatches`), so on a portal nobody
 * is searching PostgreSQL's inserting and the index's reading run side by side instead of one after
 * the other; once a search comes the index waits for `finish` (`SearchService.stage`; README, "Seller
 * uploads"). `finish` lets it go on at once and answers whether every batch was staged (a failed read
 * is the index's loss, not the commit's: the stones are read again after the commit); `stop` ends the
 * reading when the transaction fails, and waits for the read under way.
 */
function stageAddedLines(
  stage: OnStaged,
  client: Sql,
  uploadId: string,
  seller: Seller,
  arrivedAt: Date,
  failed: (err: unknown) => void,
  beforeRead?: () => Promise<void>,
) {
  let stopped = false
  let hurry = () => {}
  const hurried = new Promise<void>((resolve) => (hurry = resolve))
  const done = stage(
    addedLineBatches(client, uploadId, seller, arrivedAt, STAGE_BATCH, () => stopped, beforeRead),
    hurried,
  ).then(
    () => true,
    (err: unknown) => {
      try {
        failed(err)
      } catch {
        // Telling of it must not fail the commit the failure spares.
      }
      return false
    },
  )
  return {
    finish: () => {
      hurry()
      return done
    },
    stop: async () => {
      stopped = true
      hurry()
      await done
    },
  }
}

/** The upload's added rows become stones in the commit's transaction, chunk by chunk; answers their statuses. */
async function insertAdded(
  tx: Tx,
  uploadId: string,
  chunk: number,
  insert: (range: { from: number; to: number | null }) => Promise<BulkChanged[]>,
): Promise<BulkChanged[]> {
  const starts = await repo.addedChunks(tx, uploadId, chunk)
  const added: BulkChanged[] = []
  for (let k = 0; k < starts.length; k++) added.push(...(await insert({ from: starts[k]!, to: starts[k + 1] ?? null })))
  return added
}

/**
 * A seller's uploads: the file is streamed through reading, mapping and the listing rules into a
 * preview (drafts and invalid rows written with COPY, compared on the way with the seller's stock
 * held as packed text), and a commit applies exactly that preview in one transaction through
 * StoneService.changeInBulk, so the outbox, the index, grids and demand matching follow.
 */
export class InventoryService {
  constructor(
    private readonly database: Database,
    private readonly stones: StoneService,
    private readonly pipeline: UploadPipeline,
    private readonly settings: InventorySettings,
    private readonly hooks: InventoryHooks = {},
    private readonly clock: () => number = Date.now,
    /** Reads an open commit's added lines for the index: a pool of its own, never waiting on the commits' connections. */
    private readonly lineReader: Database = database,
    private readonly log?: { warn: (o: object, msg: string) => void },
  ) {}

  get limits(): ReadLimits {
    return { maxBytes: this.settings.maxBytes, maxRows: this.settings.maxRows }
  }

  /**
   * Whose stock the caller acts on: a seller's own company (from the token auth signed), or for
   * operator staff the seller they name. Buyers and everyone else are refused.
   */
  async sellerFor(who: Principal, requested?: string): Promise<Seller> {
    if (who.operator) {
      if (!requested) throw fieldProblem('sellerCompanyId', 'is required when staff act for a seller')
      const company =
        (await repo.sellerCompany(this.database.sql, requested)) ??
        (await repo.stoneOwner(this.database.sql, requested))
      if (!company) throw new AppError('E_NOT_FOUND')
      return company
    }
    if (who.userType !== 'seller' || !who.companyId) throw forbidden()
    // Another company's id from a seller is someone else's object: not found.
    if (requested && requested !== who.companyId) throw new AppError('E_NOT_FOUND')
    const name = who.company ?? ''
    await repo.upsertSellerCompany(this.database.sql, who.companyId, name)
    return { id: who.companyId, name }
  }

  /** The sellers whose uploads the caller sees: its own company, or (staff) the one named or all (null). */
  /**
   * `seller/companies`: the seller companies staff can act for, with their live stones. Operator
   * staff only; sellers and buyers are refused.
   */
  async companies(who: Principal, req: SellerCompanyPaginate): Promise<SellerCompanyPage> {
    if (!who.operator) throw forbidden()
    const search = req.search?.trim()
    return repo.pageSellerCompanies(this.database.sql, {
      ...(search ? { search } : {}),
      page: req.page ?? 1,
      limit: req.limit ?? 50,
    })
  }

  private async scopeOf(who: Principal, requested?: string): Promise<string | null> {
    if (who.operator) return requested ?? null
    return (await this.sellerFor(who, requested)).id
  }

  private async ownUpload(who: Principal, id: string): Promise<Upload> {
    const upload = await repo.findUpload(this.database.sql, id, await this.scopeOf(who))
    if (!upload) throw new AppError('E_NOT_FOUND')
    return upload
  }

  // ---------- preview

  /**
   * `seller/inventory/upload`: the file is kept in the upload folder (a changed mapping reads it
   * again) and previewed. A file that cannot be read leaves nothing behind.
   */
  async upload(
    who: Principal,
    input: {
      mode: InventoryMode
      sellerCompanyId?: string
      fileName: string
      stream: Readable
      truncated: () => boolean
      /** Told once the file is in, before anything is stored: the request's remaining parts are refused there. */
      afterFile?: () => Promise<void>
    },
  ): Promise<UploadView> {
    const seller = await this.sellerFor(who, input.sellerCompanyId)
    const id = randomUUID()
    await mkdir(this.settings.uploadDir, { recursive: true })
    const filePath = join(this.settings.uploadDir, id)
    try {
      await pipeline(input.stream, createWriteStream(filePath))
      if (input.truncated()) throw tooLarge(this.settings.maxBytes)
      await input.afterFile?.()
      await repo.insertUpload(this.database.sql, {
        id,
        sellerCompanyId: seller.id,
        userId: who.id,
        mode: input.mode,
        fileName: input.fileName,
        filePath,
        status: 'preview',
        expiresAt: new Date(this.clock() + this.settings.previewMinutes * 60_000),
      })
      const upload = (await repo.findUpload(this.database.sql, id, seller.id))!
      return await this.preview(upload)
    } catch (err) {
      await repo.deleteUpload(this.database.sql, id)
      await rm(filePath, { force: true })
      throw err
    }
  }

  /** `seller/inventory/remap`: the stored upload previewed again with another mapping. */
  async remap(who: Principal, id: string, mapping: ColumnMapping): Promise<UploadView> {
    const checked = toMapping(mapping)
    const upload = await this.openPreview(who, id)
    // The screen's "save mapping and check again": the headers the seller changed from what the
    // preview showed are kept for the seller's next upload, over what earlier files taught. Only
    // those: a header the portal matched (or left unmatched because its field was taken) stays the
    // portal's to match next time. Saved before the preview is read again: a failed save changes nothing.
    const chosen = Object.fromEntries(
      Object.entries(checked).filter(([h, f]) => Object.hasOwn(upload.mapping, h) && upload.mapping[h] !== f),
    )
    if (Object.keys(chosen).length)
      await repo.keepMapping(this.database.sql, upload.sellerCompanyId, chosen, Object.keys(upload.mapping), who.id)
    return this.preview(upload, checked)
  }

  private async openPreview(who: Principal, id: string): Promise<Upload> {
    const upload = await this.ownUpload(who, id)
    if (upload.status === 'committed') throw new AppError('E_UPLOAD_DONE')
    if (upload.status !== 'preview' || upload.expiresAt.getTime() <= this.clock())
      throw new AppError('E_UPLOAD_EXPIRED')
    return upload
  }

  /** The seller's stones (not removed) by stock number, packed. */
  private async current(seller: string): Promise<Map<string, CurrentStone & { stockNo: string }>> {
    const byKey = new Map<string, CurrentStone & { stockNo: string }>()
    for await (const batch of repo.currentStones(this.database.sql, seller)) {
      for (const r of batch) {
        const key = stockKey(r.stockNo)
        if (!byKey.has(key)) byKey.set(key, r)
      }
    }
    return byKey
  }

  private async preview(upload: Upload, mapping?: Mapping): Promise<UploadView> {
    const started = this.clock()
    const sheet = await this.pipeline.readSheet(
      { fileName: upload.fileName, stream: createReadStream(upload.filePath) },
      this.limits,
    )
    const saved = mapping ?? (await repo.savedMapping(this.database.sql, upload.sellerCompanyId))?.mapping
    const used = this.pipeline.matchHeaders(sheet.headers, saved)
    const checker = this.pipeline.checker(sheet.headers, used, this.settings.policy)
    const current = await this.current(upload.sellerCompanyId)
    const report = emptyReport()
    await repo.deleteLines(this.database.sql, upload.id)
    const writer = await repo.LineWriter.open(this.database.sql, upload.id)
    const certs = new CertLookup(this.database.sql, upload.sellerCompanyId, this.hooks.certBatch ?? CERT_BATCH)
    try {
      const seen = new Set<string>()
      for await (const batch of sheet.batches)
        for (const row of batch) {
          report.received++
          const o = checker.check(row)
          if (!o.ok) {
            report.invalid++
            const w = writer.write({ seq: o.row, kind: 'invalid', stockNo: o.stockNo, reasons: o.reasons })
            if (w) await w
            continue
          }
          report.valid++
          const priced = priceDraft(o.draft)
          const key = stockKey(o.draft.stoneId)
          const cur = current.get(key)
          if (cur) seen.add(key)
          const d = decideRow(cur, priced)
          report[d.kind]++
          const line: repo.PreviewLine = {
            seq: o.row,
            kind: d.kind,
            stockNo: o.draft.stoneId,
            stoneRef: cur?.id ?? null,
            flags: o.flags,
            certNo: priced.certNo,
          }
          if (d.kind === 'updated' || d.kind === 'kept')
            Object.assign(line, { changes: d.changes, pricePct: d.pricePct })
          if (d.kind === 'kept') Object.assign(line, { wouldBe: d.wouldBe, keptReason: d.reason })
          if (priced.certNo) certs.add(priced.certNo)
          const w = writer.write(line, d.kind === 'added' || d.kind === 'updated' ? priced : undefined)
          if (w) await w
        }
      let seq = -1
      for (const [key, cur] of current) {
        if (seen.has(key)) continue
        const d = decideOmitted(cur, upload.mode)
        if (!d) continue
        report[d.kind]++
        const w = writer.write({
          seq: seq--,
          kind: d.kind,
          stockNo: cur.stockNo,
          stoneRef: cur.id,
          ...(d.kind === 'kept' ? { wouldBe: d.wouldBe, keptReason: d.reason } : {}),
        })
        if (w) await w
      }
      await writer.close()
    } catch (err) {
      writer.abort(err instanceof Error ? err : new Error(String(err)))
      throw err
    }
    const listedElsewhere = await certs.done()
    if (listedElsewhere.length) await repo.flagCerts(this.database.sql, upload.id, listedElsewhere)
    report.durationMs = Math.max(0, Math.round(this.clock() - started))
    await repo.updateUpload(this.database.sql, upload.id, { mapping: used, report, durationMs: report.durationMs })
    return this.view({ ...upload, mapping: used, report, durationMs: report.durationMs })
  }

  private async view(u: Upload): Promise<UploadView> {
    const invalid = u.report.invalid
      ? (await repo.linesPage(this.database.sql, u.id, 'invalid', 1, UPLOAD_INVALID_PAGE)).list
      : []
    return {
      id: u.id,
      status: u.status,
      mode: u.mode,
      fileName: u.fileName,
      sellerCompanyId: u.sellerCompanyId,
      mapping: u.mapping,
      report: u.report,
      invalid: invalid.map((r) => ({ row: r.seq, stockNo: r.stockNo, reasons: r.reasons })),
      createdAt: u.createdAt.toISOString(),
      committedAt: u.committedAt ? u.committedAt.toISOString() : null,
      expiresAt: u.expiresAt.toISOString(),
    }
  }

  /** `seller/inventory/rows`: a page of one of the preview's lists. */
  async rows(who: Principal, req: UploadRowsRequest): Promise<UploadRowsPage> {
    const upload = await this.ownUpload(who, req.id)
    const { list, count } = await repo.linesPage(
      this.database.sql,
      upload.id,
      req.kind,
      req.page ?? 1,
      req.limit ?? 100,
    )
    return {
      kind: req.kind,
      count,
      list: list.map((r) => ({
        row: r.seq > 0 ? r.seq : null,
        stockNo: r.stockNo,
        stoneId: r.stoneRef,
        vStnId: r.vStnId,
        changes: r.changes ?? [],
        pricePct: r.pricePct,
        reasons: r.reasons,
        flags: r.flags,
        keptReason: r.keptReason,
        wouldBe: r.wouldBe,
        shape: r.shape,
        carat: r.carat,
        color: r.color,
        clarity: r.clarity,
        back: r.back,
        pricePerCarat: r.amtCents === null ? null : r.amtCents / 100,
      })),
    }
  }

  /** The upload's invalid rows (for the workbook), only the caller's. */
  async invalidRows(who: Principal, id: string) {
    const upload = await this.ownUpload(who, id)
    return { upload, rows: repo.invalidLines(this.database.sql, upload.id) }
  }

  // ---------- mapping, history

  async mapping(who: Principal, req: { mapping?: ColumnMapping; sellerCompanyId?: string }) {
    const seller = await this.sellerFor(who, req.sellerCompanyId)
    if (req.mapping) {
      const saved = await repo.saveMapping(this.database.sql, seller.id, toMapping(req.mapping), who.id)
      return { mapping: saved.mapping, fields: [...UPLOAD_FIELDS], updatedAt: saved.updatedAt.toISOString() }
    }
    const saved = await repo.savedMapping(this.database.sql, seller.id)
    return {
      mapping: saved?.mapping ?? {},
      fields: [...UPLOAD_FIELDS],
      updatedAt: saved?.updatedAt.toISOString() ?? null,
    }
  }

  async history(who: Principal, req: { page?: number; limit?: number; sellerCompanyId?: string }): Promise<UploadPage> {
    const scope = await this.scopeOf(who, req.sellerCompanyId)
    const { list, count } = await repo.pageUploads(this.database.sql, scope, req.page ?? 1, req.limit ?? 50)
    return {
      count,
      list: list.map(({ upload: u, sellerName }) => ({
        id: u.id,
        status: u.status,
        mode: u.mode,
        fileName: u.fileName,
        sellerCompanyId: u.sellerCompanyId,
        sellerName: sellerName ?? '',
        userId: u.userId,
        report: { ...emptyReport(), ...u.report },
        createdAt: u.createdAt.toISOString(),
        committedAt: u.committedAt ? u.committedAt.toISOString() : null,
      })),
    }
  }

  // ---------- commit

  /**
   * `seller/inventory/commit`: the preview applied, all or nothing, in one transaction holding the
   * seller's commit lock (a second commit of the same seller meanwhile is refused: E_UPLOAD_BUSY).
   * Stones someone took since the preview are kept, not changed.
   */
  async commit(who: Principal, id: string, source: 'upload' | 'ftp' = 'upload'): Promise<UploadView> {
    const upload = await this.openPreview(who, id)
    const seller = (await repo.sellerCompany(this.database.sql, upload.sellerCompanyId)) ?? {
      id: upload.sellerCompanyId,
      name: '',
    }
    const listedUntil = listedUntilFrom(this.clock(), this.settings.listingDays)
    const report = await this.stones.changeInBulk<UploadReport>(seller.id, async (tx, stamp, stage) => {
      if (!(await repo.tryLockSeller(tx, seller.id))) throw new AppError('E_UPLOAD_BUSY')
      const locked = await repo.lockUpload(tx, id)
      if (!locked || locked.status === 'committed') throw new AppError('E_UPLOAD_DONE')
      if (locked.status !== 'preview') throw new AppError('E_UPLOAD_EXPIRED')
      // Before the protection check, so that a stone adopted here is kept if someone is buying it.
      const adopted = await repo.adoptListedSince(tx, id, seller.id)
      // The lines as committed say what the inserts add unless some were adopted just now (another
      // upload or an edit listed their numbers since the preview): then the index reads the new
      // stones after the commit instead.
      const staging = adopted.length
        ? null
        : stageAddedLines(
            stage,
            this.lineReader.sql,
            id,
            seller,
            await repo.transactionTime(tx),
            (err) =>
              this.log?.warn(
                { err, upload: id },
                'staging an upload’s new stones failed; the index reads them after the commit',
              ),
            this.hooks.lineRead,
          )
      try {
        const newlyKept = await repo.keepNewlyProtected(tx, id)
        // Each statement writes its stones' events (arrived, priced or updated, removed, relisted).
        const updated = await repo.applyUpdates(tx, id, listedUntil, who.id, stamp)
        await this.hooks.midCommit?.(tx)
        const deleted = await repo.applyDeletes(tx, id, stamp)
        const added = await insertAdded(tx, id, this.hooks.insertChunk ?? INSERT_CHUNK, (range) =>
          repo.applyInserts(tx, id, range, seller, listedUntil, who.id, stamp),
        )
        // Stones not staged now (this time: an earlier, failed commit of the upload may have staged
        // them as they were then) are read again after the commit.
        const staged = staging ? await staging.finish() : false
        if (!staged) for (const s of added) s.reread = true
        await this.hooks.afterInserts?.(tx)
        const relisted = await repo.refreshListed(tx, id, listedUntil, who.id, stamp)
        const r: UploadReport = {
          ...locked.report,
          added: added.length,
          updated: updated.length,
          deleted: deleted.length,
          kept: locked.report.kept + newlyKept.length,
        }
        await repo.updateUpload(tx, id, { status: 'committed', committedAt: new Date(), report: r, filePath: '' })
        // Followers hear of an upload once, not of each stone (issue 25): the stones newly live.
        const listed = listedEvent(
          seller,
          source,
          id,
          [...added, ...relisted].map((s) => s.id),
        )
        if (listed) await enqueue(tx, 'stock', [listed])
        return { changed: [...updated, ...deleted, ...added, ...relisted], result: r }
      } finally {
        await staging?.stop()
      }
    })
    await rm(upload.filePath, { force: true })
    const done = (await repo.findUpload(this.database.sql, id, null))!
    return this.view({ ...done, report })
  }

  // ---------- periodic work

  /**
   * Listings past their time leave live stock (expired events: grids drop them); sellers whose
   * listings end within a day are told once; previews past their time are dropped with their files.
   */
  async sweep(max = 5000, signal?: AbortSignal): Promise<{ expired: number; told: number; previews: number }> {
    // Every listing due goes now, `max` to a transaction (an upload's 100,000 stones end together),
    // in bulk events keyed by each stone's seller; at most `SWEEP_ROUNDS` rounds (and none once the
    // service closes), the rest next time. Each round commits on its own; a failed one leaves the
    // notices and previews below to run, and is thrown after them.
    let expired = 0
    let failed: unknown = null
    try {
      for (let round = 0; round < SWEEP_ROUNDS && !signal?.aborted; round++) {
        const n = await this.stones.changeInBulk(null, async (tx, stamp) => {
          const changed = await repo.expireListings(tx, max, stamp)
          return { changed, result: changed.length }
        })
        expired += n
        if (n < max) break
      }
    } catch (err) {
      failed = err
    }
    const told = await this.database.sql.begin(async (tx) => {
      const due = await repo.takeExpiryNotices(tx, 24)
      await enqueue(
        tx,
        'stock',
        due.map((d) =>
          newEvent<TradeEvent>('stock', TradeEventTypes.listingExpiring, d.userId, {
            userIds: [d.userId],
            toSales: false,
            kind: TRADE_KINDS.listingExpiring,
            params: { count: d.count, expiresAt: new Date(d.expiresAt).toISOString() },
          }),
        ),
      )
      return due.length
    })
    const previews = await repo.expirePreviews(this.database.sql, max)
    await Promise.all(previews.filter((p) => p.filePath).map((p) => rm(p.filePath, { force: true })))
    if (failed) throw failed
    return { expired, told, previews: previews.length }
  }
}
