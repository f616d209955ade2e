import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { EmptyState } from '../../../components/EmptyState'
import { session } from '../../../lib/session'

/**
 * A screen of the spec that is not built yet: its title and an honest empty state, no made-up data.
 * `screenId` names the title (shell.screens.<id>).
 */
export function PlaceholderPage({ screenId, reference }: { screenId: string; reference?: string }) {
  const { t } = useTranslation()
  const { token, isTrusted } = useSnapshot(session)
  const signedIn = !!token && isTrusted
  return (
    <section className="page" aria-labelledby="page-title" data-testid={`screen-${screenId}`}>
      <header className="page-head">
        <h1 id="page-title" className="page-title">
          {t(`shell.screens.${screenId}`)}
        </h1>
        {reference && (
          <span className="page-ref" dir="ltr" data-testid="screen-ref">
            {reference}
          </span>
        )}
      </header>
      <EmptyState
        detail={t('shell.placeholder.later')}
        action={
          signedIn ? (
            <Link href="/dashboard" className="btn">
              {t('notFound.back')}
            </Link>
          ) : (
            <Link href="/signin" className="btn btn--primary" data-testid="placeholder-signin">
              {t('signin.submit')}
            </Link>
          )
        }
      />
    </section>
  )
}
