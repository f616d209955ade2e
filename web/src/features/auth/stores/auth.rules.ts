import type {
  GuestLoginRequest,
  OTP_LENGTH as OtpLength,
  OTP_RESEND_SECONDS as ResendSeconds,
  PASSWORD_PATTERN as PasswordPattern,
} from '@diamond/contracts/http/auth'

/*
 * Pure rules of the sign-in screens. The contract's constants are restated here, typed by the
 * contract's own literal types so they cannot drift, without pulling TypeBox into the bundle.
 */
export const OTP_LENGTH: typeof OtpLength = 6
/** Spec section 9: resend is disabled for 30 seconds after each send. */
export const OTP_RESEND_SECONDS: typeof ResendSeconds = 30
/** At least 8 characters with a letter and a digit (contracts/http/auth.ts). */
export const PASSWORD_PATTERN: typeof PasswordPattern = '^(?=.*[A-Za-z])(?=.*[0-9]).{8,128}$'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE = /^[+0-9 ()-]{5,30}$/

export type GuestField = keyof GuestLoginRequest
export const GUEST_FIELDS: readonly GuestField[] = ['name', 'companyName', 'contactNumber', 'email']

/** The message key for a guest field, or null when it is fine (checked on blur and on submit). */
export function guestFieldError(field: GuestField, raw: string): string | null {
  const value = raw.trim()
  if (!value) return `shell.guest.required.${field}`
  if (field === 'email' && (!EMAIL.test(value) || value.length > 254)) return 'shell.guest.invalid.email'
  if (field === 'contactNumber' && !PHONE.test(value)) return 'shell.guest.invalid.contactNumber'
  if ((field === 'name' && value.length > 120) || (field === 'companyName' && value.length > 200))
    return 'shell.guest.invalid.tooLong'
  return null
}

/** The message key for a new password and its repeat, or null. */
export function passwordError(password: string): string | null {
  if (!password) return 'shell.password.required'
  return new RegExp(PASSWORD_PATTERN).test(password) ? null : 'shell.password.rule'
}
export function repeatError(password: string, repeat: string): string | null {
  if (!repeat) return 'shell.password.repeatRequired'
  return repeat === password ? null : 'shell.password.mismatch'
}

/** Only digits, at most six: what the code field keeps of what was typed or pasted. */
export const cleanOtp = (raw: string): string => raw.replace(/\D/g, '').slice(0, OTP_LENGTH)
export const otpComplete = (code: string): boolean => code.length === OTP_LENGTH

/** Whole seconds until `resendAt` (epoch ms), never below zero: the countdown of spec section 4. */
export function secondsLeft(resendAt: number, now: number): number {
  return Math.max(0, Math.ceil((resendAt - now) / 1000))
}

/** E_RATE_LIMITED carries data.retryAfter in seconds; null when the answer does not say. */
export function retryAfterSeconds(data: unknown): number | null {
  const v = (data as { retryAfter?: unknown } | null | undefined)?.retryAfter
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.ceil(v) : null
}
