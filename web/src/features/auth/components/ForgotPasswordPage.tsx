import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { fieldProps, FormField } from '../../../components/FormField'
import type { ApiError } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'
import { forgotPassword } from '../api/auth'
import { retryAfterSeconds } from '../stores/auth.rules'
import './auth.css'

/**
 * Asks for a reset link by username or email. The answer is the same whether or not an account
 * matches, so the screen cannot be used to find out who has one.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation()
  const [username, setUsername] = useState('')
  const [missing, setMissing] = useState(false)
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)

  async function onSubmit() {
    const value = username.trim()
    if (!value) {
      setMissing(true)
      return
    }
    setSending(true)
    setError(null)
    const r = await forgotPassword({ username: value })
    setSending(false)
    // Only a refusal that says nothing about the account is shown (too many attempts, no network).
    if (r.error && (r.error.code === 'E_RATE_LIMITED' || r.error.code === 'E_NETWORK')) setError(r.error)
    else setSent(true)
  }

  const errorText = (e: ApiError) => {
    const s = retryAfterSeconds(e.data)
    return s !== null ? t('signin.rateLimited', { seconds: s }) : codeText(e.code, e.message)
  }
  const fieldError = missing ? t('shell.forgot.required') : null

  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="forgot-title">
        <h1 id="forgot-title" className="signin-title">
          {t('shell.forgot.title')}
        </h1>
        {sent ? (
          <div className="notice notice--ok" role="status" data-testid="forgot-sent">
            <strong>{t('shell.forgot.sent')}</strong>
          </div>
        ) : (
          <>
            <p className="signin-subtitle">{t('shell.forgot.subtitle')}</p>
            {error && (
              <div className="notice notice--error" role="alert" data-testid="forgot-error">
                <strong>{errorText(error)}</strong>
              </div>
            )}
            <form
              className="form"
              noValidate
              onSubmit={(e) => {
                e.preventDefault()
                void onSubmit()
              }}
            >
              <FormField id="forgot-username" label={t('shell.forgot.username')} required error={fieldError}>
                <input
                  {...fieldProps('forgot-username', { error: fieldError, required: true })}
                  data-testid="forgot-username"
                  autoComplete="username"
                  value={username}
                  onChange={(e) => {
                    setUsername(e.target.value)
                    if (e.target.value.trim()) setMissing(false)
                  }}
                />
              </FormField>
              <button
                type="submit"
                className="btn btn--primary btn--block"
                data-testid="forgot-submit"
                disabled={sending}
              >
                {t('shell.forgot.submit')}
              </button>
            </form>
          </>
        )}
        <p className="auth-foot">
          <Link href="/signin">{t('shell.backToSignin')}</Link>
        </p>
      </section>
    </main>
  )
}
