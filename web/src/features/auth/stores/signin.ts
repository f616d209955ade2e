import { proxy } from 'valtio'
import type { ApiError } from '../../../lib/api'
import { startSession } from '../../../lib/session'
import { read, remove, write } from '../../../lib/storage'
import { login } from '../api/auth'

/** Spec section 9: the captcha is four digits, shown on screen and checked here, in the browser. */
export const CAPTCHA_LENGTH = 4

export type Field = 'username' | 'password' | 'captcha'
export type Notice = null | 'required' | 'captcha'
export type Outcome = { kind: 'ok' } | { kind: 'invalid' } | { kind: 'unverified' } | { kind: 'error'; error: ApiError }

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
})

/** A fresh form: new captcha, no password, the remembered login ID if the user asked for it. */
export function resetSignin(): void {
  const remember = read('rememberMe') ?? false
  signin.username = remember ? (read('rememberedLoginId') ?? '') : ''
  signin.password = ''
  signin.captchaInput = ''
  signin.captcha = randomDigits()
  signin.remember = remember
  signin.missing = []
  signin.notice = null
  signin.submitting = false
  signin.emailNotVerified = false
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

function rememberLogin(username: string): void {
  if (signin.remember) {
    write('rememberMe', true)
    write('rememberedLoginId', username)
  } else {
    write('rememberMe', false)
    remove('rememberedLoginId')
  }
}

/** Spec section 5: required fields first, then the captcha, then the server. */
export async function submitSignin(): Promise<Outcome> {
  if (signin.submitting) return { kind: 'invalid' }
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
      return { kind: 'unverified' }
    }
    return { kind: 'error', error }
  }
  rememberLogin(username)
  signin.password = ''
  startSession(data)
  return { kind: 'ok' }
}
