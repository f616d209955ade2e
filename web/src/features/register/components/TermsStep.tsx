import { useTranslation } from 'react-i18next'
import { CheckField } from './RegisterField'
import './register.css'

const PARAGRAPHS = ['p1', 'p2', 'p3', 'p4', 'p5'] as const

export function TermsStep() {
  const { t } = useTranslation()
  return (
    <fieldset className="form-section">
      <legend>{t('register.terms.title')}</legend>
      <div
        className="terms-text"
        tabIndex={0}
        role="region"
        aria-label={t('register.terms.title')}
        data-testid="reg-terms-text"
      >
        {PARAGRAPHS.map((p) => (
          <p key={p}>{t(`register.terms.${p}`)}</p>
        ))}
      </div>
      <CheckField field="termsAccepted" />
    </fieldset>
  )
}
