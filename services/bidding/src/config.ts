import { Type, type Static } from 'typebox'
import { loadConfig } from '@diamond/runtime/config'

export const BiddingConfig = Type.Object({
  BIDDING_PORT: Type.Integer({ default: 3103 }),
  BIDDING_DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
})
export type BiddingConfig = Static<typeof BiddingConfig>
export const loadBiddingConfig = (env = process.env) => loadConfig(BiddingConfig, env)
