import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/**
 * The request id: `X-Request-Id` as a trusted proxy sent it, or a new one. It is the request's id in
 * the logs, is echoed on the answer, goes with the call from the gateway to a service, and into
 * the envelope of the events the request causes.
 */
export const REQUEST_ID_HEADER = 'x-request-id'

/** Letters, digits and a few separators, short: a header value written into logs and events as is. */
const VALID_ID = /^[A-Za-z0-9._:@-]{1,128}$/

/**
 * The same trust as X-Forwarded-For (Fastify's `trustProxy: 'loopback'`): only a peer on this
 * machine, i.e. the gateway in front of a service or a local reverse proxy, may name the request.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')
}

export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER]
  if (typeof given === 'string' && VALID_ID.test(given) && isLoopback(raw.socket?.remoteAddress)) return given
  return randomUUID()
}

interface Scope {
  requestId: string
  /** Cleared once the answer is sent: a timer the request started must not carry its id later. */
  open: boolean
}

const scopes = new AsyncLocalStorage<Scope>()

/** Runs `fn` (and everything it starts) as part of the request `requestId`. */
export function runInRequest<T>(requestId: string, fn: () => T): { scope: Scope; result: T } {
  const scope: Scope = { requestId, open: true }
  return { scope, result: scopes.run(scope, fn) }
}

/** The id of the request whose handling is running now, if any. */
export function currentRequestId(): string | undefined {
  const s = scopes.getStore()
  return s?.open ? s.requestId : undefined
}

/**
 * Runs `fn` outside any request: for work that one request starts but that serves many (a batch of
 * several requests' bids), which must not carry the first request's id.
 */
export function outsideRequest<T>(fn: () => T): T {
  return scopes.exit(fn)
}
