import type { FastifyInstance } from 'fastify'
import { setupService, type ServiceContext } from '@diamond/runtime'
import type { BiddingConfig } from './config'
import { registerStoneStatusConsumer } from './modules/stones/stone-status.consumers'

export type BiddingOptions = ServiceContext & { bidding: BiddingConfig }

/**
 * The bidding service: decides live and sealed auctions (built in a later issue). Today it keeps its
 * own projection of stone status from stock's events. Owns the `bidding` schema.
 */
export default async function biddingService(app: FastifyInstance, opts: BiddingOptions) {
  const rt = await setupService(app, { ...opts, databaseUrl: opts.bidding.BIDDING_DATABASE_URL ?? opts.databaseUrl }, {
    name: 'bidding',
    migrations: new URL('../migrations/', import.meta.url),
  })
  registerStoneStatusConsumer(rt)
}
