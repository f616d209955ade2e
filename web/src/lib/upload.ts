import type { UploadedFile } from '@diamond/contracts/http/account'
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES, type UploadPurpose } from '@diamond/contracts/http/account.values'
import { API_BASE, loader, NETWORK_ERROR, REQUEST_TIMEOUT_MS, type ApiEnvelope, type ApiResult } from './api'
import { session, signOut } from './session'

/** What the browser can tell before sending: the name's extension and the size (the server also reads the content). */
export type FileProblem = 'type' | 'size' | 'empty'

export function fileProblem(file: { name: string; size: number }): FileProblem | null {
  const ext = /\.([^./\\]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? ''
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) return 'type'
  if (file.size === 0) return 'empty'
  if (file.size > UPLOAD_MAX_BYTES) return 'size'
  return null
}

/** The `accept` attribute of file inputs that go to upload-file. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',')

/** A multipart field: a text value, or a file sent under its own name. */
export type Part = readonly [name: string, value: string | File]

/**
 * POSTs a multipart form to `/web/v1/<path>` with upload progress. XMLHttpRequest rather than fetch
 * because only it reports upload progress. Fields go in the order given (the server reads them as
 * they stream in: text fields before the files). Answers like api(): success when the body's code is
 * OK; E_UNAUTHORIZED signs a signed-in user out.
 */
export function postMultipart<T>(
  path: string,
  parts: readonly Part[],
  onProgress?: (fraction: number) => void,
): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${API_BASE}/${path}`)
    xhr.timeout = REQUEST_TIMEOUT_MS
    xhr.setRequestHeader('devicetype', '1')
    if (session.token) xhr.setRequestHeader('authorization', `JWT ${session.token}`)
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total)
    }
    loader.count++
    const done = (r: ApiResult<T>) => {
      loader.count = Math.max(0, loader.count - 1)
      resolve(r)
    }
    const failed = () => {
      console.debug('upload: transport failure', path, xhr.status)
      done({ error: { code: NETWORK_ERROR, message: '' }, data: null, response: null })
    }
    xhr.onerror = failed
    xhr.ontimeout = failed
    xhr.onabort = failed
    xhr.onload = () => {
      let body: ApiEnvelope<unknown> | null = null
      try {
        const json: unknown = JSON.parse(xhr.responseText)
        if (typeof json === 'object' && json !== null && typeof (json as ApiEnvelope).code === 'string')
          body = json as ApiEnvelope<unknown>
      } catch {
        /* not JSON: handled below */
      }
      if (!body) return failed()
      if (body.code === 'OK') {
        onProgress?.(1)
        return done({ error: null, data: body.data as T, response: body as ApiEnvelope<T> })
      }
      if (body.code === 'E_UNAUTHORIZED' && session.token) signOut()
      done({ error: { code: body.code, message: body.message, data: body.data }, data: null, response: body })
    }
    const form = new FormData()
    for (const [name, value] of parts) {
      if (typeof value === 'string') form.append(name, value)
      else form.append(name, value, value.name)
    }
    xhr.send(form)
  })
}

/** upload-file (spec section 7: multipart, with progress): `purpose`, then `file`. */
export function uploadFile(
  purpose: UploadPurpose,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<ApiResult<UploadedFile>> {
  return postMultipart<UploadedFile>(
    'upload-file',
    [
      ['purpose', purpose],
      ['file', file],
    ],
    onProgress,
  )
}
