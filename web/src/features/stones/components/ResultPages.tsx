import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link, useSearch } from 'wouter'
import { MAX_LIST_FILTER, type ListType } from '@diamond/contracts/http/stock.values'
import type { GridQuery } from '../../../grid/stores/query.rules'
import type { PageType } from '../../../grid/stores/selection.rules'
import { stones } from '../../../grid/stores/query'
import { FilterChips } from '../../../grid/components/FilterChips'
import { FilterTitle } from '../../../grid/components/FilterTitle'
import { GridNotFound } from '../../../grid/components/GridNotFound'
import { GridPage } from '../../../grid/components/GridPage'
import { useSavedFilter } from '../../../grid/components/useSavedFilter'

/**
 * A stock page (spec section 2): `diamond/paginate` with its list type. With an id in the path the
 * page shows that saved search within its stock.
 */
export function StockPage({
  screenId,
  pageType,
  listType,
  id,
}: {
  screenId: string
  pageType: PageType
  listType: ListType
  id?: string | undefined
}) {
  const { t } = useTranslation()
  const found = useSavedFilter(id)
  const title = t(`shell.screens.${screenId}`)
  if (found.state === 'error') return <GridNotFound title={title} found={found} />
  let query: GridQuery | null = null
  if (found.state === 'none') query = { kind: 'stock', listType }
  else if (found.state === 'ready') query = { kind: 'stock', listType, filter: found.filter }
  return <GridPage pageType={pageType} query={query} title={title} subtitle={<FilterTitle found={found} />} />
}

/** /exclusive/:id? — the exclusive stock, or with an id an exclusive search (its own call). */
export function ExclusivePage({ id }: { id?: string | undefined }) {
  const { t } = useTranslation()
  const found = useSavedFilter(id)
  const title = t('shell.screens.exclusive')
  if (found.state === 'error') return <GridNotFound title={title} found={found} />
  let query: GridQuery | null = null
  if (found.state === 'none') query = { kind: 'stock', listType: 'exclusive' }
  else if (found.state === 'ready') query = { kind: 'exclusiveSearch', filter: found.filter }
  return <GridPage pageType="exclusive" query={query} title={title} subtitle={<FilterTitle found={found} />} />
}

/** /match-pair/:id? — pairs whose two stones pass the (saved) filter, as two adjacent rows. */
export function MatchPairPage({ id }: { id?: string | undefined }) {
  const { t } = useTranslation()
  const found = useSavedFilter(id)
  const title = t('shell.screens.matchPair')
  if (found.state === 'error') return <GridNotFound title={title} found={found} />
  let query: GridQuery | null = null
  if (found.state === 'none') query = { kind: 'pairs', filter: {} }
  else if (found.state === 'ready') query = { kind: 'pairs', filter: found.filter }
  return <GridPage pageType="matchPair" query={query} title={title} subtitle={<FilterTitle found={found} />} />
}

/** The quick search's reading of the words, from the last page read. */
function Reading() {
  const { t } = useTranslation()
  const { reading } = useSnapshot(stones)
  return reading ? <FilterChips filter={reading} label={t('grid.readAs')} /> : null
}

/**
 * /diamond-list/:id? — a saved or recent search's result (`diamond/search/by-id` then
 * `diamond/paginate`), with `?q=` a quick search, whose reading shows as chips, or with
 * `?ids=` a shared selection, or with `?demand=` the stones one of my demands matches now (My Demand's
 * "matches now" link): that page is features/demands', given by the route (`demandStones`); with
 * `?seller=` a seller's listed stones; with `?stones=` the stones of these numbers (a concierge offer).
 */
export function DiamondListPage({
  id,
  demandStones,
}: {
  id?: string | undefined
  demandStones: (demandId: string) => ReactNode
}) {
  const { t } = useTranslation()
  const params = new URLSearchParams(useSearch())
  const q = params.get('q')?.trim() ?? ''
  const demandId = q ? null : params.get('demand')
  // A shared selection (the grid's Share): these stones, for whoever signed in opens the link.
  const shared = q || demandId ? [] : (params.get('ids') ?? '').split(',').filter(Boolean).slice(0, MAX_LIST_FILTER)
  // A member profile's "listed stones": `?seller=` the company id, `&name=` its name for the title.
  const seller = q || demandId || shared.length ? null : params.get('seller')
  // Stones offered by number (a concierge answer's "see them"): `?stones=` comma-separated numbers.
  const numbers =
    q || demandId || shared.length || seller ? [] : (params.get('stones') ?? '').split(',').filter(Boolean).slice(0, 50)
  const found = useSavedFilter(q || demandId || shared.length || seller || numbers.length ? undefined : id)
  const title = t('shell.screens.diamondList')
  if (seller) {
    const subtitle = (
      <span className="page-ref" dir="auto" data-testid="seller-stock">
        {t('grid.sellerStock', { company: params.get('name') ?? '' })}
      </span>
    )
    const filter = { sellerCompanyId: [seller] }
    return <GridPage pageType="diamondList" query={{ kind: 'search', filter }} title={title} subtitle={subtitle} />
  }
  if (numbers.length) {
    const subtitle = (
      <span className="page-ref" dir="ltr" data-testid="offered-stones">
        {numbers.join(', ')}
      </span>
    )
    const filter = { stoneIds: numbers }
    return <GridPage pageType="diamondList" query={{ kind: 'search', filter }} title={title} subtitle={subtitle} />
  }
  if (q) {
    const subtitle: ReactNode = (
      <>
        <span className="page-ref" dir="auto" data-testid="quick-words">
          {q}
        </span>
        <Reading />
      </>
    )
    return <GridPage pageType="quickSearch" query={{ kind: 'quick', search: q }} title={title} subtitle={subtitle} />
  }
  if (demandId) return demandStones(demandId)
  if (shared.length)
    return <GridPage pageType="diamondList" query={{ kind: 'search', filter: { ids: shared } }} title={title} />
  if (found.state === 'error') return <GridNotFound title={title} found={found} />
  if (found.state === 'none') {
    // The menu's Diamond List with no search: every stone in stock (it was an empty page), and the way to narrow it.
    const subtitle = (
      <span className="page-ref" data-testid="diamond-list-all">
        {t('grid.allStock')} <Link href="/diamond-search">{t('grid.searchToNarrow')}</Link>
      </span>
    )
    return (
      <GridPage pageType="diamondList" query={{ kind: 'stock', listType: 'all' }} title={title} subtitle={subtitle} />
    )
  }
  const query: GridQuery | null = found.state === 'ready' ? { kind: 'search', filter: found.filter } : null
  return <GridPage pageType="diamondList" query={query} title={title} subtitle={<FilterTitle found={found} />} />
}
