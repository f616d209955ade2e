import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { StockEventTypes, type StoneStatusChanged } from '@diamond/contracts/events/stock'

export interface Notice {
  userId: string
  kind: string
  params: Record<string, string | number | null>
}

/** Which platform events someone must hear about, and what they are told. */
export function noticesFor(event: AnyEvent): Notice[] {
  if (event.type === StockEventTypes.held) {
    const s = event.data as StoneStatusChanged
    if (s.holderId) return [{ userId: s.holderId, kind: 'stone.held', params: { stoneId: s.stoneId, vStnId: s.vStnId, expiresAt: s.expiresAt } }]
  }
  return []
}
