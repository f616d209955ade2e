import type { SessionUser } from '@diamond/contracts/http/auth'
import type { UserPermissions } from '@diamond/contracts/permissions'

/**
 * Local state of the spec ("Local state"): every key carries one fixed prefix and every value is
 * JSON. The password is never stored; "remember me" keeps only the login ID.
 */
const PREFIX = 'diamond-portal.'

export interface Stored {
  token: string
  user: SessionUser
  userPermissions: UserPermissions
  isTrusted: boolean
  locale: string
  rememberMe: boolean
  rememberedLoginId: string
}
export type StoredKey = keyof Stored

/** Kept through logout: the spec keeps remember-me and the saved login; the language is a device choice. */
export const KEPT_ON_LOGOUT: readonly StoredKey[] = ['rememberMe', 'rememberedLoginId', 'locale']

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
