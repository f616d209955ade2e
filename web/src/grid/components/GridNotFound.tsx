import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { EmptyState } from '../../components/EmptyState'
import { codeText } from '../../lib/i18n'
import type { SavedFilter } from './useSavedFilter'

/** A grid page whose saved search (or demand) could not be read: why, and the way back. */
export function GridNotFound({ title, found }: { title: string; found: Extract<SavedFilter, { state: 'error' }> }) {
  const { t } = useTranslation()
  return (
    <section className="dashboard grid-page" aria-labelledby="grid-title">
      <div className="toolbar">
        <h1 id="grid-title" className="toolbar-title">
          {title}
        </h1>
      </div>
      <EmptyState
        textKey="empty.noDataSearch"
        detail={codeText(found.code, found.message)}
        action={
          <Link href="/dashboard" className="btn">
            {t('notFound.back')}
          </Link>
        }
      />
    </section>
  )
}
