import { Type, type Static } from 'typebox'
import { loadConfig } from '@diamond/runtime/config'

export const StockConfig = Type.Object({
  STOCK_PORT: Type.Integer({ default: 3102 }),
  STOCK_DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** How long a hold keeps a stone for its holder before it returns to stock. */
  STOCK_HOLD_MINUTES: Type.Integer({ minimum: 1, maximum: 7 * 24 * 60, default: 30 }),
  STOCK_DEMO_STONES: Type.Integer({ minimum: 0, maximum: 5_000_000, default: 25_000 }),
})
export type StockConfig = Static<typeof StockConfig>
export const loadStockConfig = (env = process.env) => loadConfig(StockConfig, env)
