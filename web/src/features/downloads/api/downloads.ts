import type { DownloadRequest, ZipRequest } from '@diamond/contracts/http/downloads'
import { API_BASE, NETWORK_ERROR, REQUEST_TIMEOUT_MS, type ApiError } from '../../../lib/api'
import { markUntrusted, session, signOut } from '../../../lib/session'
import { filenameFrom, lengthOf, type Progress } from '../stores/download.rules'

export type FileResult = { error: null; blob: Blob; name: string } | { error: ApiError }

/**
 * Fetches a file from `/web/v1/<path>`, reading the body as a stream so `onProgress` can tell the
 * bytes received (and the percent when the server sent Content-Length). A refusal arrives as the
 * JSON envelope instead of a file: E_UNAUTHORIZED signs out as every call does.
 */
export async function fetchFile(
  path: string,
  init: { method: 'GET' } | { method: 'POST'; body: DownloadRequest | ZipRequest },
  fallbackName: string,
  onProgress: (p: Progress) => void,
  signal?: AbortSignal,
): Promise<FileResult> {
  const headers: Record<string, string> = { devicetype: '1' }
  if (session.token && session.isTrusted) headers.authorization = `JWT ${session.token}`
  if (init.method === 'POST') headers['content-type'] = 'application/json'
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS)
  try {
    const res = await fetch(`${API_BASE}/${path}`, {
      method: init.method,
      headers,
      body: init.method === 'POST' ? JSON.stringify(init.body) : undefined,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    })
    if (!res.ok || (res.headers.get('content-type') ?? '').startsWith('application/json'))
      return { error: await refusal(res) }
    const total = lengthOf(res.headers.get('content-length'))
    const chunks: Uint8Array<ArrayBuffer>[] = []
    let received = 0
    onProgress({ received, total })
    const reader = res.body?.getReader()
    if (reader) {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        chunks.push(value)
        received += value.byteLength
        onProgress({ received, total })
      }
    }
    const type = res.headers.get('content-type') ?? 'application/octet-stream'
    return {
      error: null,
      blob: new Blob(chunks, { type }),
      name: filenameFrom(res.headers.get('content-disposition'), fallbackName),
    }
  } catch (err) {
    if (signal?.aborted) return { error: { code: 'E_ABORTED', message: '' } }
    console.debug('download: transport failure', path, err)
    return { error: { code: NETWORK_ERROR, message: '' } }
  }
}

async function refusal(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as { code?: unknown; message?: unknown; data?: unknown }
    if (typeof body.code !== 'string') throw new Error('not an envelope')
    if (body.code === 'E_UNAUTHORIZED' && session.token) signOut()
    if (body.code === 'E_DEVICE_UNTRUSTED') markUntrusted()
    return { code: body.code, message: typeof body.message === 'string' ? body.message : '', data: body.data }
  } catch {
    return { code: NETWORK_ERROR, message: '' }
  }
}

/** Hands a fetched file to the browser's downloads, named as the server named it. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
  // The click has started the download; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
