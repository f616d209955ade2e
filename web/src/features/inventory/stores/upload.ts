import { proxy } from 'valtio'
import type { ApiError } from '../../../lib/api'
import { commitUpload, remapUpload, uploadInventory, type Upload } from '../api/inventory'
import type { Mapping, UploadMode } from './inventory.rules'

/**
 * The upload in hand: sent (with its progress), read by the server into a preview (the mapping and
 * the diff), re-read after a new mapping, committed. Kept in a store, so leaving the screen and coming
 * back finds the preview where the seller left it.
 */
export type Phase = 'idle' | 'sending' | 'reading' | 'preview' | 'remapping' | 'committing' | 'committed'

interface UploadState {
  mode: UploadMode
  fileName: string
  fileSize: number
  phase: Phase
  /** 0..1 of the file's bytes sent. */
  progress: number
  upload: Upload | null
  error: ApiError | null
}

export const uploadState = proxy<UploadState>({
  mode: 'addUpdate',
  fileName: '',
  fileSize: 0,
  phase: 'idle',
  progress: 0,
  upload: null,
  error: null,
})

/** A request's answer counts only while it is still the one the screen waits for. */
let current = 0

export function setMode(mode: UploadMode): void {
  uploadState.mode = mode
}

export async function sendFile(file: File): Promise<void> {
  const mine = ++current
  Object.assign(uploadState, {
    fileName: file.name,
    fileSize: file.size,
    phase: 'sending',
    progress: 0,
    upload: null,
    error: null,
  })
  const r = await uploadInventory(uploadState.mode, file, (f) => {
    if (mine !== current) return
    uploadState.progress = f
    // Every byte is sent: the server reads and checks the rows now.
    if (f >= 1 && uploadState.phase === 'sending') uploadState.phase = 'reading'
  })
  if (mine !== current) return
  if (r.error) Object.assign(uploadState, { phase: 'idle', error: r.error })
  else Object.assign(uploadState, { phase: 'preview', upload: r.data, error: null })
}

export async function remap(mapping: Mapping): Promise<boolean> {
  const id = uploadState.upload?.id
  if (!id) return false
  const mine = ++current
  Object.assign(uploadState, { phase: 'remapping', error: null })
  const r = await remapUpload(id, mapping)
  if (mine !== current) return false
  if (r.error) Object.assign(uploadState, { phase: 'preview', error: r.error })
  else Object.assign(uploadState, { phase: 'preview', upload: r.data })
  return !r.error
}

export async function commit(): Promise<boolean> {
  const id = uploadState.upload?.id
  if (!id) return false
  const mine = ++current
  Object.assign(uploadState, { phase: 'committing', error: null })
  const r = await commitUpload(id)
  if (mine !== current) return false
  if (r.error) Object.assign(uploadState, { phase: 'preview', error: r.error })
  else Object.assign(uploadState, { phase: 'committed', upload: r.data })
  return !r.error
}

/** Back to choosing a file; an answer still on its way is then ignored. */
export function startOver(): void {
  current++
  Object.assign(uploadState, { phase: 'idle', progress: 0, upload: null, error: null, fileName: '', fileSize: 0 })
}
