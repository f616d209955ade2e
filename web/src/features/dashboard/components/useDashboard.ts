import type { Dashboard } from '@diamond/contracts/http/dashboard'
import type { DashboardKind } from '@diamond/contracts/http/dashboard.values'
import { useEffect, useRef } from 'react'
import type { ApiResult } from '../../../lib/api'
import { live } from '../../../lib/realtime'
import { useRead } from '../../../lib/useRead'
import { readDashboard } from '../api/dashboard'
import {
  GLOBAL_MIN_INTERVAL_MS,
  MARKET_MIN_INTERVAL_MS,
  nextReadAt,
  PERSONAL_DEBOUNCE_MS,
  skewOf,
} from '../stores/dashboard.rules'

type Read = { dashboard: Dashboard; skew: number }

/**
 * One kind of dashboard, read in one call and read again when something it shows may have changed:
 * the personal one on the user's own live news (a notice, a bid position, an appointment, a stone's
 * status, new stones, a reconnect), debounced; the global one on market events at most every 15 s.
 */
export function useDashboard(kind: DashboardKind) {
  const lastRead = useRef(0)
  // The clock skew is taken when the answer arrives: the countdowns run on the server's clock.
  const { data, error, reload } = useRead(async (): Promise<ApiResult<Read>> => {
    lastRead.current = Date.now()
    const r = await readDashboard({ kind })
    if (r.error) return r
    const read = { dashboard: r.data, skew: skewOf(r.data.at, Date.now()) }
    return { error: null, data: read, response: { ...r.response, data: read } }
  }, [kind])

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    const personal = kind === 'personal'
    let due = Infinity
    const scheduleAfter = (minInterval: number) => () => {
      const at = nextReadAt(Date.now(), lastRead.current, PERSONAL_DEBOUNCE_MS, minInterval)
      if (timer && at >= due) return
      if (timer) clearTimeout(timer)
      due = at
      timer = setTimeout(() => {
        timer = null
        due = Infinity
        reload()
      }, at - Date.now())
    }
    // My own news: read soon. The market's (any stone's status, new stones): at a modest pace.
    const mine = scheduleAfter(0)
    const market = scheduleAfter(personal ? MARKET_MIN_INTERVAL_MS : GLOBAL_MIN_INTERVAL_MS)
    const offs = personal
      ? [
          live.on('notification', mine),
          live.on('bid', (f) => f.type === 'bid.position' && mine()),
          live.on('appointment.changed', mine),
          live.on('connect', mine),
          live.on('stone.status', market),
          live.on('stones.arrived', market),
        ]
      : [live.on('stones.arrived', market), live.on('stone.status', market), live.on('connect', mine)]
    return () => {
      for (const off of offs) off()
      if (timer) clearTimeout(timer)
    }
  }, [kind, reload])

  return { data: data?.dashboard ?? null, error, reload, skew: data?.skew ?? 0 }
}
