import { useEffect, useRef, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link, useLocation } from 'wouter'
import { Dialog } from '../../../components/Dialog'
import { NETWORK_ERROR, type ApiError } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { retryAfterSeconds } from '../stores/auth.rules'
import { activeOfKind, BANNER_KIND, banners, closePopup, loadBanners } from '../stores/banners'
import {
  refreshCaptcha,
  resendVerification,
  resetSignin,
  setField,
  signin,
  submitSignin,
  type Field,
} from '../stores/signin'
import { BannerMarquee } from './BannerMarquee'
import { BannerPopup } from './BannerPopup'
import { BannerSlideshow } from './BannerSlideshow'
import { Captcha } from './Captcha'
import './auth.css'

const LABELS: Record<Field, string> = {
  username: 'signin.loginId',
  password: 'signin.password',
  captcha: 'signin.captcha',
}

export function SignInPage() {
  const { t, i18n } = useTranslation()
  const [, navigate] = useLocation()
  const s = useSnapshot(signin)
  const b = useSnapshot(banners)
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({})

  useEffect(() => {
    resetSignin()
    void loadBanners()
  }, [])

  function loginError(error: ApiError): string {
    if (error.code === NETWORK_ERROR) return t('signin.failed')
    const seconds = error.code === 'E_RATE_LIMITED' ? retryAfterSeconds(error.data) : null
    if (seconds !== null) return t('signin.rateLimited', { seconds })
    // Spec section 8: the server's message, or 'Failed to Login.' when there is none.
    return codeText(error.code, error.message, 'signin.failed')
  }

  async function onSubmit() {
    const r = await submitSignin()
    if (r.kind === 'ok') navigate(r.to, { replace: true })
    else if (r.kind === 'otp') navigate('/verify-otp', { replace: true })
    else if (r.kind === 'invalid') inputs.current[signin.missing[0] ?? 'username']?.focus()
    else if (r.kind === 'error') showToast(loginError(r.error), 'error')
  }

  /** Spec section 5: Enter submits from the password or captcha field once it is filled. */
  function onKeyDown(e: KeyboardEvent<HTMLFormElement>) {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return
    const el = e.target as HTMLInputElement
    if (el.tagName !== 'INPUT') return
    if (!((el.name === 'password' || el.name === 'captcha') && el.value !== '')) e.preventDefault()
  }

  const flagged = (f: Field) => s.missing.includes(f)
  const fieldList = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    s.missing.map((f) => t(LABELS[f])),
  )
  const slides = activeOfKind(b.list, BANNER_KIND.loginImages)

  return (
    <main className="signin-page" data-banners={b.load} data-popup={b.popupOpen ? 'open' : 'closed'}>
      <BannerMarquee list={activeOfKind(b.list, BANNER_KIND.marquee)} />
      <div className="signin">
        <aside className="signin-hero">
          {slides.length > 0 ? (
            <BannerSlideshow list={slides} />
          ) : (
            <div className="signin-hero-copy">
              <h2 className="signin-hero-title">{t('signin.heroTitle')}</h2>
              <p className="signin-hero-text">{t('signin.heroText')}</p>
              <ul className="signin-hero-points">
                <li>{t('signin.pointLive')}</li>
                <li>{t('signin.pointHold')}</li>
                <li>{t('signin.pointLanguages')}</li>
              </ul>
            </div>
          )}
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
              <label htmlFor="login-username">
                {t('signin.loginId')}
                <span className="field-required" aria-hidden="true">
                  {' '}
                  *
                </span>
              </label>
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
                aria-required
                onChange={(e) => setField('username', e.target.value)}
              />
            </div>

            <div className={`field${flagged('password') ? ' is-invalid' : ''}`}>
              <div className="field-row">
                <label htmlFor="login-password">
                  {t('signin.password')}
                  <span className="field-required" aria-hidden="true">
                    {' '}
                    *
                  </span>
                </label>
                <Link href="/forgot-password" className="field-link" data-testid="forgot-password-link">
                  {t('signin.forgotPassword')}
                </Link>
              </div>
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
                aria-required
                onChange={(e) => setField('password', e.target.value)}
              />
            </div>

            <div className={`field${flagged('captcha') ? ' is-invalid' : ''}`}>
              <label htmlFor="login-captcha">
                {t('signin.captcha')}
                <span className="field-required" aria-hidden="true">
                  {' '}
                  *
                </span>
              </label>
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
                  aria-required
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

            <button
              type="submit"
              className="btn btn--primary btn--block"
              data-testid="login-submit"
              disabled={s.submitting}
            >
              {s.submitting ? t('signin.submitting') : t('signin.submit')}
            </button>
          </form>

          <div className="signin-alt">
            <span className="signin-or">{t('signin.or')}</span>
            <Link href="/guest-login" className="btn btn--block" data-testid="guest-login-link">
              {t('signin.guestLogin')}
            </Link>
            <p className="signin-register">
              {t('signin.noAccount')}{' '}
              <Link href="/signup" data-testid="register-link">
                {t('signin.register')}
              </Link>
            </p>
          </div>
        </section>
      </div>

      <BannerPopup list={activeOfKind(b.list, BANNER_KIND.popup)} open={b.popupOpen} onClose={closePopup} />

      <Dialog
        open={s.emailNotVerified}
        title={t('signin.emailNotVerifiedTitle')}
        onDismiss={() => {
          signin.emailNotVerified = false
        }}
        testId="email-not-verified"
        actions={
          <>
            <button
              type="button"
              className="btn"
              data-testid="resend-verification"
              disabled={s.resend === 'sending' || s.resend === 'sent'}
              onClick={() => void resendVerification()}
            >
              {t('signin.resendVerification')}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                signin.emailNotVerified = false
              }}
            >
              {t('common.ok')}
            </button>
          </>
        }
      >
        <p>{t('errors.EMAIL_NOT_VERIFIED')}</p>
        {s.resend === 'sent' && (
          <p className="dialog-note" role="status" data-testid="resend-verification-sent">
            {t('signin.verificationSent')}
          </p>
        )}
        {s.resend === 'failed' && (
          <p className="dialog-note dialog-note--error" role="alert">
            {t('signin.verificationFailed')}
          </p>
        )}
      </Dialog>
    </main>
  )
}
