import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearch } from 'wouter'
import type { ApiError } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'
import { verifyEmail } from '../api/auth'

type State = { kind: 'checking' } | { kind: 'done' } | { kind: 'invalid' } | { kind: 'error'; error: ApiError }

/** One call per token and page load, even if the component mounts twice (StrictMode in development). */
const calls = new Map<string, ReturnType<typeof verifyEmail>>()

/** /verify-email?token=...: confirms the address from the registration mail as the page opens. */
export function VerifyEmailPage() {
  const { t } = useTranslation()
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const [answer, setState] = useState<State>({ kind: 'checking' })
  // A link without a token is invalid as it stands: nothing to ask.
  const state: State = token ? answer : { kind: 'invalid' }

  useEffect(() => {
    if (!token) return
    let live = true
    let call = calls.get(token)
    if (!call) {
      call = verifyEmail({ token })
      calls.set(token, call)
    }
    void call.then(({ error }) => {
      if (!live) return
      if (!error) setState({ kind: 'done' })
      else if (error.code === 'E_LINK_INVALID' || error.code === 'E_VALIDATION') setState({ kind: 'invalid' })
      else setState({ kind: 'error', error })
    })
    return () => {
      live = false
    }
  }, [token])

  return (
    <main className="auth-page">
      <section
        className="auth-card"
        aria-labelledby="verify-email-title"
        data-testid="verify-email"
        data-state={state.kind}
      >
        <h1 id="verify-email-title" className="signin-title">
          {t('shell.verifyEmail.title')}
        </h1>
        {state.kind === 'checking' && <p role="status">{t('shell.verifyEmail.checking')}</p>}
        {state.kind === 'done' && (
          <div className="notice notice--ok" role="status">
            <strong>{t('shell.verifyEmail.done')}</strong>
          </div>
        )}
        {state.kind === 'invalid' && (
          <div className="notice notice--error" role="alert">
            <strong>{t('errors.E_LINK_INVALID')}</strong>
          </div>
        )}
        {state.kind === 'error' && (
          <div className="notice notice--error" role="alert">
            <strong>{codeText(state.error.code, state.error.message)}</strong>
          </div>
        )}
        <p className="auth-foot">
          <Link href="/signin" className="btn btn--primary" data-testid="verify-email-signin">
            {t('signin.submit')}
          </Link>
        </p>
      </section>
    </main>
  )
}
