import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearch } from 'wouter'
import type { ApiError } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'
import { unsubscribeDigests } from '../api/account'

type State =
  { kind: 'asking' } | { kind: 'sending' } | { kind: 'done' } | { kind: 'invalid' } | { kind: 'error'; error: ApiError }

/**
 * /stock-notification/unsubscribe?token=...: the link in every stock digest mail. It asks before it
 * turns the mails off, so a mail scanner that opens links does not unsubscribe anyone; no sign-in.
 */
export function UnsubscribePage() {
  const { t } = useTranslation()
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  const [state, setState] = useState<State>(token ? { kind: 'asking' } : { kind: 'invalid' })

  async function confirm() {
    setState({ kind: 'sending' })
    const { error } = await unsubscribeDigests(token)
    if (!error) setState({ kind: 'done' })
    else if (error.code === 'E_LINK_INVALID' || error.code === 'E_VALIDATION') setState({ kind: 'invalid' })
    else setState({ kind: 'error', error })
  }

  return (
    <main className="auth-page">
      <section
        className="auth-card"
        aria-labelledby="unsubscribe-title"
        data-testid="unsubscribe"
        data-state={state.kind}
      >
        <h1 id="unsubscribe-title" className="signin-title">
          {t('account.unsubscribe.title')}
        </h1>
        {(state.kind === 'asking' || state.kind === 'sending') && (
          <>
            <p>{t('account.unsubscribe.intro')}</p>
            <p className="auth-foot">
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => void confirm()}
                disabled={state.kind === 'sending'}
                data-testid="unsubscribe-confirm"
              >
                {t('account.unsubscribe.confirm')}
              </button>
            </p>
          </>
        )}
        {state.kind === 'done' && (
          <div className="notice notice--ok" role="status">
            <strong>{t('account.unsubscribe.done')}</strong>
            <p>{t('account.unsubscribe.again')}</p>
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
          <Link href="/signin" data-testid="unsubscribe-signin">
            {t('signin.submit')}
          </Link>
        </p>
      </section>
    </main>
  )
}
