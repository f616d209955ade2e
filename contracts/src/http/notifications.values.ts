/**
 * The notification centre groups notices by what they are about. A notice's kind is
 * `<subject>.<what happened>` (`offer.countered`, `order.placed`, `bid.outbid`); its group follows
 * from the subject alone, so a new kind of a known subject lands in the right group unasked, and an
 * unknown subject in 'other'.
 */
export const NOTICE_GROUPS = ['trading', 'orders', 'bids', 'appointments', 'stock', 'members', 'care', 'other'] as const
export type NoticeGroup = (typeof NOTICE_GROUPS)[number]

const SUBJECTS: Readonly<Record<string, Exclude<NoticeGroup, 'other'>>> = {
  offer: 'trading',
  reminder: 'trading',
  stone: 'trading',
  enquiry: 'trading',
  demand: 'trading',
  order: 'orders',
  shipment: 'orders',
  invoice: 'orders',
  bid: 'bids',
  auction: 'bids',
  appointment: 'appointments',
  viewing: 'appointments',
  listing: 'stock',
  ftp: 'stock',
  upload: 'stock',
  member: 'members',
  rating: 'members',
  concierge: 'care',
  contact: 'care',
  feedback: 'care',
}

/** The subject of a kind: what comes before its first dot. */
export const noticeSubject = (kind: string): string => kind.split('.', 1)[0]!

export const noticeGroup = (kind: string): NoticeGroup => SUBJECTS[noticeSubject(kind)] ?? 'other'

/** The subjects of a group (for a filter); 'other' has none of its own: it is every subject not listed. */
export const subjectsOf = (group: NoticeGroup): string[] =>
  Object.entries(SUBJECTS)
    .filter(([, g]) => g === group)
    .map(([s]) => s)

export const KNOWN_SUBJECTS: readonly string[] = Object.keys(SUBJECTS)
