import i18next from 'i18next'
import { CARE_NOTICE_KINDS } from '@diamond/contracts/http/care.values'
import type { Notification } from '@diamond/contracts/events/notifications'
import { createEmitter } from '../../../lib/emitter'
import { live } from '../../../lib/realtime'
import { showToast } from '../../../lib/toast'

const KINDS: ReadonlySet<string> = new Set(Object.values(CARE_NOTICE_KINDS))
const str = (v: unknown) => (typeof v === 'string' ? v : '')

/** A customer-care notice in the reader's words (notifications' care.service.ts sends them); null for others. */
export function careNoticeText(n: Pick<Notification, 'kind' | 'params'>): string | null {
  if (!KINDS.has(n.kind)) return null
  const p = n.params
  switch (n.kind) {
    case CARE_NOTICE_KINDS.conciergeRequested:
      return i18next.t('care.notices.requested', { number: str(p.number), who: str(p.company) || str(p.username) })
    case CARE_NOTICE_KINDS.conciergeAnswered:
      return i18next.t(
        `care.notices.answered.${p.outcome === 'offer' || p.outcome === 'buyRequest' ? p.outcome : 'none'}`,
        {
          number: str(p.number),
        },
      )
    default:
      return i18next.t('care.notices.contact', { name: str(p.name), subject: str(p.subject) })
  }
}

/** Care notices as they arrive: screens showing requests read again (`careChanged`). */
export const careChanged = createEmitter<{ changed: undefined }>()

/** Care notices pushed live become toasts wherever the user is, and refresh the screens showing them. */
export function followCareNotices(): () => void {
  return live.on('notification', (n) => {
    const text = careNoticeText(n)
    if (!text) return
    showToast(text, 'info')
    careChanged.emit('changed')
  })
}
