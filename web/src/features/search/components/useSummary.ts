import type { StoneFilter } from '@diamond/contracts/http/stock'
import { useTranslation } from 'react-i18next'
import { fmtCount } from '../../../lib/format'
import { summaryParts, summaryText } from '../stores/summary.rules'

/** A stored search's one-line summary in the reader's language. */
export function useSummary(): (filter: StoneFilter) => string {
  const { t } = useTranslation()
  const words = {
    label: (key: string) => t(`search.fields.${key}`),
    yes: t('search.tri.yes'),
    no: t('search.tri.no'),
    ids: (key: string, count: number) =>
      t('search.summaryIds', { field: t(`search.fields.${key}`), n: fmtCount(count) }),
    all: t('search.summaryAll'),
  }
  return (filter) => summaryText(summaryParts(filter), words)
}
