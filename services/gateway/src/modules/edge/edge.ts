import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import compress from '@fastify/compress'
import helmet, { type HelmetOptions } from 'helmet'
import { RELAXED_PATHS, relaxedDirectives, serialize, strictDirectives } from './csp'

export interface EdgeOptions {
  /** STOCK_IMAGE_HOST and its siblings: absolute ones are allowed as image and media sources. */
  mediaHosts: string[]
}

const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * What an API call's answer carries (a POST under /web/v1: JSON, read by the app's fetch, never shown
 * as a page): the headers that still mean something for such an answer, as OWASP's REST Security Cheat
 * Sheet lists them — a policy that lets it load and embed nothing, no sniffing, no framing, no referrer,
 * no cross-origin reads. helmet's others act on documents only (COOP, Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection), and
 * the page's CSP is for a page: a call's answer had 783 bytes of headers, now 402 (README, issue 27).
 * A POST answer is never cached without freshness headers, so it needs no Cache-Control either.
 */
export const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['referrer-policy', 'no-referrer'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
]

/** A call of the API: its answer is JSON (or a download), never a page. */
const isApiCall = (method: string, url: string) => method === 'POST' && url.startsWith('/web/v1/')

/**
 * The headers helmet sets with these options, worked out once by running its middleware against a
 * response that only records them. Nothing in them depends on the request (no nonces, every CSP
 * directive a fixed list), so every answer gets the same. @fastify/helmet built helmet's middleware
 * anew for every request, parsing and checking the CSP each time: about 27 µs a request, 3.5 % of the
 * portal's thread in a profile of bids at 1,404/s (README, issue 27).
 */
export function securityHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>()
  const recorder = {
    setHeader: (name: string, value: unknown) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  }
  let failed: unknown
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => (failed = err))
  if (failed) throw failed
  return [...headers]
}

/**
 * What the portal's edge adds to every answer: security headers — helmet's, with the CSP of ./csp,
 * for the web app, its files and every page; API_HEADERS for the API's calls — and compression.
 * Registered before any route: compression is attached to each route as it is declared.
 */
async function edge(app: FastifyInstance, opts: EdgeOptions) {
  const strict = strictDirectives(opts.mediaHosts)
  const relaxed = serialize(relaxedDirectives(strict))
  const headers = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: strict },
    // Only over TLS (below): on plain http it means nothing, and a browser that once saw it for
    // localhost refuses every other plain-http app on that name for a year.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  })
  // A callback hook, as runtime/http.ts's: it runs on every request, and a promise each is not free.
  app.addHook('onRequest', (req, reply, done) => {
    // On the raw response, as helmet sets them: an answer a route writes itself carries them too.
    if (isApiCall(req.method, req.url)) for (const [name, value] of API_HEADERS) reply.raw.setHeader(name, value)
    else {
      for (const [name, value] of headers) reply.raw.setHeader(name, value)
      // The pages that keep inline styles (all read with GET).
      const path = req.url.split('?')[0]!
      if (RELAXED_PATHS.some((p) => path === p || path.startsWith(`${p}/`)))
        reply.header('content-security-policy', relaxed)
    }
    // req.protocol reads X-Forwarded-Proto only from a trusted proxy (trustProxy: loopback).
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS)
    done()
  })
  // Quality 4 brotli on the fly: a 250-row search answer (337 KB) in a few milliseconds; the web
  // app's files are compressed once, at build time, at full quality (see web/vite.config.ts).
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 })
}

export default fp(edge, { name: 'edge' })
