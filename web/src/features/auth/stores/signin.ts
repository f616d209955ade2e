import { proxy } from 'valtio'
import type { ApiError } from '../../../lib/api'
import { startSession, startUntrustedSession, takeAfterLoginPath } from '../../../lib/session'
import { read, remove, write } from '../../../lib/storage'
import { login, resendVerificationEmail } from '../api/auth'

/** Spec section 9: the captcha is four digits, shown on screen and checked here, in the browser. */
export const CAPTCHA_LENGTH = 4

export type Field = 'username' | 'password' | 'captcha'
export type Notice = null | 'required' | 'captcha'
export type Outcome =
  | { kind: 'ok'; to: string }
  | { kind: 'otp' }
  | { kind: 'invalid' }
  | { kind: 'unverified' }
  | { kind: 'error'; error: ApiError }

export function randomDigits(n = CAPTCHA_LENGTH): string {
  const bytes = crypto.getRandomValues(new Uint8Array(n))
  return Array.from(bytes, (b) => String(b % 10)).join('')
}

export const signin = proxy({
  username: '',
  password: '',
  captchaInput: '',
  captcha: randomDigits(),
  remember: false,
  /** Fields flagged as missing, in form order. */
  missing: [] as Field[],
  notice: null as Notice,
  submitting: false,
  emailNotVerified: false,
  /** The resend-verification-mail action of the unverified dialog. */
  resend: 'idle' as 'idle' | 'sending' | 'sent' | 'failed',
})

/** A fresh form: new captcha, no password, the remembered login ID if the user asked for it. */
export function resetSignin(): void {
  const remembered = read('remember')
  signin.username = remembered?.loginId ?? ''
  signin.password = ''
  signin.captchaInput = ''
  signin.captcha = randomDigits()
  signin.remember = !!remembered
  signin.missing = []
  signin.notice = null
  signin.submitting = false
  signin.emailNotVerified = false
  signin.resend = 'idle'
}

export function refreshCaptcha(): void {
  signin.captcha = randomDigits()
  signin.captchaInput = ''
}

export function setField(field: Field, value: string): void {
  if (field === 'username') signin.username = value
  else if (field === 'password') signin.password = value
  else signin.captchaInput = value
  if (value.trim()) signin.missing = signin.missing.filter((f) => f !== field)
}

/** Remember Me keeps the login ID only, in one key that logout leaves alone; never the password. */
function rememberLogin(username: string): void {
  if (signin.remember) write('remember', { loginId: username })
  else remove('remember')
}

/** Spec section 5: required fields first, then the captcha, then the server. */
export async function submitSignin(): Promise<Outcome> {
  if (signin.submitting) return { kind: 'invalid' }
  // "The username is cleaned before being stored."
  const username = signin.username.trim()
  const missing: Field[] = []
  if (!username) missing.push('username')
  if (!signin.password) missing.push('password')
  if (!signin.captchaInput.trim()) missing.push('captcha')
  signin.missing = missing
  if (missing.length) {
    signin.notice = 'required'
    return { kind: 'invalid' }
  }
  if (signin.captchaInput.trim() !== signin.captcha) {
    signin.notice = 'captcha'
    signin.missing = ['captcha']
    refreshCaptcha()
    return { kind: 'invalid' }
  }
  signin.notice = null
  signin.submitting = true
  const { error, data } = await login({ username, password: signin.password, captcha: signin.captchaInput.trim() })
  signin.submitting = false
  if (error) {
    // Each attempt needs a new captcha.
    refreshCaptcha()
    if (error.code === 'EMAIL_NOT_VERIFIED') {
      signin.emailNotVerified = true
      signin.resend = 'idle'
      return { kind: 'unverified' }
    }
    return { kind: 'error', error }
  }
  signin.username = username
  rememberLogin(username)
  signin.password = ''
  if (!data.isTrusted) {
    startUntrustedSession(data)
    return { kind: 'otp' }
  }
  startSession(data)
  return { kind: 'ok', to: takeAfterLoginPath() }
}

/** The unverified-email dialog's action: mail the verification link again (same answer for anyone). */
export async function resendVerification(): Promise<void> {
  const username = signin.username.trim()
  if (!username || signin.resend === 'sending') return
  signin.resend = 'sending'
  const { error } = await resendVerificationEmail({ username })
  signin.resend = error ? 'failed' : 'sent'
}
