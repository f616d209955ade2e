import { proxy } from 'valtio'
import type { GuestLoginRequest } from '@diamond/contracts/http/auth'
import type { ApiError } from '../../../lib/api'
import { startSession, startUntrustedSession, takeAfterLoginPath } from '../../../lib/session'
import { guestLogin } from '../api/auth'
import { GUEST_FIELDS, guestFieldError, type GuestField } from './auth.rules'

export const guest = proxy({
  values: { name: '', companyName: '', contactNumber: '', email: '' } as GuestLoginRequest,
  /** Message keys per field, set on blur and on submit. */
  errors: {} as Partial<Record<GuestField, string>>,
  submitting: false,
})

export function resetGuest(): void {
  guest.values = { name: '', companyName: '', contactNumber: '', email: '' }
  guest.errors = {}
  guest.submitting = false
}

export function setGuestField(field: GuestField, value: string): void {
  guest.values[field] = value
  // A flagged field is re-checked as it is corrected; a fresh one waits for blur.
  if (guest.errors[field]) checkGuestField(field)
}

export function checkGuestField(field: GuestField): void {
  const e = guestFieldError(field, guest.values[field])
  if (e) guest.errors[field] = e
  else delete guest.errors[field]
}

export type GuestOutcome =
  | { kind: 'ok'; to: string }
  | { kind: 'otp' }
  | { kind: 'invalid'; first: GuestField }
  | { kind: 'error'; error: ApiError }

export async function submitGuest(): Promise<GuestOutcome> {
  for (const f of GUEST_FIELDS) checkGuestField(f)
  const first = GUEST_FIELDS.find((f) => guest.errors[f])
  if (first) return { kind: 'invalid', first }
  if (guest.submitting) return { kind: 'invalid', first: 'name' }
  guest.submitting = true
  const v = guest.values
  const { error, data } = await guestLogin({
    name: v.name.trim(),
    companyName: v.companyName.trim(),
    contactNumber: v.contactNumber.trim(),
    email: v.email.trim(),
  })
  guest.submitting = false
  if (error) return { kind: 'error', error }
  if (!data.isTrusted) {
    startUntrustedSession(data)
    return { kind: 'otp' }
  }
  startSession(data)
  return { kind: 'ok', to: takeAfterLoginPath() }
}
