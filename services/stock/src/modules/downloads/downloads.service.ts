import { PassThrough, type Readable } from 'node:stream'
import {
  DOWNLOAD_TYPES,
  FULL_STOCK_COLUMNS,
  MAX_PDF_COLUMNS,
  type DownloadKind,
  type DownloadRequest,
  type ZipRequest,
} from '@diamond/contracts/http/downloads'
import type { StoneRow } from '@diamond/contracts/http/stock'
import { seesPrices } from '@diamond/contracts/permissions'
import { AppError, type Database, type Principal } from '@diamond/runtime'
import type { MediaHosts } from '../search/media.rules'
import { invalidFields } from '@diamond/runtime/errors'
import { readStones, toStoneRow } from '../stones/stone-row'
import { StoneSheet, excelBuffer } from './downloads.excel'
import { pdfBuffer } from './downloads.pdf'
import { availableStones } from './downloads.repository'
import { cellText, columnsFor, fileName, HitWindow, isPriceColumn, kolkataDay } from './downloads.rules'
import { hasFiles, zipBuffer, zipStream, type ZipMedia } from './downloads.zip'

export interface DownloadSettings {
  media: MediaHosts
  /** The stones' own uploaded media (the media module): put in the zip download when a stone has them. */
  ownMedia?: (rows: readonly StoneRow[]) => Promise<ZipMedia>
  /** The open full-stock download: files per caller per window, and files built at once by this instance. */
  fullStock: { max: number; windowSeconds: number; concurrent: number }
}

/** A file made in memory (a selection): its length is known. */
export interface FileAnswer {
  name: string
  type: string
  body: Buffer
}
/** A file written while it is sent (the whole stock): no length up front. */
export interface StreamAnswer {
  name: string
  type: string
  stream: Readable
}

const FULL_STOCK_BATCH = 1000

/**
 * Excel, PDF and zip downloads of selected stones, and the open full-stock Excel. Stones are read
 * from PostgreSQL (the source of truth) as the caller may see them: without the pricing right no
 * price ever reaches a file, whatever columns were asked for.
 */
export class DownloadService {
  private readonly fullStockHits: HitWindow
  private building = 0

  constructor(
    private readonly database: Database,
    private readonly settings: DownloadSettings,
    private readonly clock: () => number = Date.now,
  ) {
    this.fullStockHits = new HitWindow(settings.fullStock.max, settings.fullStock.windowSeconds * 1000)
  }

  private showPrices(who: Principal | null): boolean {
    return !!who && !who.noPrice && seesPrices(who.perms)
  }

  /** The stones asked for, in the order asked; a repeated id is refused, an unknown one is not found. */
  private async rows(who: Principal, ids: readonly string[], showPrices: boolean): Promise<StoneRow[]> {
    const seen = new Set<string>()
    const repeated = ids.flatMap((id, n) =>
      seen.has(id.toLowerCase())
        ? [{ field: `ids.${n}`, in: 'body' as const, message: 'is given twice' }]
        : (seen.add(id.toLowerCase()), []),
    )
    if (repeated.length) throw invalidFields(repeated)
    const records = await readStones(this.database.sql, ids, who.id)
    const byId = new Map(records.map((r) => [r.id, r]))
    const missing = ids.filter((id) => !byId.has(id.toLowerCase()))
    if (missing.length)
      throw new AppError(
        'E_NOT_FOUND',
        { ids: missing.slice(0, 50) },
        `Stones not found: ${missing.slice(0, 5).join(', ')}`,
      )
    return ids.map((id) => toStoneRow(byId.get(id.toLowerCase())!, showPrices, false))
  }

  private answer(kind: DownloadKind, base: 'diamonds' | 'diamond-media', body: Buffer): FileAnswer {
    return { name: fileName(base, kind, this.clock()), type: DOWNLOAD_TYPES[kind], body }
  }

  /** diamond/excel */
  async excel(who: Principal, req: DownloadRequest): Promise<FileAnswer> {
    const showPrices = this.showPrices(who)
    const { columns, problems } = columnsFor(req.columns, showPrices)
    if (problems.length) throw invalidFields(problems)
    const rows = await this.rows(who, req.ids, showPrices)
    return this.answer('xlsx', 'diamonds', await excelBuffer(rows, columns))
  }

  /** diamond/pdf */
  async pdf(who: Principal, req: DownloadRequest): Promise<FileAnswer> {
    const showPrices = this.showPrices(who)
    const { columns, problems } = columnsFor(req.columns, showPrices, MAX_PDF_COLUMNS)
    if (problems.length) throw invalidFields(problems)
    const rows = await this.rows(who, req.ids, showPrices)
    const day = cellText({ t: 'date', v: kolkataDay(this.clock()) })
    return this.answer(
      'pdf',
      'diamonds',
      await pdfBuffer(rows, columns, `${rows.length} ${rows.length === 1 ? 'stone' : 'stones'} · ${day}`),
    )
  }

  /** diamond/download-zip: media and certificate documents carry no prices. */
  async zip(who: Principal, req: ZipRequest): Promise<FileAnswer | StreamAnswer> {
    const rows = await this.rows(who, req.ids, false)
    const media = await this.settings.ownMedia?.(rows)
    const now = new Date(this.clock())
    if (media && hasFiles(rows, media))
      return {
        name: fileName('diamond-media', 'zip', this.clock()),
        type: DOWNLOAD_TYPES.zip,
        stream: zipStream(rows, this.settings.media, now, media),
      }
    return this.answer('zip', 'diamond-media', await zipBuffer(rows, this.settings.media, now, media))
  }

  /**
   * download-full-stock: the available stock, written while it is sent. Limited per caller (a
   * signed-in user by id, a signed-out visitor by address) and per instance (files built at once),
   * since every call reads the whole stock.
   */
  fullStock(who: Principal | null, address: string): StreamAnswer {
    const key = who ? `user:${who.id}` : `address:${address}`
    const wait = this.fullStockHits.take(key, this.clock())
    if (wait !== null) throw new AppError('E_RATE_LIMITED', { retryAfter: wait })
    if (this.building >= this.settings.fullStock.concurrent) throw new AppError('E_RATE_LIMITED', { retryAfter: 10 })
    const showPrices = this.showPrices(who)
    const columns = FULL_STOCK_COLUMNS.filter((c) => showPrices || !isPriceColumn(c))
    const out = new PassThrough()
    this.building++
    void this.writeFullStock(out, columns, showPrices)
      .catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))))
      .finally(() => this.building--)
    return { name: fileName('full-stock', 'xlsx', this.clock()), type: DOWNLOAD_TYPES.xlsx, stream: out }
  }

  private async writeFullStock(
    out: PassThrough,
    columns: (typeof FULL_STOCK_COLUMNS)[number][],
    showPrices: boolean,
  ): Promise<void> {
    const sheet = new StoneSheet(out, columns, 'Stock')
    for await (const batch of availableStones(this.database.sql, FULL_STOCK_BATCH)) {
      // The caller went away: stop reading the stock.
      if (out.destroyed) return
      for (const r of batch) sheet.add(toStoneRow(r, showPrices, false))
      await sheet.drained()
    }
    if (!out.destroyed) await sheet.finish()
  }
}
