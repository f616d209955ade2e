import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import './not-found.css'

export function NotFoundPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  return (
    <main className="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found-title">{t('notFound.title')}</h1>
      <button
        type="button"
        className="btn btn--primary"
        data-testid="back-to-dashboard"
        onClick={() => navigate('/dashboard')}
      >
        {t('notFound.back')}
      </button>
    </main>
  )
}
