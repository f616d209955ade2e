import type {
  ApprovalRequest,
  Registration,
  RegistrationPage,
  RegistrationsRequest,
} from '@diamond/contracts/http/approvals'
import { api, API_BASE, NETWORK_ERROR, type ApiError } from '../../../lib/api'
import { session, signOut } from '../../../lib/session'

/** Operator staff only: registrations with one approval status, newest first. */
export const listRegistrations = (req: RegistrationsRequest) =>
  api<RegistrationPage>('admin/v1/user/registrations', req, { loader: true })
/** Approve (2) or reject (3) a Pending registration. */
export const decideRegistration = (req: ApprovalRequest) =>
  api<Registration>('admin/v1/user/approval', req, { loader: true })

/**
 * A registration document: GET upload-file/:id with the session's token (a plain link would carry
 * no token). An error answers in the usual envelope.
 */
export async function fetchDocument(
  id: string,
): Promise<{ blob: Blob; error: null } | { blob: null; error: ApiError }> {
  try {
    const res = await fetch(`${API_BASE}/upload-file/${encodeURIComponent(id)}`, {
      headers: session.token ? { authorization: `JWT ${session.token}` } : {},
    })
    if (res.ok) return { blob: await res.blob(), error: null }
    const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null
    const error = { code: body?.code ?? NETWORK_ERROR, message: body?.message ?? '' }
    if (error.code === 'E_UNAUTHORIZED' && session.token) signOut()
    return { blob: null, error }
  } catch (err) {
    console.debug('approvals: document fetch failed', id, err)
    return { blob: null, error: { code: NETWORK_ERROR, message: '' } }
  }
}
