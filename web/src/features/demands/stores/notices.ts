import i18next from 'i18next'
import type { Notification } from '@diamond/contracts/events/notifications'
import { BUY_REQUEST_KINDS } from '@diamond/contracts/http/demands.values'
import { createEmitter } from '../../../lib/emitter'
import { live } from '../../../lib/realtime'
import { showToast } from '../../../lib/toast'

const KINDS: ReadonlySet<string> = new Set(Object.values(BUY_REQUEST_KINDS))
const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** A buy-request notice in the reader's words (null for other notices). */
export function buyRequestNoticeText(n: Pick<Notification, 'kind' | 'params'>): string | null {
  if (!KINDS.has(n.kind)) return null
  const p = { title: str(n.params.title), buyer: str(n.params.buyer), message: str(n.params.message) }
  return i18next.t(n.kind === BUY_REQUEST_KINDS.answered ? 'demands.notices.answered' : 'demands.notices.created', p)
}

/** A buy request made or answered: screens showing buy requests read again. */
export const buyRequestsChanged = createEmitter<{ changed: undefined }>()

/** Buy-request notices pushed live become toasts wherever the reader is, and refresh the lists. */
export function followBuyRequestNotices(): () => void {
  return live.on('notification', (n) => {
    const text = buyRequestNoticeText(n)
    if (!text) return
    showToast(text, 'info')
    buyRequestsChanged.emit('changed')
  })
}
