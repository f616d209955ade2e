import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link, useLocation, useSearch } from 'wouter'
import { codeText } from '../../../lib/i18n'
import { STEPS, type Field } from '../stores/register.rules'
import { DOC_SLOTS, goToStep, nextStep, register, resetRegister, setAsSeller, submitRegister } from '../stores/register'
import { BusinessStep } from './BusinessStep'
import { DocumentsStep } from './DocumentsStep'
import { PersonalStep } from './PersonalStep'
import { inputId } from './RegisterField'
import { TermsStep } from './TermsStep'
import './register.css'

const STEP_VIEW = { personal: PersonalStep, business: BusinessStep, documents: DocumentsStep, terms: TermsStep }

/**
 * Registration (/signup and /device/signup): personal info, business info, documents with the KYC
 * form and undertaking, terms. Each step is checked on Next; the server's refusals come back to the
 * field and step they belong to. `?as=seller` opens the form for a seller.
 */
export function SignUpPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const search = useSearch()
  const s = useSnapshot(register)
  const top = useRef<HTMLElement>(null)
  /** A field to move the focus to once it is on screen (its step may be about to render). */
  const [focus, setFocus] = useState<{ field: Field } | null>(null)
  const focused = useRef<{ field: Field } | null>(null)

  useEffect(() => resetRegister(new URLSearchParams(search).get('as') === 'seller'), [search])

  useEffect(() => {
    if (!focus || focused.current === focus) return
    const input = document.getElementById(inputId(focus.field))
    // Not on screen yet: tried again when the step changes.
    if (!input) return
    input.focus()
    focused.current = focus
  }, [focus, s.step])

  useEffect(() => {
    top.current?.scrollIntoView({ block: 'start' })
  }, [s.step])

  const step = STEPS[s.step]!
  const last = s.step === STEPS.length - 1
  const View = STEP_VIEW[step]
  const uploading = DOC_SLOTS.some((slot) => s.uploads[slot].uploading)

  async function onSubmit() {
    if (!last) {
      const invalid = nextStep()
      if (invalid) setFocus({ field: invalid })
      return
    }
    const r = await submitRegister()
    if (r.kind === 'ok') navigate('/thank-you', { replace: true })
    else if (r.kind === 'invalid' && r.field) setFocus({ field: r.field })
  }

  return (
    <main className="register" ref={top}>
      <section className="register-card" aria-labelledby="register-title">
        <header className="register-head">
          <div>
            <h1 id="register-title" className="register-title">
              {t('register.title')}
            </h1>
            <p className="register-subtitle">{t('register.subtitle')}</p>
          </div>
          <div className="reg-segmented" role="radiogroup" aria-label={t('register.as')}>
            {(['buyer', 'seller'] as const).map((kind) => (
              <label
                key={kind}
                className={`reg-segmented-option${s.asSeller === (kind === 'seller') ? ' is-active' : ''}`}
              >
                <input
                  type="radio"
                  name="register-as"
                  data-testid={`reg-as-${kind}`}
                  checked={s.asSeller === (kind === 'seller')}
                  onChange={() => setAsSeller(kind === 'seller')}
                />
                <span>{t(`register.${kind}`)}</span>
              </label>
            ))}
          </div>
        </header>

        <ol className="reg-steps" aria-label={t('register.progress')}>
          {STEPS.map((name, i) => (
            <li
              key={name}
              className={`reg-steps-item${i === s.step ? ' is-current' : ''}${i < s.step ? ' is-done' : ''}`}
              aria-current={i === s.step ? 'step' : undefined}
            >
              <button
                type="button"
                className="reg-steps-button"
                disabled={i >= s.step}
                onClick={() => goToStep(i)}
                data-testid={`reg-step-${name}`}
              >
                <span className="reg-steps-number">{i + 1}</span>
                <span className="reg-steps-label">{t(`register.steps.${name}`)}</span>
              </button>
            </li>
          ))}
        </ol>

        <p className="register-required">{t('register.requiredHint')}</p>

        {s.notice && (
          <div className="notice notice--error" role="alert" data-testid="reg-notice">
            <strong>{t('register.failed')}</strong>
            <span>{codeText(s.notice.code, s.notice.message)}</span>
          </div>
        )}

        <form
          className="form register-form"
          noValidate
          data-step={step}
          data-testid="reg-form"
          onSubmit={(e) => {
            e.preventDefault()
            void onSubmit()
          }}
        >
          <h2 className="register-step-title">
            <span className="register-step-count">{t('register.stepOf', { n: s.step + 1, total: STEPS.length })}</span>
            {t(`register.steps.${step}`)}
          </h2>
          <View />
          <div className="form-actions">
            {s.step > 0 && (
              <button type="button" className="btn" data-testid="reg-back" onClick={() => goToStep(s.step - 1)}>
                {t('register.back')}
              </button>
            )}
            <button
              type="submit"
              className="btn btn--primary"
              data-testid={last ? 'reg-submit' : 'reg-next'}
              disabled={s.submitting || (last && uploading)}
            >
              {last ? (s.submitting ? t('register.submitting') : t('register.submit')) : t('register.next')}
            </button>
          </div>
        </form>

        <p className="register-signin">
          {t('register.haveAccount')} <Link href="/signin">{t('register.signin')}</Link>
        </p>
      </section>
    </main>
  )
}
