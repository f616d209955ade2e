import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import './auth.css'

/** After registration: the account waits for approval, and a verification mail is on its way. */
export function ThankYouPage() {
  const { t } = useTranslation()
  return (
    <main className="auth-page">
      <section className="auth-card auth-card--center" aria-labelledby="thank-you-title" data-testid="thank-you">
        <svg className="auth-mark" viewBox="0 0 48 48" aria-hidden="true">
          <circle cx="24" cy="24" r="20" />
          <path d="M15 24.5l6 6 12-13" />
        </svg>
        <h1 id="thank-you-title" className="signin-title">
          {t('shell.thankYou.title')}
        </h1>
        <p>{t('shell.thankYou.pending')}</p>
        <p className="signin-subtitle">{t('shell.thankYou.checkMail')}</p>
        <Link href="/signin" className="btn btn--primary">
          {t('shell.backToSignin')}
        </Link>
      </section>
    </main>
  )
}
