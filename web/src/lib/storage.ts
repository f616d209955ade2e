import type { SessionUser } from '@diamond/contracts/http/auth'
import type { UserPermissions } from '@diamond/contracts/permissions'

/**
 * Local state of the spec ("Local state"): every key carries one fixed prefix and every value is
 * JSON. The password is never stored; "remember me" keeps only the login ID.
 */
const PREFIX = 'diamond-portal.'

/** Where the one-time code went and when the next resend opens (epoch ms), for /verify-otp. */
export interface PendingOtp {
  sentTo: string
  resendAt: number
}

export interface Stored {
  token: string
  user: SessionUser
  userPermissions: UserPermissions
  isTrusted: boolean
  locale: string
  /** Remember Me: present only when asked for, and then it holds the login ID and nothing else. */
  remember: { loginId: string }
  pendingOtp: PendingOtp
  /** A diamond detail opened while signed out: shown right after the next login (spec section 4). */
  detailId: string
  /** A screen asked for while signed out (the popup's "Book an appointment"): shown right after the next login. */
  afterLogin: string
  /** The result grid's choices per user id: columns in order and items per page (web/src/grid). */
  gridPrefs: Record<string, { columns: string[]; limit?: number; view?: 'grid' | 'list' }>
  /** Spec "Local state": the selected rows per page type, of one user (web/src/grid). */
  selections: { userId: string; byType: Record<string, { keys: string[]; rows: Record<string, unknown> }> }
}
export type StoredKey = keyof Stored

/**
 * Kept through logout (spec section 4: "all stored data except two kept keys"): the remembered
 * login and the interface language, a choice of the device rather than of the user.
 */
export const KEPT_ON_LOGOUT: readonly StoredKey[] = ['remember', 'locale']

export function read<K extends StoredKey>(key: K): Stored[K] | null {
  try {
    const raw = localStorage.getItem(PREFIX + key)
    return raw === null ? null : (JSON.parse(raw) as Stored[K])
  } catch {
    // Storage blocked or a value written by something else: treat as absent.
    return null
  }
}

export function write<K extends StoredKey>(key: K, value: Stored[K]): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value))
  } catch (err) {
    console.debug('storage: could not write', key, err)
  }
}

export function remove(key: StoredKey): void {
  try {
    localStorage.removeItem(PREFIX + key)
  } catch {
    /* nothing to remove */
  }
}

/** Removes every prefixed key except the ones named. */
export function clearExcept(keep: readonly StoredKey[]): void {
  try {
    const kept = new Set(keep.map((k) => PREFIX + k))
    const doomed: string[] = []
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i)
      if (k?.startsWith(PREFIX) && !kept.has(k)) doomed.push(k)
    }
    for (const k of doomed) localStorage.removeItem(k)
  } catch (err) {
    console.debug('storage: could not clear', err)
  }
}
