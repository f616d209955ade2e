import { useTranslation } from 'react-i18next'
import { FilterTitle } from '../../../grid/components/FilterTitle'
import { GridNotFound } from '../../../grid/components/GridNotFound'
import { GridPage } from '../../../grid/components/GridPage'
import type { GridQuery } from '../../../grid/stores/query.rules'
import { useDemandFilter } from './useDemandFilter'

/**
 * `/diamond-list?demand=<id>` (My Demand's "matches now" link): the stones one of my demands
 * matches now, in the result grid. A demand's own stones offer no new demand when none match.
 */
export function DemandStonesPage({ id }: { id: string }) {
  const { t } = useTranslation()
  const demand = useDemandFilter(id)
  if (demand.state === 'error') return <GridNotFound title={t('shell.screens.diamondList')} found={demand} />
  const query: GridQuery | null = demand.state === 'ready' ? { kind: 'search', filter: demand.filter } : null
  return (
    <GridPage
      pageType="diamondList"
      query={query}
      title={t('demands.gridTitle')}
      subtitle={<FilterTitle found={demand.state === 'ready' ? demand : { state: 'loading' }} />}
      offerDemand={false}
    />
  )
}
