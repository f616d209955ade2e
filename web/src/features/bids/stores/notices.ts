import i18next from 'i18next'
import type { Notification } from '@diamond/contracts/events/notifications'
import { BID_NOTICE_KINDS } from '@diamond/contracts/http/bidding.values'
import { onNotification } from '../../../lib/realtime'
import { showToast } from '../../../lib/toast'
import { perCarat } from './money'

const KINDS: ReadonlySet<string> = new Set(Object.values(BID_NOTICE_KINDS))

/** The text of a bid notice (outbid, won, lost) in the reader's language; null for other notices. */
export function bidNoticeText(n: Pick<Notification, 'kind' | 'params'>): string | null {
  if (!KINDS.has(n.kind)) return null
  const price = typeof n.params.price === 'number' ? perCarat(Math.round(n.params.price * 100)) : ''
  return i18next.t(`bids.notices.${n.kind.slice('bid.'.length)}`, { vStnId: n.params.vStnId ?? '', price })
}

/** Bid notices pushed live become toasts, wherever the user is; returns the unsubscribe. */
export function followBidNotices(): () => void {
  return onNotification((n) => {
    const text = bidNoticeText(n)
    if (!text) return
    showToast(text, n.kind === BID_NOTICE_KINDS.won ? 'success' : n.kind === BID_NOTICE_KINDS.outbid ? 'error' : 'info')
  })
}
