import { useTranslation } from 'react-i18next'
import type { StoneFilter } from '@diamond/contracts/http/stock'
import { filterChips } from '../stores/query.rules'
import { COLUMN_BY_KEY } from './columns'
import './grid.css'

/** How a search reads, as chips: "Shape: ROUND", "Carat: 1–1.5". */
export function FilterChips({ filter, label }: { filter: Readonly<StoneFilter> | object; label: string }) {
  const { t } = useTranslation()
  const chips = filterChips(filter)
  if (chips.length === 0) return null
  return (
    <ul className="chips" aria-label={label} data-testid="filter-chips">
      {chips.map((c) => {
        const col = COLUMN_BY_KEY.get(c.key)
        const name = col ? t(col.label) : t(`grid.filterKeys.${c.key}`, { defaultValue: c.key })
        return (
          <li key={c.key} className="chip" data-filter={c.key}>
            <span className="chip-key">{name}</span> <bdi dir="ltr">{c.text}</bdi>
          </li>
        )
      })}
    </ul>
  )
}
