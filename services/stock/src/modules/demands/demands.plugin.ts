import type { FastifyInstance } from 'fastify'
import { StockTopics } from '@diamond/contracts/events/stock'
import type { ServiceRuntime } from '@diamond/runtime'
import demandRoutes from './demands.routes'
import type { DemandService } from './demands.service'

/** Demands' wiring: the routes, and the durable consumer that tests new and returning stones against them. */
export async function installDemands(app: FastifyInstance, rt: ServiceRuntime, demands: DemandService) {
  rt.consume({ name: 'stock.demand-match', topics: [StockTopics.stone], handle: (event, tx) => demands.onStoneEvent(tx, event) })
  await app.register(demandRoutes, { demands })
}
