import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { StockEventTypes, TradeEventTypes, type StoneStatusChanged, type TradeEvent } from '@diamond/contracts/events/stock'

export type Notice =
  | { userId: string; audience?: undefined; kind: string; params: Record<string, string | number | null> }
  | { userId: null; audience: 'sales'; kind: string; params: Record<string, string | number | null> }

const TRADE_TYPES: ReadonlySet<string> = new Set(Object.values(TradeEventTypes))

/** Which platform events someone must hear about, and what they are told. */
export function noticesFor(event: AnyEvent): Notice[] {
  if (event.type === StockEventTypes.held) {
    const s = event.data as StoneStatusChanged
    if (s.holderId) return [{ userId: s.holderId, kind: 'stone.held', params: { stoneId: s.stoneId, vStnId: s.vStnId, expiresAt: s.expiresAt } }]
  }
  if (TRADE_TYPES.has(event.type)) {
    // A trading event names its readers; the sales team is one audience notice, not a row per person.
    const t = event.data as TradeEvent
    const out: Notice[] = [...new Set(t.userIds)].map((userId) => ({ userId, kind: t.kind, params: t.params }))
    if (t.toSales) out.push({ userId: null, audience: 'sales', kind: t.kind, params: t.params })
    return out
  }
  return []
}
