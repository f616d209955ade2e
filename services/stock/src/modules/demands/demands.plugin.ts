import type { FastifyInstance } from 'fastify'
import type { ServiceRuntime } from '@diamond/runtime'
import { registerDemandMatch } from './demands.consumers'
import demandRoutes from './demands.routes'
import type { DemandService } from './demands.service'

/** Demands' wiring: the routes, and the durable consumer that tests new and returning stones against them. */
export async function installDemands(app: FastifyInstance, rt: ServiceRuntime, demands: DemandService) {
  registerDemandMatch(rt, demands)
  await app.register(demandRoutes, { demands })
}
