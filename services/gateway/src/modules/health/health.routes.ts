import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { Envelope } from '@diamond/contracts/common'
import { SERVICES, type ServiceName } from '../../config'

export type ServiceProbe = (name: ServiceName) => Promise<boolean>

const PortalHealth = Type.Object({ services: Type.Record(Type.String(), Type.Boolean()), realtime: Type.Boolean() })

/** GET /web/v1/health answers OK only once every service says it is ready. */
export default async function healthRoutes(app: FastifyInstance, opts: { probe: ServiceProbe; realtimeReady: () => boolean }) {
  app.get(
    '/web/v1/health',
    { config: { public: true }, schema: { tags: ['health'], security: [], response: { 200: Envelope(PortalHealth), 503: Envelope(PortalHealth) } } },
    async (_req, reply) => {
      const results = await Promise.all(SERVICES.map(async (s) => [s, await opts.probe(s).catch(() => false)] as const))
      const services = Object.fromEntries(results)
      const realtime = opts.realtimeReady()
      const ok = realtime && results.every(([, up]) => up)
      return reply.status(ok ? 200 : 503).send({ code: ok ? 'OK' : 'E_UNAVAILABLE', message: ok ? 'ready' : 'not ready', data: { services, realtime } })
    },
  )
}
