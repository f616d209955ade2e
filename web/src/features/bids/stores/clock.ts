import { proxy } from 'valtio'

/**
 * One ticking device clock for every countdown of a bid page (not one timer per card). The server's
 * time is this plus the room's `offsetMs`.
 */
export const ticker = proxy({ deviceNow: Date.now() })
let users = 0
let timer: ReturnType<typeof setInterval> | null = null

/** Ticks while at least one page needs it; returns the stop. */
export function startTicking(): () => void {
  users++
  if (!timer) {
    ticker.deviceNow = Date.now()
    // Twice a second: a countdown's second turns over at most half a second late, and a page of
    // many lots re-renders its cards twice a second, not more.
    timer = setInterval(() => (ticker.deviceNow = Date.now()), 500)
  }
  return () => {
    users = Math.max(0, users - 1)
    if (users === 0 && timer) {
      clearInterval(timer)
      timer = null
    }
  }
}
