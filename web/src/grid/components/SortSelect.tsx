import type { SortKey } from '@diamond/contracts/http/stock'
import { PRICE_SORTS, SORTABLE } from '@diamond/contracts/http/stock.values'
import { useTranslation } from 'react-i18next'
import type { Snapshot } from 'valtio'
import { sortBy } from '../stores/query'
import { COLUMN_BY_KEY } from './columns'

/** The list view's sort (the grid sorts by its column heads): each sortable column up or down. */
export function SortSelect({
  sort,
  canSeePrices,
  busy,
}: {
  sort: Snapshot<SortKey> | null
  canSeePrices: boolean
  busy: boolean
}) {
  const { t } = useTranslation()
  const fields = SORTABLE.filter((f) => canSeePrices || !(PRICE_SORTS as readonly string[]).includes(f))
  const value = sort ? `${sort.field}:${sort.dir ?? 'asc'}` : ''
  return (
    <label className="page-size sort-select">
      <span>{t('grid.sort')}</span>
      <select
        value={value}
        disabled={busy}
        data-testid="sort-select"
        onChange={(e) => {
          const [field, dir] = e.target.value.split(':') as [SortKey['field'], 'asc' | 'desc']
          void sortBy(e.target.value ? { field, dir } : null)
        }}
      >
        <option value="">{t('grid.sortDefault')}</option>
        {fields.flatMap((f) => {
          const label = t(COLUMN_BY_KEY.get(f)?.label ?? f)
          return (['asc', 'desc'] as const).map((dir) => (
            <option key={`${f}:${dir}`} value={`${f}:${dir}`}>
              {label} {dir === 'asc' ? '↑' : '↓'}
            </option>
          ))
        })}
      </select>
    </label>
  )
}
