import type { Notification } from '@diamond/contracts/events/notifications'
import { appointmentNoticeText } from './features/appointments/stores/notices'
import { bidNoticeText } from './features/bids/stores/notices'
import { careNoticeText } from './features/care/stores/notices'
import { buyRequestNoticeText } from './features/demands/stores/notices'
import { enquiryNoticeText } from './features/enquiries/stores/notices'
import { noticeText as tradeNoticeText } from './features/lists/stores/notices'
import { orderNoticeText } from './features/orders/stores/notices'
import { memberNoticeText } from './features/members/stores/notices'

/**
 * A notice in the list, in the words of the feature it is about (trading, bids, appointments, orders): composed beside the
 * route table, and loaded with the notification screen (those stores bring the live socket with them,
 * which the sign-in screen does not need).
 */
export const noticeText = (n: Pick<Notification, 'kind' | 'params'>): string | null =>
  tradeNoticeText(n) ??
  bidNoticeText(n) ??
  appointmentNoticeText(n) ??
  orderNoticeText(n) ??
  memberNoticeText(n) ??
  careNoticeText(n) ??
  enquiryNoticeText(n) ??
  buyRequestNoticeText(n)
