import { proxy } from 'valtio'
import { live } from '../../../lib/realtime'
import { listNotifications } from '../api/notifications'

/**
 * The bell's count of unread notices: read whenever the live connection (re)connects (a push may
 * have been missed while it was down), raised by each notice pushed, and set by the centre when it
 * reads or marks notices.
 */
export const unread = proxy({ count: 0 })

/** Keeps `unread` true for the session; returns the unsubscribe. */
export function followUnread(): () => void {
  let seq = 0
  const read = () => {
    const mine = ++seq
    void listNotifications(1, 1).then(({ data }) => {
      // Only the newest read counts: an older answer may miss a notice pushed since.
      if (data && mine === seq) unread.count = data.unread
    })
  }
  read()
  const offConnect = live.on('connect', read)
  const offNotice = live.on('notification', (n) => {
    if (!n.readAt) unread.count++
  })
  return () => {
    seq++
    offConnect()
    offNotice()
  }
}

/** The centre read the count afresh (`to`), or marked `read` notices read. */
export function unreadIs(to: number): void {
  unread.count = to
}
export function unreadLess(read: number): void {
  unread.count = Math.max(0, unread.count - read)
}
