import { useEffect, useRef, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { useLocation } from 'wouter'
import { Dialog } from '../../../components/Dialog'
import { NETWORK_ERROR } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { refreshCaptcha, resetSignin, setField, signin, submitSignin, type Field } from '../stores/signin'
import { Captcha } from './Captcha'

const LABELS: Record<Field, string> = { username: 'signin.loginId', password: 'signin.password', captcha: 'signin.captcha' }

export function SignInPage() {
  const { t, i18n } = useTranslation()
  const [, navigate] = useLocation()
  const s = useSnapshot(signin)
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({})

  useEffect(() => resetSignin(), [])

  async function onSubmit() {
    const r = await submitSignin()
    if (r.kind === 'ok') navigate('/dashboard', { replace: true })
    else if (r.kind === 'invalid') inputs.current[signin.missing[0] ?? 'username']?.focus()
    else if (r.kind === 'error') {
      // Spec section 8: the server's message, or 'Failed to Login.' when there is none.
      const { code, message } = r.error
      showToast(code === NETWORK_ERROR ? t('signin.failed') : codeText(code, message, 'signin.failed'), 'error')
    }
  }

  /** Spec section 5: Enter submits from the password or captcha field once it is filled. */
  function onKeyDown(e: KeyboardEvent<HTMLFormElement>) {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return
    const el = e.target as HTMLInputElement
    if (el.tagName !== 'INPUT') return
    if (!((el.name === 'password' || el.name === 'captcha') && el.value !== '')) e.preventDefault()
  }

  const flagged = (f: Field) => s.missing.includes(f)
  const fieldList = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(s.missing.map((f) => t(LABELS[f])))

  return (
    <main className="signin">
      <aside className="signin-hero" aria-hidden="true">
        <h2 className="signin-hero-title">{t('signin.heroTitle')}</h2>
        <p className="signin-hero-text">{t('signin.heroText')}</p>
        <ul className="signin-hero-points">
          <li>{t('signin.pointLive')}</li>
          <li>{t('signin.pointHold')}</li>
          <li>{t('signin.pointLanguages')}</li>
        </ul>
      </aside>

      <section className="signin-card" aria-labelledby="signin-title">
        <h1 id="signin-title" className="signin-title">
          {t('signin.title')}
        </h1>
        <p className="signin-subtitle">{t('signin.subtitle')}</p>

        {s.notice && (
          <div className="notice notice--error" role="alert" data-testid="login-notice">
            {s.notice === 'required' ? (
              <>
                <strong>{t('signin.requiredFields')}</strong>
                <span>{fieldList}</span>
              </>
            ) : (
              <strong>{t('signin.wrongCaptcha')}</strong>
            )}
          </div>
        )}

        <form
          className="form"
          noValidate
          onKeyDown={onKeyDown}
          onSubmit={(e) => {
            e.preventDefault()
            void onSubmit()
          }}
        >
          <div className={`field${flagged('username') ? ' is-invalid' : ''}`}>
            <label htmlFor="login-username">{t('signin.loginId')}</label>
            <input
              id="login-username"
              name="username"
              ref={(el) => {
                inputs.current.username = el
              }}
              data-testid="login-username"
              autoComplete="username"
              placeholder={t('signin.loginIdPlaceholder')}
              value={s.username}
              aria-invalid={flagged('username')}
              onChange={(e) => setField('username', e.target.value)}
            />
          </div>

          <div className={`field${flagged('password') ? ' is-invalid' : ''}`}>
            <label htmlFor="login-password">{t('signin.password')}</label>
            <input
              id="login-password"
              name="password"
              type="password"
              ref={(el) => {
                inputs.current.password = el
              }}
              data-testid="login-password"
              autoComplete="current-password"
              value={s.password}
              aria-invalid={flagged('password')}
              onChange={(e) => setField('password', e.target.value)}
            />
          </div>

          <div className={`field${flagged('captcha') ? ' is-invalid' : ''}`}>
            <label htmlFor="login-captcha">{t('signin.captcha')}</label>
            <div className="captcha-row">
              <Captcha digits={s.captcha} onRefresh={refreshCaptcha} />
              <input
                id="login-captcha"
                name="captcha"
                ref={(el) => {
                  inputs.current.captcha = el
                }}
                data-testid="login-captcha-input"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                dir="ltr"
                placeholder={t('signin.captchaPlaceholder')}
                value={s.captchaInput}
                aria-invalid={flagged('captcha')}
                onChange={(e) => setField('captcha', e.target.value)}
              />
            </div>
          </div>

          <label className="check">
            <input
              type="checkbox"
              data-testid="login-remember"
              checked={s.remember}
              onChange={(e) => {
                signin.remember = e.target.checked
              }}
            />
            <span>{t('signin.rememberMe')}</span>
          </label>

          <button type="submit" className="btn btn--primary btn--block" data-testid="login-submit" disabled={s.submitting}>
            {s.submitting ? t('signin.submitting') : t('signin.submit')}
          </button>
        </form>
      </section>

      <Dialog
        open={s.emailNotVerified}
        title={t('signin.emailNotVerifiedTitle')}
        onDismiss={() => {
          signin.emailNotVerified = false
        }}
        testId="email-not-verified"
        actions={
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              signin.emailNotVerified = false
            }}
          >
            {t('common.ok')}
          </button>
        }
      >
        <p>{t('errors.EMAIL_NOT_VERIFIED')}</p>
      </Dialog>
    </main>
  )
}
