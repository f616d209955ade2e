import { useCallback, useEffect, useState } from 'react'
import type { ApiResult } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'
import { live } from '../../../lib/realtime'
import type { Notification } from '@diamond/contracts/events/notifications'

/** Issue 26: notices that change what an order or shipment list shows (a new order, a step, a lot won). */
export const ORDER_NEWS = (n: Pick<Notification, 'kind'>) =>
  n.kind === 'order.placed' || n.kind === 'order.sold' || n.kind === 'shipment.updated'

/**
 * One page of a list from the server (the spec's default page size), with its error text. `load`
 * is a module-level call (its identity never changes); `reload` reads again (a Retry). With
 * `liveOn`, the list reads again when such a notice arrives (and on a reconnect): it stays live.
 */
export function useList<T>(
  load: () => Promise<ApiResult<{ list: T[]; count: number }>>,
  liveOn?: (n: Notification) => boolean,
) {
  const [list, setList] = useState<T[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [reads, setReads] = useState(0)
  useEffect(() => {
    let live = true
    void load().then((r) => {
      if (!live) return
      if (r.error) setError(codeText(r.error.code, r.error.message))
      else setList(r.data.list)
    })
    return () => {
      live = false
    }
  }, [load, reads])
  /** The error goes at once, the list comes with the answer. */
  const reload = useCallback(() => {
    setError(null)
    setReads((n) => n + 1)
  }, [])
  useEffect(() => {
    if (!liveOn) return
    const offs = [live.on('notification', (n) => liveOn(n) && reload()), live.on('connect', reload)]
    return () => offs.forEach((off) => off())
  }, [liveOn, reload])
  return { list, error, reload }
}
