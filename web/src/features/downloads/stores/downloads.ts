import { proxy } from 'valtio'
import type { DownloadRequest } from '@diamond/contracts/http/downloads'
import type { ApiError } from '../../../lib/api'
import { fetchFile, saveBlob } from '../api/downloads'

export type DownloadKind = 'excel' | 'pdf' | 'zip' | 'fullStock'

const CALLS: Record<DownloadKind, { path: string; fallback: string }> = {
  excel: { path: 'diamond/excel', fallback: 'diamonds.xlsx' },
  pdf: { path: 'diamond/pdf', fallback: 'diamonds.pdf' },
  zip: { path: 'diamond/download-zip', fallback: 'diamond-media.zip' },
  fullStock: { path: 'download-full-stock', fallback: 'full-stock.xlsx' },
}

export interface ActiveDownload {
  kind: DownloadKind
  received: number
  total: number | null
}

/** The one download under way (a second waits for it: the buttons are off meanwhile). */
export const downloads = proxy<{ active: ActiveDownload | null }>({ active: null })
let controller: AbortController | null = null

/**
 * Fetches the file with progress and saves it. Answers null when saved, the error otherwise (the
 * caller shows its code's text); a cancelled download answers E_ABORTED.
 */
export async function startDownload(
  kind: DownloadKind,
  req?: DownloadRequest,
): Promise<{ error: ApiError | null; name?: string }> {
  if (downloads.active) return { error: { code: 'E_BUSY', message: '' } }
  const call = CALLS[kind]
  controller = new AbortController()
  downloads.active = { kind, received: 0, total: null }
  const init =
    kind === 'fullStock'
      ? ({ method: 'GET' } as const)
      : ({ method: 'POST', body: kind === 'zip' ? { ids: req?.ids ?? [] } : req! } as const)
  try {
    const r = await fetchFile(
      call.path,
      init,
      call.fallback,
      (p) => {
        if (downloads.active) Object.assign(downloads.active, p)
      },
      controller.signal,
    )
    if (r.error) return { error: r.error }
    saveBlob(r.blob, r.name)
    return { error: null, name: r.name }
  } finally {
    downloads.active = null
    controller = null
  }
}

export function cancelDownload(): void {
  controller?.abort()
}
