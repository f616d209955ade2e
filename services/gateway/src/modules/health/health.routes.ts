import type { FastifyReply } from 'fastify'
import { Type } from 'typebox'
import { Envelope } from '@diamond/contracts/common'
import { defineRoutes } from '@diamond/runtime'
import { SERVICES, type ServiceName } from '../../config'

export type ServiceProbe = (name: ServiceName) => Promise<boolean>

const PortalHealth = Type.Object({ services: Type.Record(Type.String(), Type.Boolean()), realtime: Type.Boolean() })
const Live = Type.Object({ uptime: Type.Number() })

/**
 * GET /web/v1/health and GET /ready answer OK only once every service says it is ready (its
 * database reachable, its consumers started) and the live feed is subscribed; 503 otherwise.
 * GET /healthz says only that the process answers (liveness: restart it if this fails).
 */
export default defineRoutes(function healthRoutes(app, opts: { probe: ServiceProbe; realtimeReady: () => boolean }) {
  const readiness = async (reply: FastifyReply) => {
    const results = await Promise.all(SERVICES.map(async (s) => [s, await opts.probe(s).catch(() => false)] as const))
    const services = Object.fromEntries(results)
    const realtime = opts.realtimeReady()
    const ok = realtime && results.every(([, up]) => up)
    return reply
      .status(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ code: ok ? 'OK' : 'E_UNAVAILABLE', message: ok ? 'ready' : 'not ready', data: { services, realtime } })
  }
  const schema = {
    tags: ['health'],
    security: [],
    response: { 200: Envelope(PortalHealth), 503: Envelope(PortalHealth) },
  }
  app.get('/web/v1/health', { config: { public: true }, schema }, (_req, reply) => readiness(reply))
  // Probes call these every few seconds: their lines stay out of the info log.
  app.get('/ready', { config: { public: true }, schema: { ...schema, hide: true }, logLevel: 'warn' }, (_req, reply) =>
    readiness(reply),
  )
  app.get(
    '/healthz',
    { config: { public: true }, schema: { hide: true, response: { 200: Envelope(Live) } }, logLevel: 'warn' },
    async (_req, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ code: 'OK', message: 'live', data: { uptime: Math.round(process.uptime()) } }),
  )
})
