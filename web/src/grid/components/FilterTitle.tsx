import { useTranslation } from 'react-i18next'
import { FilterChips } from './FilterChips'
import type { SavedFilter } from './useSavedFilter'

/** Under a grid page's title: the name of the saved search (or demand) it shows, and what it asks for. */
export function FilterTitle({ found }: { found: SavedFilter }) {
  const { t } = useTranslation()
  if (found.state !== 'ready') return null
  return (
    <>
      {found.title && (
        <span className="page-ref" data-testid="search-title">
          {found.title}
        </span>
      )}
      <FilterChips filter={found.filter} label={t('grid.searchFor')} />
    </>
  )
}
