import { ENQUIRY_MESSAGE_MAX, type EnquiryState } from '@diamond/contracts/http/enquiries.values'
import { can, type CompactPermissions } from '@diamond/contracts/permissions'

export type Side = 'buyer' | 'sales'

/** Open while the last word is the buyer's (the enquiry itself, or a follow-up); answered once the sales team's. */
export const enquiryState = (lastSide: Side | null): EnquiryState => (lastSide === 'sales' ? 'answered' : 'open')

/** The sales team: operator staff with every right on enquiries (a company admin elsewhere has none over other buyers). */
export const isEnquiryStaff = (who: { operator?: boolean; perms: CompactPermissions }): boolean =>
  who.operator === true && can(who.perms, 'enquiry', 'all')

/**
 * Who writes on an enquiry: its buyer, or the sales team; anyone else finds nothing (null). A staff
 * member's own enquiry is theirs to write on as its buyer.
 */
export function sideOf(
  who: { id: string; operator?: boolean; perms: CompactPermissions },
  ownerId: string,
): Side | null {
  if (who.id === ownerId) return 'buyer'
  return isEnquiryStaff(who) ? 'sales' : null
}

/** A message as it is kept (trimmed), or why it cannot be. */
export function messageOf(text: string): { ok: true; message: string } | { ok: false; reason: string } {
  const message = text.trim()
  if (!message) return { ok: false, reason: 'must not be empty' }
  if (message.length > ENQUIRY_MESSAGE_MAX) return { ok: false, reason: `at most ${ENQUIRY_MESSAGE_MAX} characters` }
  return { ok: true, message }
}

/** A line to know the stone by in a notice or a list: shape, carat, colour, clarity. */
export const stoneLine = (s: { shape: string; carat: string; color: string; clarity: string }): string =>
  [s.shape, Number(s.carat).toFixed(2), s.color, s.clarity].filter(Boolean).join(' ')

/** A message's opening words for a notice. */
export const excerpt = (message: string, max = 120): string =>
  message.length <= max ? message : `${message.slice(0, max - 1).trimEnd()}…`
