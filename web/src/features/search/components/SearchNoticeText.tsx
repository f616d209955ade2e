import { useTranslation } from 'react-i18next'
import { codeText } from '../../../lib/i18n'
import type { SearchNotice } from '../stores/searchForm'

/** Why a search stopped on the form: the spec's limit and no-result texts, or the call's error. */
export function SearchNoticeText({ notice }: { notice: SearchNotice }) {
  const { t } = useTranslation()
  const text =
    notice.kind === 'limit'
      ? t('errors.E_SEARCH_LIMIT', { limit: String(notice.limit) })
      : notice.kind === 'empty'
        ? t('empty.noDataSearch')
        : codeText(notice.error.code, notice.error.message)
  return (
    <p
      className={`srch-notice srch-notice--${notice.kind}`}
      role="alert"
      data-testid="search-notice"
      data-kind={notice.kind}
    >
      {text}
    </p>
  )
}
