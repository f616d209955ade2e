import { proxy } from 'valtio'
import { markUntrusted, session, signOut } from './session'

/** Spec section 7: one base, `JWT {token}`, device type 1, a 600000 ms timeout. */
export const API_BASE = '/web/v1'
export const REQUEST_TIMEOUT_MS = 600_000
const DEVICE_TYPE = '1'

/** Our own code for a call that never got an answer (offline, timeout, not JSON). */
export const NETWORK_ERROR = 'E_NETWORK'

export interface ApiEnvelope<T = unknown> {
  code: string
  message: string
  data: T
}
export interface ApiError {
  code: string
  message: string
  /** The envelope's data, when an error carries details (E_VALIDATION fields, E_RATE_LIMITED retryAfter). */
  data?: unknown
}
export type ApiResult<T> =
  | { error: null; data: T; response: ApiEnvelope<T> }
  | { error: ApiError; data: null; response: ApiEnvelope<unknown> | null }

export interface CallOptions {
  /** Calls the spec marks with * show the loading indicator. */
  loader?: boolean
  /** The logout call itself must not sign out again on E_UNAUTHORIZED. */
  signOutOnUnauthorized?: boolean
  /** Spec section 7: most calls POST; user/update is a PUT; a few reads (server time, bid config) GET. */
  method?: 'POST' | 'PUT' | 'GET'
  /** Extra request headers (a confirm's Idempotency-Key). */
  headers?: Record<string, string>
}

/** How many calls with a loader are running; never below zero. */
export const loader = proxy({ count: 0 })

function isEnvelope(v: unknown): v is ApiEnvelope {
  return typeof v === 'object' && v !== null && typeof (v as ApiEnvelope).code === 'string'
}

/**
 * POSTs JSON to `/web/v1/<path>`. Success means the body's code is OK; anything else is an error.
 * An E_UNAUTHORIZED answer signs the user out, whatever the call was; E_DEVICE_UNTRUSTED keeps the
 * session but sends the user to the one-time code screen (the browser is not verified yet).
 */
export async function api<T>(path: string, body: unknown = {}, opts: CallOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {
    ...opts.headers,
    'content-type': 'application/json',
    devicetype: DEVICE_TYPE,
  }
  if (session.token) headers.authorization = `JWT ${session.token}`
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS)
  if (opts.loader) loader.count++
  try {
    const res = await fetch(`${API_BASE}/${path}`, {
      method: opts.method ?? 'POST',
      headers,
      body: opts.method === 'GET' ? undefined : JSON.stringify(body),
      signal: abort.signal,
    })
    const json: unknown = await res.json()
    if (!isEnvelope(json)) throw new Error(`unexpected body from ${path} (HTTP ${res.status})`)
    if (json.code === 'OK') return { error: null, data: json.data as T, response: json as ApiEnvelope<T> }
    if (json.code === 'E_UNAUTHORIZED' && opts.signOutOnUnauthorized !== false && session.token) signOut()
    if (json.code === 'E_DEVICE_UNTRUSTED') markUntrusted()
    return { error: { code: json.code, message: json.message, data: json.data }, data: null, response: json }
  } catch (err) {
    console.debug('api: transport failure', path, err)
    return { error: { code: NETWORK_ERROR, message: '' }, data: null, response: null }
  } finally {
    clearTimeout(timer)
    if (opts.loader) loader.count = Math.max(0, loader.count - 1)
  }
}
