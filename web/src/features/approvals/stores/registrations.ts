import type { Registration } from '@diamond/contracts/http/approvals'
import { REGISTRATIONS_PAGE_SIZE } from '@diamond/contracts/http/approvals.values'
import { proxy } from 'valtio'
import type { ApiError } from '../../../lib/api'
import { decideRegistration, listRegistrations } from '../api/approvals'
import { afterDecision, type TabStatus } from './registrations.rules'

export const PAGE_SIZE = REGISTRATIONS_PAGE_SIZE

interface RegistrationsState {
  status: TabStatus
  page: number
  /** null until the first answer for this tab arrives. */
  list: Registration[] | null
  count: number
  error: ApiError | null
  /** The registration a decision is being sent for: its buttons wait. */
  deciding: string | null
}

export const registrations = proxy<RegistrationsState>({
  status: 1,
  page: 1,
  list: null,
  count: 0,
  error: null,
  deciding: null,
})

// Only the newest request may fill the list: a slow answer for a tab left behind is dropped.
let latest = 0

export async function loadRegistrations(
  status: TabStatus = registrations.status,
  page = registrations.page,
): Promise<void> {
  const mine = ++latest
  if (status !== registrations.status) registrations.list = null
  registrations.status = status
  registrations.page = page
  const { data, error } = await listRegistrations({ status, page, limit: PAGE_SIZE })
  if (mine !== latest) return
  registrations.error = error
  if (data) {
    registrations.list = data.list
    registrations.count = data.count
  }
}

/** A fresh start when the page opens: the Pending tab, first page. */
export function openRegistrations(): Promise<void> {
  registrations.list = null
  registrations.error = null
  registrations.count = 0
  return loadRegistrations(1, 1)
}

/**
 * Approves or rejects one registration. On success it leaves the tab; a registration someone
 * else decided meanwhile (or that is gone) is refreshed away too. Answers the error, if any.
 */
export async function decide(r: Pick<Registration, 'id'>, approvalStatus: 2 | 3, note = ''): Promise<ApiError | null> {
  registrations.deciding = r.id
  const trimmed = note.trim()
  const { error } = await decideRegistration({ id: r.id, approvalStatus, ...(trimmed ? { note: trimmed } : {}) })
  registrations.deciding = null
  if (error) {
    if (error.code === 'E_ALREADY_DECIDED' || error.code === 'E_NOT_FOUND') await loadRegistrations()
    return error
  }
  if (registrations.list) {
    const next = afterDecision({ list: registrations.list, count: registrations.count, page: registrations.page }, r.id)
    registrations.list = next.list
    registrations.count = next.count
    registrations.page = next.page
    if (next.reload) await loadRegistrations()
  }
  return null
}
