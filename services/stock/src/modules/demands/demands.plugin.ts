import type { FastifyInstance } from 'fastify'
import type { ServiceRuntime } from '@diamond/runtime'
import { registerConciergeDemands, registerDemandMatch } from './demands.consumers'
import demandRoutes from './demands.routes'
import type { DemandService } from './demands.service'

/** Demands' wiring: the routes, the durable consumer that tests new and returning stones against them, and concierge buy requests. */
export async function installDemands(app: FastifyInstance, rt: ServiceRuntime, demands: DemandService) {
  registerDemandMatch(rt, demands)
  registerConciergeDemands(rt, demands)
  await app.register(demandRoutes, { demands })
}
