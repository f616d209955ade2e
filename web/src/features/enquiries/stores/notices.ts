import i18next from 'i18next'
import type { Notification } from '@diamond/contracts/events/notifications'
import { ENQUIRY_KINDS } from '@diamond/contracts/http/enquiries.values'
import { createEmitter } from '../../../lib/emitter'
import { live } from '../../../lib/realtime'
import { showToast } from '../../../lib/toast'

const KINDS: ReadonlySet<string> = new Set(Object.values(ENQUIRY_KINDS))
const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** An enquiry conversation's notice in the reader's words (null for other notices). */
export function enquiryNoticeText(n: Pick<Notification, 'kind' | 'params'>): string | null {
  if (!KINDS.has(n.kind)) return null
  const p = { vStnId: str(n.params.vStnId), buyer: str(n.params.buyer), message: str(n.params.message) }
  return i18next.t(n.kind === ENQUIRY_KINDS.answered ? 'enquiries.notices.answered' : 'enquiries.notices.replied', p)
}

/** Any enquiry news (a new enquiry, an answer, a follow-up): screens showing enquiries read again. */
export const enquiriesChanged = createEmitter<{ changed: undefined }>()

/**
 * Conversation notices pushed live become toasts wherever the reader is; those and new enquiries
 * (whose toast the lists' notices give) refresh the enquiry screen.
 */
export function followEnquiryNotices(): () => void {
  return live.on('notification', (n) => {
    if (!n.kind.startsWith('enquiry.')) return
    const text = enquiryNoticeText(n)
    if (text) showToast(text, 'info')
    enquiriesChanged.emit('changed')
  })
}
