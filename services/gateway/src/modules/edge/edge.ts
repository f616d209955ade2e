import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import compress from '@fastify/compress'
import helmet from '@fastify/helmet'
import { RELAXED_PATHS, relaxedDirectives, serialize, strictDirectives } from './csp'

export interface EdgeOptions {
  /** STOCK_IMAGE_HOST and its siblings: absolute ones are allowed as image and media sources. */
  mediaHosts: string[]
}

const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * What the portal's edge adds to every answer, the API's and the web app's alike: security headers
 * (helmet, with the CSP of ./csp) and compression. Registered before any route: compression is
 * attached to each route as it is declared.
 */
async function edge(app: FastifyInstance, opts: EdgeOptions) {
  const strict = strictDirectives(opts.mediaHosts)
  const relaxed = serialize(relaxedDirectives(strict))
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: strict },
    // Only over TLS (below): on plain http it means nothing, and a browser that once saw it for
    // localhost refuses every other plain-http app on that name for a year.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  })
  app.addHook('onRequest', async (req, reply) => {
    // req.protocol reads X-Forwarded-Proto only from a trusted proxy (trustProxy: loopback).
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS)
    const path = req.url.split('?')[0]!
    if (RELAXED_PATHS.some((p) => path === p || path.startsWith(`${p}/`)))
      reply.header('content-security-policy', relaxed)
  })
  // Quality 4 brotli on the fly: a 250-row search answer (337 KB) in a few milliseconds; the web
  // app's files are compressed once, at build time, at full quality (see web/vite.config.ts).
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 })
}

export default fp(edge, { name: 'edge' })
