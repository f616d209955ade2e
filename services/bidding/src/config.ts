import { Type, type Static } from 'typebox'
import { loadConfig } from '@diamond/runtime/config'
import { portOf } from '@diamond/runtime/registry'

export const BiddingConfig = Type.Object({
  BIDDING_PORT: Type.Integer({ default: portOf('bidding') }),
  BIDDING_DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** A lot closes this long after its close time (database clock), so bids in flight at the close are stored first. */
  BIDDING_CLOSE_GRACE_MS: Type.Integer({ minimum: 0, maximum: 5000, default: 250 }),
  /** Most bids stored in one group commit. */
  BIDDING_MAX_BATCH: Type.Integer({ minimum: 1, maximum: 20_000, default: 2000 }),
  /** Most group commits in flight at once (over disjoint lots; one lot's batches go one after another). */
  BIDDING_MAX_FLUSHES: Type.Integer({ minimum: 1, maximum: 8, default: 3 }),
  /** Each displaced bidder of a lot gets at most one outbid notice per this window (issue 27). */
  BIDDING_NOTICE_WINDOW_MS: Type.Integer({ minimum: 0, maximum: 60_000, default: 1000 }),
  /** Demo mode (DEMO_DATA): keep one running demo auction of each kind. */
  BIDDING_DEMO_AUCTIONS: Type.Boolean({ default: true }),
})
export type BiddingConfig = Static<typeof BiddingConfig>
export const loadBiddingConfig = (env = process.env) => loadConfig(BiddingConfig, env)
