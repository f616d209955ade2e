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
 * What the portal's edge adds to every answer, the API's and the web app's alike: security headers
 * (helmet's, with the CSP of ./csp) and compression. Registered before any route: compression is
 * attached to each route as it is declared.
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
    for (const [name, value] of headers) reply.raw.setHeader(name, value)
    // req.protocol reads X-Forwarded-Proto only from a trusted proxy (trustProxy: loopback).
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS)
    const path = req.url.split('?')[0]!
    if (RELAXED_PATHS.some((p) => path === p || path.startsWith(`${p}/`)))
      reply.header('content-security-policy', relaxed)
    done()
  })
  // Quality 4 brotli on the fly: a 250-row search answer (337 KB) in a few milliseconds; the web
  // app's files are compressed once, at build time, at full quality (see web/vite.config.ts).
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 })
}

export default fp(edge, { name: 'edge' })
