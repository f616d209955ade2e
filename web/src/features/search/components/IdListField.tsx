import { MAX_LIST_FILTER } from '@diamond/contracts/http/stock.values'
import { useTranslation } from 'react-i18next'
import { fmtCount } from '../../../lib/format'
import type { IdListKey } from '../stores/form.rules'
import { splitIds } from '../stores/ids.rules'
import { setIds, touch } from '../stores/searchForm'
import { useSearchForm } from './useSearchForm'

/** Stone, report, seller or pair numbers pasted as a column or typed in a line. */
export function IdListField({ listKey }: { listKey: IdListKey }) {
  const { t } = useTranslation()
  const { snap, errors } = useSearchForm()
  const value = snap.form.ids[listKey]
  const n = splitIds(value).length
  const error = errors[listKey]
  const id = `ids-${listKey}`
  return (
    <div className={`field srch-ids${error ? ' is-invalid' : ''}`}>
      <label htmlFor={id}>{t(`search.fields.${listKey}`)}</label>
      <textarea
        id={id}
        className="srch-textarea"
        rows={3}
        dir="ltr"
        placeholder={t('search.idsPlaceholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        data-testid={id}
        value={value}
        onChange={(e) => setIds(listKey, e.target.value)}
        onBlur={() => touch(listKey)}
      />
      <p className="field-help" id={`${id}-help`}>
        {t('search.idsCount', { n: fmtCount(n), max: fmtCount(MAX_LIST_FILTER) })}
      </p>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert" data-testid={`${id}-error`}>
          {t(`search.errors.${error}`, { max: fmtCount(MAX_LIST_FILTER) })}
        </p>
      )}
    </div>
  )
}
