import { OTP_RESEND_SECONDS } from '@diamond/contracts/http/auth'

/** The httpOnly cookie that carries a trusted browser's keys. */
export const DEVICE_COOKIE = 'dp_device'
export const DEVICE_TRUST_DAYS = 180
/** Several people may share one office browser: it keeps a key per user who trusted it. */
export const MAX_KEYS_PER_BROWSER = 5

export const OTP_RULES = {
  ttlMinutes: 10,
  maxAttempts: 5,
  resendSeconds: OTP_RESEND_SECONDS,
  /** Codes sent to one user (sign-ins and resends) before resend waits. */
  maxSends: 5,
  sendWindowSeconds: 15 * 60,
} as const

const KEY = /^[A-Za-z0-9_-]{43}$/

/** The keys in a dp_device cookie (dot separated); anything malformed is ignored. */
export function parseDeviceKeys(cookie: string | undefined): string[] {
  if (!cookie) return []
  return [...new Set(cookie.split('.').filter((k) => KEY.test(k)))].slice(0, MAX_KEYS_PER_BROWSER)
}

/** The cookie value once `key` is added: newest first, the oldest dropped beyond the cap. */
export function withDeviceKey(keys: string[], key: string): string {
  return [key, ...keys.filter((k) => k !== key)].slice(0, MAX_KEYS_PER_BROWSER).join('.')
}

/** "asha@x.test" -> "a***a@x.test": enough for the user to recognise the mailbox. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  const local = email.slice(0, at)
  return `${local[0]}***${local.length > 1 ? local[local.length - 1] : ''}${email.slice(at)}`
}

/** The state of the newest code of a sign-in, as the database saw it. */
export interface OtpState {
  used: boolean
  expired: boolean
  attempts: number
}

/** Whether a code can still be tried; a used, expired or worn-out code is simply over. */
export const otpOpen = (s: OtpState | null): s is OtpState =>
  !!s && !s.used && !s.expired && s.attempts < OTP_RULES.maxAttempts
