/**
 * Sign-in limits. Failed sign-ins are counted per address, per account and address, and per
 * account; the account is the login as typed, lowercased, so an unknown login is limited exactly
 * like a real one and the answers tell nothing about which logins exist.
 */
export const SIGN_IN_LIMITS = {
  /** Failures from one address in a minute, whatever the logins. */
  address: { max: 10, windowSeconds: 60 },
  /** Failures on one account from one address: that pair is locked for a while. */
  pair: { max: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  /**
   * Failures on one account from anywhere: the account is locked for everyone except a browser
   * the user trusted, so an attacker cannot keep the real user out.
   */
  account: { max: 20, windowSeconds: 15 * 60, lockSeconds: 5 * 60 },
} as const

/** Calls a signed-out visitor may make only so often from one address. */
export interface HitLimit {
  bucket: string
  max: number
  windowSeconds: number
}
export const GUEST_LOGIN_LIMIT: HitLimit = { bucket: 'guest-login', max: 10, windowSeconds: 60 }
export const FORGOT_PASSWORD_LIMIT: HitLimit = { bucket: 'forgot-password', max: 5, windowSeconds: 60 }
export const RESEND_VERIFICATION_LIMIT: HitLimit = { bucket: 'resend-verification', max: 5, windowSeconds: 60 }

/** Rows older than every window and lock are of no use. */
export const FAILURE_RETENTION_HOURS = 24

export const loginKey = (login: string) => login.trim().toLowerCase()

/** Seconds still to wait under each limit (null or <= 0: not limited). */
export interface SignInWaits {
  address: number | null
  pair: number | null
  account: number | null
}

/**
 * How long this sign-in must wait, or null when it may go ahead. A browser the account's user
 * trusted is not held back by the account-wide lock (it is by its own address's limits).
 */
export function signInWait(w: SignInWaits, trustedBrowser: boolean): number | null {
  const waits = [w.address, w.pair, trustedBrowser ? null : w.account].filter((n): n is number => n !== null && n > 0)
  return waits.length ? Math.max(...waits) : null
}
