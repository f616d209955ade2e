import i18next from 'i18next'
import type { Notification } from '@diamond/contracts/events/notifications'
import { BID_NOTICE_KINDS } from '@diamond/contracts/http/bidding.values'
import { live } from '../../../lib/realtime'
import { showToast } from '../../../lib/toast'
import { perCarat } from './money'

const KINDS: ReadonlySet<string> = new Set(Object.values(BID_NOTICE_KINDS))

/**
 * The text of a bid notice (outbid, won, lost, withdrawn) in the reader's language; null for other notices. A
 * notice without its price (the reader does not see prices: the API withholds it) says the same
 * without the amount.
 */
export function bidNoticeText(n: Pick<Notification, 'kind' | 'params'>): string | null {
  if (!KINDS.has(n.kind)) return null
  const kind = n.kind.slice('bid.'.length)
  if (typeof n.params.price !== 'number') {
    // A loss and a withdrawal name no price at all.
    return i18next.t(
      kind === 'lost' || kind === 'withdrawn' ? `bids.notices.${kind}` : `bids.notices.${kind}Unpriced`,
      { vStnId: n.params.vStnId ?? '' },
    )
  }
  return i18next.t(`bids.notices.${kind}`, {
    vStnId: n.params.vStnId ?? '',
    price: perCarat(Math.round(n.params.price * 100)),
  })
}

/** Bid notices pushed live become toasts, wherever the user is; returns the unsubscribe. */
export function followBidNotices(): () => void {
  return live.on('notification', (n) => {
    const text = bidNoticeText(n)
    if (!text) return
    showToast(text, n.kind === BID_NOTICE_KINDS.won ? 'success' : n.kind === BID_NOTICE_KINDS.outbid ? 'error' : 'info')
  })
}
