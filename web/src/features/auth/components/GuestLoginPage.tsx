import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link, useLocation } from 'wouter'
import { fieldProps, FormField } from '../../../components/FormField'
import { NETWORK_ERROR } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { GUEST_FIELDS, retryAfterSeconds, type GuestField } from '../stores/auth.rules'
import { checkGuestField, guest, resetGuest, setGuestField, submitGuest } from '../stores/guest'
import './auth.css'

const INPUT: Record<GuestField, { type: string; autoComplete: string; inputMode?: 'tel' | 'email' }> = {
  name: { type: 'text', autoComplete: 'name' },
  companyName: { type: 'text', autoComplete: 'organization' },
  contactNumber: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
}

/** Spec section 2: a guest gives name, company, contact number and email, then browses stock. */
export function GuestLoginPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const s = useSnapshot(guest)
  const inputs = useRef<Partial<Record<GuestField, HTMLInputElement | null>>>({})

  useEffect(() => resetGuest(), [])

  async function onSubmit() {
    const r = await submitGuest()
    if (r.kind === 'ok') navigate(r.to, { replace: true })
    else if (r.kind === 'otp') navigate('/verify-otp', { replace: true })
    else if (r.kind === 'invalid') inputs.current[r.first]?.focus()
    else {
      const { code, message, data } = r.error
      const seconds = code === 'E_RATE_LIMITED' ? retryAfterSeconds(data) : null
      const text =
        seconds !== null
          ? t('signin.rateLimited', { seconds })
          : code === NETWORK_ERROR
            ? t('signin.failed')
            : codeText(code, message, 'signin.failed')
      showToast(text, 'error')
    }
  }

  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="guest-title">
        <h1 id="guest-title" className="signin-title">
          {t('shell.guest.title')}
        </h1>
        <p className="signin-subtitle">{t('shell.guest.subtitle')}</p>
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            void onSubmit()
          }}
        >
          {GUEST_FIELDS.map((f) => {
            const id = `guest-${f}`
            const error = s.errors[f] ? t(s.errors[f]) : null
            return (
              <FormField key={f} id={id} label={t(`shell.guest.${f}`)} required error={error}>
                <input
                  {...fieldProps(id, { error, required: true })}
                  ref={(el) => {
                    inputs.current[f] = el
                  }}
                  name={f}
                  data-testid={id}
                  type={INPUT[f].type}
                  inputMode={INPUT[f].inputMode}
                  autoComplete={INPUT[f].autoComplete}
                  dir={f === 'email' || f === 'contactNumber' ? 'ltr' : undefined}
                  value={s.values[f]}
                  onChange={(e) => setGuestField(f, e.target.value)}
                  onBlur={() => checkGuestField(f)}
                />
              </FormField>
            )
          })}
          <button
            type="submit"
            className="btn btn--primary btn--block"
            data-testid="guest-submit"
            disabled={s.submitting}
          >
            {s.submitting ? t('signin.submitting') : t('shell.guest.submit')}
          </button>
        </form>
        <p className="auth-foot">
          <Link href="/signin">{t('shell.backToSignin')}</Link>
        </p>
      </section>
    </main>
  )
}
