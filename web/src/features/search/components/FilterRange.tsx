import { useTranslation } from 'react-i18next'
import type { SingleRange } from '../stores/form.rules'
import { setRange, touch } from '../stores/searchForm'
import { RangeField } from '../../../components/RangeField'
import { useSearchForm } from './useSearchForm'

/** One range filter of the contract (depth %, price per carat, …) wired to the form. */
export function FilterRange({ rangeKey, onEnter }: { rangeKey: SingleRange; onEnter?: () => void }) {
  const { t } = useTranslation()
  const { snap, errors } = useSearchForm()
  return (
    <RangeField
      id={`range-${rangeKey}`}
      label={t(`search.fields.${rangeKey}`)}
      value={snap.form.ranges[rangeKey]}
      error={errors[rangeKey]}
      onChange={(end, v) => setRange(rangeKey, end, v)}
      onBlur={() => touch(rangeKey)}
      onEnter={onEnter}
    />
  )
}
