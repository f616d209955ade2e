import { api, API_BASE, NETWORK_ERROR, REQUEST_TIMEOUT_MS, type ApiError } from '../../../lib/api'
import { markUntrusted, session, signOut } from '../../../lib/session'
import { postMultipart } from '../../../lib/upload'
import type { DiffKind, FtpSchedule, ListingStatus, Mapping, UploadField, UploadMode } from '../stores/inventory.rules'

/** The upload report of spec section 3: lots received, valid, invalid, added, updated, deleted, and duration. */
export interface UploadReport {
  received: number
  valid: number
  invalid: number
  added: number
  updated: number
  deleted: number
  unchanged: number
  /** Held, on memo, confirmed, in an order or in an auction: neither deleted nor repriced. */
  kept: number
  durationMs: number
}

export interface InvalidRow {
  row: number
  stockNo: string
  reasons: readonly string[]
}

/** An upload as the server answers it (issue 23's shape), in preview or committed. */
export interface Upload {
  id: string
  status: 'preview' | 'committed' | 'expired' | 'failed'
  mode: UploadMode
  fileName: string
  mapping: Mapping
  report: UploadReport
  /** The first page of invalid rows (the rest through `seller/inventory/rows`). */
  invalid: readonly InvalidRow[]
  createdAt: string
  committedAt: string | null
  expiresAt?: string
}

/** A line of the history (`seller/inventory/paginate`). */
export type UploadSummary = Omit<Upload, 'mapping' | 'invalid' | 'expiresAt'> & { sellerName?: string }

/** One field an update changes: what the stone has now, what the file says. */
export interface FieldChange {
  field: string
  from: string | number
  to: string | number
}

/** Why a stone the upload would change or delete is kept: someone is buying it. */
export type KeptReason = 'held' | 'memo' | 'confirmed' | 'order' | 'auction' | 'sold' | 'show'

/** A line of one of the diff's lists (`seller/inventory/rows`, contracts' UploadRowView). */
export interface DiffRow {
  /** The row in the file; null for a stone the file leaves out. */
  row: number | null
  stockNo: string
  stoneId?: string | null
  vStnId?: string | null
  changes?: readonly FieldChange[]
  /** Price per carat change against the current price, in percent. */
  pricePct?: number | null
  reasons?: readonly string[]
  flags?: readonly string[]
  keptReason?: KeptReason | null
  /** For kept rows: what the upload would have done. */
  wouldBe?: 'updated' | 'deleted' | null
  shape?: string
  carat?: number | null
  color?: string
  clarity?: string
}

export interface Paged<T> {
  list: T[]
  count: number
}

export const uploadInventory = (mode: UploadMode, file: File, onProgress: (fraction: number) => void) =>
  postMultipart<Upload>(
    'seller/inventory/upload',
    [
      ['mode', mode],
      ['file', file],
    ],
    onProgress,
  )
export const remapUpload = (id: string, mapping: Mapping) =>
  api<Upload>('seller/inventory/remap', { id, mapping }, { loader: true })
export const commitUpload = (id: string) => api<Upload>('seller/inventory/commit', { id }, { loader: true })
export const uploadRows = (id: string, kind: DiffKind, page: number, limit: number) =>
  api<Paged<DiffRow>>('seller/inventory/rows', { id, kind, page, limit })
export const uploadHistory = (page: number, limit: number) =>
  api<Paged<UploadSummary>>('seller/inventory/paginate', { page, limit }, { loader: true })

/** A seller's stone on the manage screen (contracts' SellerStone). */
export interface SellerStone {
  id: string
  vStnId: string
  stockNo: string
  certNo: string
  lab: string
  shape: string
  carat: number
  color: string
  clarity: string
  cut: string
  polish: string
  symmetry: string
  fluorescence: string
  back: number
  pricePerCarat: number
  amount: number
  status: ListingStatus
  listedUntil: string | null
  /** The stone's media, when the media service tells them. */
  imageUrl?: string
  videoUrl?: string
  certificateUrl?: string
}

export interface SellerStonePage extends Paged<SellerStone> {
  /** How many of the seller's stones are in each status. */
  counts: Record<string, number>
}

