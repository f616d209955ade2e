import { runStandalone } from '@diamond/runtime'
import biddingService from './app'
import { loadBiddingConfig } from './config'

const bidding = loadBiddingConfig()
await runStandalone('bidding', biddingService, { port: bidding.BIDDING_PORT, bidding })
