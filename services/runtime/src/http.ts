import Fastify, { type FastifyServerOptions } from 'fastify'
import swagger from '@fastify/swagger'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, installErrorHandling } from './errors'
import { installMetrics, Metrics } from './metrics'
import { REQUEST_ID_HEADER, requestIdOf, runInRequest } from './request-id'
import { openapiOptions } from './openapi'

export const API_PREFIX = '/web/v1'
export const BODY_LIMIT = 256 * 1024

export interface HttpServerOptions {
  title: string
  logger?: FastifyServerOptions['logger']
  /** Who may read /metrics (see mayReadMetrics); without it, loopback only. */
  metricsToken?: string
}

/**
 * A Fastify server with the platform's rules: strict validation (unknown fields and wrong types are
 * errors, never silently dropped or coerced), small bodies, the one error envelope, a request id,
 * the process's metrics at /metrics, and an OpenAPI document of every route registered after it.
 */
export async function createHttpServer(opts: HttpServerOptions) {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: BODY_LIMIT,
    // The id in every log line of the request: X-Request-Id when a trusted proxy (loopback) sent one.
    genReqId: requestIdOf,
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
  // Callback hooks, not async ones: they run on every request, and a promise each is not free.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id)
    done()
  })
  // The handler (and all it starts) runs in the request's scope, so the events it writes carry its
  // id. Entered after the body is read: the body's stream events would run outside the scope.
  const scopes = new WeakMap<object, { open: boolean }>()
  app.addHook('preHandler', (req, _reply, done) => {
    scopes.set(req, runInRequest(req.id, done).scope)
  })
  app.addHook('onResponse', (req, _reply, done) => {
    const scope = scopes.get(req)
    if (scope) scope.open = false
    done()
  })
  installMetrics(app, new Metrics(), opts.metricsToken)
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify treats a hook without a `done` parameter as async: it must return a promise, and a throw becomes the error reply
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [
      ['body', req.body],
      ['querystring', req.query],
      ['params', req.params],
    ] as const) {
      const field = nulAt(value, '')
      if (field !== null) {
        const f = field || part
        throw new AppError(
          'E_VALIDATION',
          { fields: [{ field: f, in: part, message: 'must not contain a NUL character' }] },
          `Invalid Fields: ${f} must not contain a NUL character`,
        )
      }
    }
  })
  await app.register(swagger, openapiOptions(opts.title))
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
