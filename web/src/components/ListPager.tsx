import { useTranslation } from 'react-i18next'

/** Previous / page n of m / next under a paged list (users, registrations, demands, saved searches). */
export function ListPager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation()
  if (pages <= 1) return null
  return (
    <div className="acct-pager">
      <button type="button" className="btn btn--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </button>
      <span>{t('common.page', { page, pages })}</span>
      <button type="button" className="btn btn--small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </button>
    </div>
  )
}
