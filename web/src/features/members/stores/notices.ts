import i18next from 'i18next'
import type { Notification } from '@diamond/contracts/events/notifications'

/** Followers' notices (issue 25): "Shah Diamonds listed 3 new stones", or opened an auction. */
export function memberNoticeText(n: Pick<Notification, 'kind' | 'params'>): string | null {
  if (n.kind !== 'member.listed') return null
  const p = n.params
  const values = { company: typeof p.companyName === 'string' ? p.companyName : '', count: Number(p.count) || 0 }
  return i18next.t(p.source === 'auction' ? 'members.notices.auction' : 'members.notices.listed', values)
}
