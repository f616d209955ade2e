import { api, API_BASE, NETWORK_ERROR, REQUEST_TIMEOUT_MS, type ApiError } from '../../../lib/api'
import { markUntrusted, session, signOut } from '../../../lib/session'
import { postMultipart } from '../../../lib/upload'
import type {
  ColumnMapping,
  SellerStone,
  SellerStonePage,
  SellerStoneDeleted,
  SellerStoneRefreshed,
  SellerStoneSelection,
  UploadPage,
  UploadRowsPage,
  UploadView,
} from '@diamond/contracts/http/inventory'
import type { FtpRunResult, FtpSave, FtpSourceView } from '@diamond/contracts/http/ftp'
import {
  scopeFields,
  type DiffKind,
  type ListingStatus,
  type UploadField,
  type UploadMode,
} from '../stores/inventory.rules'
import { currentScope, type ActingSeller } from '../stores/seller'

export type {
  InvalidRow,
  SellerStone,
  SellerStonePage,
  UploadReport,
  SellerStoneSelection as Selection,
  UploadRowView as DiffRow,
  UploadSummary,
  UploadView as Upload,
} from '@diamond/contracts/http/inventory'

export const uploadInventory = (mode: UploadMode, file: File, onProgress: (fraction: number) => void) =>
  postMultipart<UploadView>(
    'seller/inventory/upload',
    [['mode', mode], ...scopeFields(currentScope()), ['file', file]],
    onProgress,
  )
export const remapUpload = (id: string, mapping: ColumnMapping) =>
  api<UploadView>('seller/inventory/remap', { id, mapping }, { loader: true })
export const commitUpload = (id: string) => api<UploadView>('seller/inventory/commit', { id }, { loader: true })
export const uploadRows = (id: string, kind: DiffKind, page: number, limit: number) =>
  api<UploadRowsPage>('seller/inventory/rows', { id, kind, page, limit })
export const uploadHistory = (page: number, limit: number) =>
  api<UploadPage>('seller/inventory/paginate', { page, limit, ...currentScope() }, { loader: true })

/** Staff only: the seller companies to act for, by name, with their live stones. */
export const sellerCompanies = (search: string, page: number, limit: number) =>
  api<{ list: ActingSeller[]; count: number }>('seller/companies', { ...(search ? { search } : {}), page, limit })

/** A stone's media links, when the stone service gives them with the stone (issue 23's media work). */
export interface StoneMedia {
  imageUrl: string
  videoUrl: string
  certificateUrl: string
}
export type ManagedStone = SellerStone & Partial<StoneMedia>

export const sellerStones = (page: number, limit: number, search: string, status: ListingStatus | null) =>
  api<Omit<SellerStonePage, 'list'> & { list: ManagedStone[] }>(
    'seller/diamond/paginate',
    { page, limit, ...(search ? { search } : {}), ...(status ? { status } : {}), ...currentScope() },
    { loader: true },
  )
/** One stone's fields as an upload's cells would give them (field → text): the same checks apply. */
export const updateStone = (id: string, values: Partial<Record<UploadField, string>>) =>
  api<SellerStone>('seller/diamond/update', { id, values, ...currentScope() }, { loader: true })
export const deleteStones = (which: SellerStoneSelection) =>
  api<SellerStoneDeleted>('seller/diamond/delete', { ...which, ...currentScope() }, { loader: true })
/** Lists the stones for another 7 days. */
export const refreshStones = (which: SellerStoneSelection) =>
  api<SellerStoneRefreshed>('seller/diamond/refresh', { ...which, ...currentScope() }, { loader: true })

/** The seller's FTP source as the stock service shows it (never its password). */
export type FtpSource = FtpSourceView

export const viewFtp = () => api<FtpSource | null>('seller/ftp/view', { ...currentScope() })
/** An empty or absent password keeps the stored one. */
export const saveFtp = (body: FtpSave) =>
  api<FtpSource>('seller/ftp/save', { ...body, ...currentScope() }, { loader: true })
/** Fetches the source's new files now; each is uploaded and committed, and is in the history. */
export const runFtp = () => api<FtpRunResult>('seller/ftp/run', { ...currentScope() }, { loader: true })

/**
 * Stone media, as h-invmedia's contracts/http/media.ts gives it (that branch is not merged here:
 * the shapes are mirrored, and move to imports when it is).
 */
export type MediaKind = 'photo' | 'video' | 'certificate'

/** One file of a media upload (a zip's entries each get a line, named `zip/entry`). */
export interface MediaFileResult {
  file: string
  ok: boolean
  stoneId?: string
  vStnId?: string
  kind?: MediaKind
  position?: number
  size?: number
  /** noStone, notYourStone, ambiguous, wrongType, tooLarge, badName, badZip, zipBomb. */
  reason?: string
}
export interface MediaReport {
  received: number
  matched: number
  unmatched: number
  durationMs: number
  files: MediaFileResult[]
}

export interface MediaItem {
  id: string
  stoneId: string
  vStnId: string
  stockNo: string
  certNo: string
  kind: MediaKind
  position: number
  /** Where a browser shows it. */
  url: string
  /** An outside link taken from an upload file's column (no file kept by the portal). */
  link: boolean
  contentType: string
  size: number
  fileName: string
  createdAt: string
}

export const sellerMedia = (kind: MediaKind | null, page: number, limit: number, search: string) =>
  api<{ list: MediaItem[]; count: number }>(
    'seller/media/paginate',
    { page, limit, ...(kind ? { kind } : {}), ...(search ? { search } : {}), ...currentScope() },
    { loader: true },
  )

export const uploadMedia = (files: readonly File[], onProgress: (fraction: number) => void) =>
  postMultipart<MediaReport>(
    'seller/media/upload',
    [...scopeFields(currentScope()), ...files.map((f) => ['file', f] as const)],
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
