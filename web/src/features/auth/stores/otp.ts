import { proxy } from 'valtio'
import type { ApiError } from '../../../lib/api'
import { setPendingOtp, startSession, takeAfterLoginPath } from '../../../lib/session'
import { read } from '../../../lib/storage'
import { resendOtp, verifyFingerprint } from '../api/auth'
import { cleanOtp, otpComplete, retryAfterSeconds } from './auth.rules'

export type Trust = 'always' | 'once'

export const otp = proxy({
  code: '',
  /** Trust this browser: Always (a cookie makes later logins skip the code) or Just Once. */
  trust: 'once' as Trust,
  /** Masked address the code went to; empty when this browser does not know. */
  sentTo: '',
  /** When Resend opens (epoch ms). */
  resendAt: 0,
  verifying: false,
  resending: false,
  error: null as ApiError | null,
  /** The code field was left incomplete. */
  incomplete: false,
  /** A new code went out just now. */
  resent: false,
})

/**
 * The screen opens with what login said: where the code went and when resend opens (spec: the
 * countdown starts with Resend disabled). Without it (the server flagged the device later), no
 * code is known to be on its way, so Resend is open at once.
 */
export function resetOtp(now = Date.now()): void {
  const pending = read('pendingOtp')
  otp.code = ''
  otp.sentTo = pending?.sentTo ?? ''
  otp.resendAt = pending?.resendAt ?? now
  otp.verifying = false
  otp.resending = false
  otp.error = null
  otp.incomplete = false
  otp.resent = false
}

export function setCode(raw: string): void {
  otp.code = cleanOtp(raw)
  if (otpComplete(otp.code)) otp.incomplete = false
}

export async function submitOtp(): Promise<{ to: string } | null> {
  if (otp.verifying) return null
  if (!otpComplete(otp.code)) {
    otp.incomplete = true
    return null
  }
  otp.verifying = true
  otp.error = null
  const { error, data } = await verifyFingerprint({ otp: otp.code, trust: otp.trust })
  otp.verifying = false
  if (error) {
    otp.error = error
    otp.code = ''
    return null
  }
  startSession(data)
  return { to: takeAfterLoginPath() }
}

export async function resend(now = () => Date.now()): Promise<void> {
  if (otp.resending) return
  otp.resending = true
  otp.error = null
  otp.resent = false
  const { error, data } = await resendOtp()
  otp.resending = false
  if (error) {
    otp.error = error
    const wait = error.code === 'E_RATE_LIMITED' ? retryAfterSeconds(error.data) : null
    if (wait !== null) otp.resendAt = now() + wait * 1000
    return
  }
  setPendingOtp(data.sentTo, data.resendInSeconds, now())
  otp.sentTo = data.sentTo
  otp.resendAt = now() + data.resendInSeconds * 1000
  otp.code = ''
  otp.resent = true
}
