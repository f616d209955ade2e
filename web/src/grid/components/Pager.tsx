import { useTranslation } from 'react-i18next'
import { fmtCount } from '../../lib/format'
import { pageCount, pageRange } from '../stores/query.rules'

interface Props {
  page: number
  count: number
  limit: number
  busy: boolean
  onPage: (page: number) => void
}

export function Pager({ page, count, limit, busy, onPage }: Props) {
  const { t } = useTranslation()
  const pages = pageCount(count, limit)
  const { from, to } = pageRange(page, limit, count)
  return (
    <nav className="pager" aria-label={t('stones.paging')}>
      <span className="pager-range" data-testid="stones-range">
        {t('stones.range', { from: fmtCount(from), to: fmtCount(to), total: fmtCount(count) })}
      </span>
      <button
        type="button"
        className="btn btn--small"
        disabled={busy || page <= 1}
        onClick={() => onPage(page - 1)}
        data-testid="page-prev"
      >
        <span aria-hidden="true" className="flip-rtl">
          ‹
        </span>{' '}
        {t('stones.previous')}
      </button>
      <span className="pager-page">{t('stones.page', { page, pages })}</span>
      <button
        type="button"
        className="btn btn--small"
        disabled={busy || page >= pages}
        onClick={() => onPage(page + 1)}
        data-testid="page-next"
      >
        {t('stones.next')}{' '}
        <span aria-hidden="true" className="flip-rtl">
          ›
        </span>
      </button>
    </nav>
  )
}
