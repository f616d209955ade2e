import { Type, type Static } from 'typebox'
import { Uuid } from '../common'

export const StockTopics = { stone: 'stock.stone' } as const

/**
 * Every change of a stone that a screen or another service must learn of. Status changes carry the
 * new status; `priced` a new discount; `arrived` a new stone. All are keyed by stone id and ordered
 * by the stone's statusVersion, which every change raises.
 */
export const StockEventTypes = {
  held: 'stock.stone.held',
  released: 'stock.stone.released',
  memo: 'stock.stone.memo',
  statusChanged: 'stock.stone.status-changed',
  confirmed: 'stock.stone.confirmed',
  sold: 'stock.stone.sold',
  bidWon: 'stock.stone.bid-won',
  priced: 'stock.stone.priced',
  arrived: 'stock.stone.arrived',
} as const

/** Availability codes of spec section 4 that a status change can carry. */
export const Availability = Type.Union([
  Type.Literal('A'), Type.Literal('H'), Type.Literal('M'), Type.Literal('NA'), Type.Literal('U'),
  Type.Literal('B'), Type.Literal('S'), Type.Literal('O'), Type.Literal('E'),
])
export type Availability = Static<typeof Availability>

/** Data of every stone status change; holderId stays inside the platform, never broadcast. */
export const StoneStatusChanged = Type.Object(
  {
    stoneId: Uuid,
    vStnId: Type.String(),
    wSts: Type.String({ maxLength: 2 }),
    sSts: Type.String({ maxLength: 2 }),
    availability: Availability,
    statusVersion: Type.Integer({ minimum: 0 }),
    holderId: Type.Union([Uuid, Type.Null()]),
    expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** The new discount of a `priced` change (inside the platform; never pushed to browsers). */
    back: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
)
export type StoneStatusChanged = Static<typeof StoneStatusChanged>
