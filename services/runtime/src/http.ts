import Fastify, { type FastifyServerOptions } from 'fastify'
import swagger from '@fastify/swagger'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { installErrorHandling } from './errors'

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
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>()
  installErrorHandling(app)
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

export type HttpServer = Awaited<ReturnType<typeof createHttpServer>>
