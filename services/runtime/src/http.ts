import Fastify, { type FastifyServerOptions } from 'fastify'
import swagger from '@fastify/swagger'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, installErrorHandling } from './errors'

export const API_PREFIX = '/web/v1'
export const BODY_LIMIT = 256 * 1024

/**
 * A Fastify server with the platform's rules: strict validation (unknown fields and wrong types are
 * errors, never silently dropped or coerced), small bodies, the one error envelope, and an OpenAPI
 * document of every route registered after it.
 */
export async function createHttpServer(opts: { title: string; logger?: FastifyServerOptions['logger'] }) {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-For is believed only from this machine (the gateway in front of a service, or a
    // local reverse proxy): a remote client cannot pick its own address to dodge rate limits.
    trustProxy: 'loopback',
    // No time limit on a plugin's start: a service migrates, seeds and loads its search index while
    // it registers, which on a busy machine took longer than Fastify's default 10 s and killed a
    // healthy start ("Plugin did not start in time: 'stockService'"). Until it is up its health
    // says so; a start that truly hangs is for the orchestrator's start-up probe to judge.
    pluginTimeout: 0,
    // At shutdown, a request already on its way over an open connection is answered (with
    // `Connection: close`) rather than refused with Fastify's own 503: the listener is closed, so
    // nothing new arrives, and the database stays up until the last answer is out.
    return503OnClosing: false,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>()
  installErrorHandling(app)
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [['body', req.body], ['querystring', req.query], ['params', req.params]] as const) {
      const field = nulAt(value, '')
      if (field !== null) {
        const f = field || part
        throw new AppError('E_VALIDATION', { fields: [{ field: f, in: part, message: 'must not contain a NUL character' }] }, `Invalid Fields: ${f} must not contain a NUL character`)
      }
    }
  })
  await app.register(swagger, {
    openapi: {
      info: { title: opts.title, version: '1.0.0', description: 'All calls answer { code, message, data }; code is OK on success.' },
      components: {
        securitySchemes: { jwt: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'JWT {token}' } },
      },
      security: [{ jwt: [] }],
    },
  })
  return app
}

/**
 * Where a NUL character hides in a request's JSON (its field path), or null. No text column can
 * hold one, so such a value is refused up front as bad input rather than failing at the database.
 */
export function nulAt(v: unknown, path: string, depth = 0): string | null {
  if (typeof v === 'string') return v.includes('\u0000') ? path : null
  if (depth > 32 || v === null || typeof v !== 'object') return null
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const at = nulAt(v[i], path ? `${path}.${i}` : String(i), depth + 1)
      if (at !== null) return at
    }
    return null
  }
  if (Object.getPrototypeOf(v) !== Object.prototype && Object.getPrototypeOf(v) !== null) return null
  for (const [k, x] of Object.entries(v)) {
    const here = path ? `${path}.${k}` : k
    if (k.includes('\u0000')) return here
    const at = nulAt(x, here, depth + 1)
    if (at !== null) return at
  }
  return null
}

export type HttpServer = Awaited<ReturnType<typeof createHttpServer>>