/** What to act on: the stones named, or every stone of the seller. */
export type Selection = { ids: string[] } | { all: true }

export const sellerStones = (page: number, limit: number, search: string, status: ListingStatus | null) =>
  api<SellerStonePage>(
    'seller/diamond/paginate',
    { page, limit, ...(search ? { search } : {}), ...(status ? { status } : {}) },
    { loader: true },
  )
/** One stone's fields as an upload's cells would give them (field → text): the same checks apply. */
export const updateStone = (id: string, values: Partial<Record<UploadField, string>>) =>
  api<SellerStone>('seller/diamond/update', { id, values }, { loader: true })
export const deleteStones = (which: Selection) =>
  api<{ deleted: number; kept: { id: string; vStnId: string; reason: KeptReason }[] }>('seller/diamond/delete', which, {
    loader: true,
  })
/** Lists the stones for another 7 days. */
export const refreshStones = (which: Selection) =>
  api<{ refreshed: number; listedUntil: string }>('seller/diamond/refresh', which, { loader: true })

export interface FtpSource {
  host: string
  port: number
  user: string
  folder: string
  pattern: string
  secure: boolean
  schedule: FtpSchedule
  mode?: UploadMode
  /** A password is stored (it is never sent back). */
  hasPassword?: boolean
  lastRunAt?: string | null
}
export interface FtpSave extends Omit<FtpSource, 'hasPassword' | 'lastRunAt'> {
  /** Empty keeps the stored one. */
  password?: string
}

export const viewFtp = () => api<FtpSource | null>('seller/ftp/view', {})
export const saveFtp = (body: FtpSave) => api<FtpSource>('seller/ftp/save', body, { loader: true })
/** Fetches the source's new files now; the uploads they make are in the history. */
export const runFtp = () => api<{ files?: number; uploads?: Upload[] } | null>('seller/ftp/run', {}, { loader: true })

export interface MediaMatch {
  file: string
  stoneId?: string
  kind?: 'image' | 'video' | 'certificate' | (string & {})
  reason?: string
}
export interface MediaReport {
  matched: MediaMatch[]
  unmatched: MediaMatch[]
}

export const uploadMedia = (files: readonly File[], onProgress: (fraction: number) => void) =>
  postMultipart<MediaReport>(
    'seller/media/upload',
    files.map((f) => ['file', f] as const),
    onProgress,
  )

export type FileResult = { error: null; blob: Blob; name: string } | { error: ApiError }

/**
 * A file from the API (the invalid rows as Excel, the template): the body is the file, or the JSON
 * envelope of a refusal (E_UNAUTHORIZED signs out as every call does).
 */
async function fetchFile(path: string, body: unknown | null, fallbackName: string): Promise<FileResult> {
  const headers: Record<string, string> = { devicetype: '1' }
  if (session.token) headers.authorization = `JWT ${session.token}`
  if (body !== null) headers['content-type'] = 'application/json'
  try {
    const res = await fetch(`${API_BASE}/${path}`, {
      method: body === null ? 'GET' : 'POST',
      headers,
      body: body === null ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    if (!res.ok || (res.headers.get('content-type') ?? '').startsWith('application/json')) {
      const env = (await res.json().catch(() => null)) as { code?: unknown; message?: unknown } | null
      if (typeof env?.code !== 'string') return { error: { code: NETWORK_ERROR, message: '' } }
      if (env.code === 'E_UNAUTHORIZED' && session.token) signOut()
      if (env.code === 'E_DEVICE_UNTRUSTED') markUntrusted()
      return { error: { code: env.code, message: typeof env.message === 'string' ? env.message : '' } }
    }
    const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '')?.[1]
    return { error: null, blob: await res.blob(), name: named ? decodeURIComponent(named) : fallbackName }
  } catch (err) {
    console.debug('inventory: download failed', path, err)
    return { error: { code: NETWORK_ERROR, message: '' } }
  }
}

export const invalidRowsExcel = (id: string) => fetchFile('seller/inventory/invalid-excel', { id }, 'invalid-rows.xlsx')
export const templateExcel = () => fetchFile('seller/inventory/template', null, 'inventory-template.xlsx')

/** Hands a fetched file to the browser's downloads. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
