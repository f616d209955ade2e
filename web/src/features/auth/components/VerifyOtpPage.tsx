import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { useLocation } from 'wouter'
import type { ApiError } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'
import { OTP_LENGTH, retryAfterSeconds, secondsLeft } from '../stores/auth.rules'
import { logout } from '../stores/logout'
import { otp, resend, resetOtp, setCode, submitOtp, type Trust } from '../stores/otp'
import './auth.css'

/**
 * Re-renders every half second while a countdown runs, so the seconds shown stay true. The clock is
 * read at once when the deadline moves (it may have moved while no clock ran), then every half
 * second until it has passed.
 */
function useNow(until: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>
    const tick = () => {
      const t = Date.now()
      setNow(t)
      if (t < until) timer = setTimeout(tick, 500)
    }
    timer = setTimeout(tick, 0)
    return () => clearTimeout(timer)
  }, [until])
  return now
}

/** Spec section 2: the code mailed to a browser this user has not trusted yet, with resend and trust. */
export function VerifyOtpPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  // Once, before the first render reads the store: the page opens with what login said (where the
  // code went, when Resend opens), not a flash of the last visit's state or of "your registered email".
  useState(() => resetOtp())
  const s = useSnapshot(otp)
  const now = useNow(s.resendAt)
  const wait = secondsLeft(s.resendAt, now)

  async function onVerify() {
    const r = await submitOtp()
    if (r) navigate(r.to, { replace: true })
  }

  function errorText(e: ApiError): string {
    const seconds = e.code === 'E_RATE_LIMITED' ? retryAfterSeconds(e.data) : null
    return seconds !== null ? t('signin.rateLimited', { seconds }) : codeText(e.code, e.message)
  }

  const trustChoices: { value: Trust; label: string; hint: string }[] = [
    { value: 'always', label: t('shell.otp.always'), hint: t('shell.otp.alwaysHint') },
    { value: 'once', label: t('shell.otp.once'), hint: t('shell.otp.onceHint') },
  ]

  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="otp-title">
        <h1 id="otp-title" className="signin-title">
          {t('shell.otp.title')}
        </h1>
        <p className="signin-subtitle" data-testid="otp-sent-to">
          {s.sentTo ? (
            <>
              {t('shell.otp.sentTo')}{' '}
              <strong dir="ltr" className="otp-address">
                {s.sentTo}
              </strong>
            </>
          ) : (
            t('shell.otp.sentToUnknown')
          )}
        </p>

        {s.error && (
          <div className="notice notice--error" role="alert" data-testid="otp-error">
            <strong>{errorText(s.error)}</strong>
          </div>
        )}
        {s.resent && !s.error && (
          <div className="notice notice--ok" role="status" data-testid="otp-resent">
            <strong>{t('shell.otp.resent')}</strong>
          </div>
        )}

        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            void onVerify()
          }}
        >
          <div className={`field${s.incomplete ? ' is-invalid' : ''}`}>
            <label htmlFor="otp-code">{t('shell.otp.code')}</label>
            <input
              id="otp-code"
              name="otp"
              className="otp-input"
              data-testid="otp-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              dir="ltr"
              maxLength={OTP_LENGTH}
              placeholder="••••••"
              value={s.code}
              aria-invalid={s.incomplete}
              aria-describedby={s.incomplete ? 'otp-code-error' : undefined}
              onChange={(e) => setCode(e.target.value)}
              autoFocus
            />
            {s.incomplete && (
              <p className="field-error" id="otp-code-error" role="alert">
                {t('shell.otp.codeRequired', { digits: OTP_LENGTH })}
              </p>
            )}
          </div>

          <fieldset className="choice">
            <legend>{t('shell.otp.trustQuestion')}</legend>
            {trustChoices.map((c) => (
              <label key={c.value} className={`choice-option${s.trust === c.value ? ' is-checked' : ''}`}>
                <input
                  type="radio"
                  name="trust"
                  value={c.value}
                  data-testid={`otp-trust-${c.value}`}
                  checked={s.trust === c.value}
                  onChange={() => {
                    otp.trust = c.value
                  }}
                />
                <span>
                  <strong>{c.label}</strong>
                  <small>{c.hint}</small>
                </span>
              </label>
            ))}
          </fieldset>

          <button type="submit" className="btn btn--primary btn--block" data-testid="otp-verify" disabled={s.verifying}>
            {s.verifying ? t('shell.otp.verifying') : t('shell.otp.verify')}
          </button>
        </form>

        <div className="otp-resend">
          <button
            type="button"
            className="btn btn--ghost"
            data-testid="otp-resend"
            disabled={wait > 0 || s.resending}
            onClick={() => void resend()}
          >
            {t('shell.otp.resend')}
          </button>
          <span className="otp-countdown" role="timer" aria-live="off" data-testid="otp-countdown" data-seconds={wait}>
            {wait > 0 ? t('shell.otp.resendIn', { seconds: wait }) : ''}
          </span>
        </div>

        <p className="auth-foot">
          <button type="button" className="link-button" data-testid="otp-back" onClick={logout}>
            {t('shell.otp.back')}
          </button>
        </p>
      </section>
    </main>
  )
}
