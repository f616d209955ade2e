import { api } from '../../../lib/api'
import { stopRealtime } from '../../../lib/realtime'
import { signOut } from '../../../lib/session'

/**
 * "Log out everywhere": every session of the user ends, on every device (the server cuts the
 * others' live connections); this one signs out once the server has answered. The logout of the
 * user menu ends this device's session only. Answers the error, if any, and stays signed in then.
 */
export async function logoutEverywhere(): Promise<{ code: string; message: string } | null> {
  const { error } = await api<unknown>('auth/logout-all', {}, { loader: true, signOutOnUnauthorized: false })
  if (error && error.code !== 'E_UNAUTHORIZED') return error
  stopRealtime()
  signOut()
  return null
}
