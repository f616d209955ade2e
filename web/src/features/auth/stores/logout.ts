import { stopRealtime } from '../../../lib/realtime'
import { signOut } from '../../../lib/session'
import { logoutRequest } from '../api/auth'

/**
 * Ends the session on this device: tells the server (sent with the token before it is cleared; a
 * failure is only logged, spec section 8), closes the live connection, then signs out locally.
 */
export function logout(): void {
  void logoutRequest().then(({ error }) => error && console.debug('logout request failed', error))
  stopRealtime()
  signOut()
}
