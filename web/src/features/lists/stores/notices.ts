import i18next from 'i18next'
import { proxy } from 'valtio'
import type { Notification } from '@diamond/contracts/events/notifications'
import { TRADE_KINDS } from '@diamond/contracts/http/tracks.values'
import { live } from '../../../lib/realtime'
import { showToast } from '../../../lib/toast'

/** Raised by every offer notice: the offer list reads itself again (a counter arrives without reload). */
export const offerNews = proxy({ seq: 0 })

const TOASTED: ReadonlySet<string> = new Set(Object.values(TRADE_KINDS))
const TAKEN_HOW: ReadonlySet<string> = new Set(['held', 'confirmed', 'sold'])

/** The toast text of a trading notice, in the reader's language. */
export function noticeText(n: Pick<Notification, 'kind' | 'params'>): string | null {
  if (!TOASTED.has(n.kind)) return null
  // A taken stone says how: a hold may end, a confirm or a sale does not (older notices: the general words).
  const how = n.kind === TRADE_KINDS.stoneTaken && TAKEN_HOW.has(String(n.params.how)) ? String(n.params.how) : null
  return i18next.t(how ? `lists.notices.stone.takenHow.${how}` : `lists.notices.${n.kind}`, {
    ...n.params,
    price: typeof n.params.price === 'number' ? n.params.price.toFixed(2) : '',
  })
}

/** Trading notices pushed live become toasts; returns the unsubscribe. */
export function followTradeNotices(): () => void {
  return live.on('notification', (n) => {
    const text = noticeText(n)
    if (text)
      showToast(
        text,
        (n.kind === TRADE_KINDS.stoneTaken && n.params.how !== 'held') || n.kind === TRADE_KINDS.offerRejected
          ? 'error'
          : 'info',
      )
    if (n.kind.startsWith('offer.')) offerNews.seq++
  })
}
