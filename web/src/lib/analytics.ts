import type { AnalyticsCreate } from '@diamond/contracts/http/dashboard'
import { api } from './api'
import { isGuest, session } from './session'

/**
 * Tells the server a signed-in member opened a stone or ran a search (analytics/create; the server
 * coalesces them). Fire and forget: nothing on screen waits for it, and a guest is not counted.
 */
export function countHit(req: AnalyticsCreate): void {
  if (!session.token || isGuest(session.user)) return
  void api<{ accepted: boolean }>('analytics/create', req)
}
