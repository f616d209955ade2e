/** What stock answers for each stone an appointment asks to see. Pure. */
import type { OfficeBlockReason, OfficeBlockStone } from '@diamond/contracts/events/office-blocks'
import type { StoneFacts } from './office-blocks.repository'

/**
 * Why a stone could not be blocked for the viewing, from its status after the conditional take lost:
 * held by another buyer; on memo, on show or blocked for another viewing; confirmed or sold; anything
 * else (in a running auction, upcoming, out of live stock) is unavailable; no such stone.
 */
export function refusalOf(s: Pick<StoneFacts, 'wSts' | 'bidLotId'> | undefined): OfficeBlockReason {
  if (!s) return 'not-found'
  if (s.bidLotId) return 'unavailable'
  switch (s.wSts) {
    case 'H':
      return 'held'
    case 'M':
    case 'D':
    case 'S':
    case 'O':
      return 'blocked'
    case 'C':
    case 'X':
      return 'sold'
    default:
      return 'unavailable'
  }
}

/** A stone already blocked for this very appointment (a move, a second look) is kept, not refused. */
export const blockedFor = (s: Pick<StoneFacts, 'wSts' | 'appointmentId'> | undefined, appointmentId: string): boolean =>
  !!s && s.wSts === 'O' && s.appointmentId === appointmentId

/** The answer for one stone: blocked until the slot's end, or refused with its reason; with its location when known. */
export function answerFor(
  id: string,
  outcome: { blocked: true; until: Date } | { blocked: false; reason: OfficeBlockReason },
  facts: Pick<StoneFacts, 'location'> | undefined,
): OfficeBlockStone {
  if (outcome.blocked) return { id, blocked: true, until: outcome.until.toISOString(), location: facts?.location ?? '' }
  return { id, blocked: false, reason: outcome.reason, ...(facts ? { location: facts.location } : {}) }
}

/** Stones in one order for every taker, so two appointments asking for the same stones never wait on each other in a cycle. */
export const inLockOrder = (ids: readonly string[]): string[] => [...new Set(ids)].sort()
