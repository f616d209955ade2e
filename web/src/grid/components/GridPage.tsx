import type { StoneFilter } from '@diamond/contracts/http/stock'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { EmptyState } from '../../components/EmptyState'
import { useSlots } from '../../components/Slots'
import { fmtCount } from '../../lib/format'
import { codeText } from '../../lib/i18n'
import { MOBILE_QUERY, useMediaQuery } from '../../lib/media'
import { allowed, session } from '../../lib/session'
import { layoutColumns } from '../stores/columns.rules'
import { installGridBench } from '../stores/perf'
import { gridPrefs, loadPrefs, setPreferredLimit, setView } from '../stores/prefs'
import { emptyKey, noMatchFilter, pageSizesFor, queryKey, validLimit, type GridQuery } from '../stores/query.rules'
import { EMPTY_SELECTION, pageState, type PageType } from '../stores/selection.rules'
import { selections } from '../stores/selectionState'
import { toggleShownPage } from '../stores/selection'
import { followLiveStatus } from '../stores/live'
import { ensureOwner, loadPage, setLimit, showQuery, sortBy, stones } from '../stores/query'
import { ColumnChooser } from './ColumnChooser'
import {
  ACTION_WIDTH,
  CATALOGUE_KEYS,
  catalogueFor,
  COLUMN_BY_KEY,
  DEFAULT_CHOICE,
  DETAILS_WIDTH,
  SELECT_WIDTH,
  STATUS_WIDTH,
} from './columns'
import './grid.css'
import { Pager } from './Pager'
import { SortSelect } from './SortSelect'
import { SelectionBar } from './SelectionBar'
import { StoneCards } from './StoneCards'
import { StoneTable } from './StoneTable'
import { TotalsBar } from './TotalsBar'

interface Props {
  pageType: PageType
  /** null while the page is still finding out what to show (a saved search being read). */
  query: GridQuery | null
  title: string
  /** Under the title: a saved search's name, a quick search's reading. */
  subtitle?: ReactNode
  testId?: string
  /** A page's own buttons beside the grid tools (a list's Remove). */
  tools?: ReactNode
  /** Under the grid: a page's notices or details. */
  footer?: ReactNode
  /** A search that finds nothing offers a demand for it (off where the page is a demand's own stones). */
  offerDemand?: boolean
}

/**
 * The portal's result grid for one page type: live rows (table on desktop, cards up to 767 px),
 * column chooser, sorting, items per page, pager, totals of the result and of the selection.
 */
export function GridPage({ pageType, query, title, subtitle, testId, tools, footer, offerDemand = true }: Props) {
  const { t } = useTranslation()
  const { user, userPermissions } = useSnapshot(session)
  // Only the list-level fields: rows subscribe to their own entries.
  const { ids, page, count, load, errorCode, errorLimit, sort, limit, totals, pairs, reading } = useSnapshot(stones)
  const prefs = useSnapshot(gridPrefs)
  const sel = useSnapshot(selections).byType[pageType] ?? EMPTY_SELECTION
  const narrow = useMediaQuery(MOBILE_QUERY)
  // A phone always shows the list (spec: width at most 767); a desktop shows the view the user chose.
  const listView = narrow || prefs.view === 'list'
  const { NoMatchOffer } = useSlots()
  const canHold = allowed(userPermissions, 'hold', 'insert')
  const canSeePrices = allowed(userPermissions, 'pricing', 'view')
  const catalogue = useMemo(() => catalogueFor(canSeePrices), [canSeePrices])
  const key = query ? queryKey(query) : ''
  const sizes = query ? pageSizesFor(query) : []

  useEffect(() => installGridBench(), [])

  const userId = user?.id ?? null
  useEffect(() => {
    if (!userId) return
    ensureOwner(userId)
    loadPrefs(userId, CATALOGUE_KEYS, DEFAULT_CHOICE)
    return followLiveStatus()
  }, [userId])

  // The query object is rebuilt by each render of the page; the one kept here changes only with its key.
  const [asked, setAsked] = useState(query)
  if (key !== (asked ? queryKey(asked) : '')) setAsked(query)

  useEffect(() => {
    if (!userId || !asked) return
    stones.limit = validLimit(gridPrefs.limit, pageSizesFor(asked))
    const fresh = showQuery(pageType, asked)
    // Back on a page already shown: read it again quietly, keeping what is on screen meanwhile.
    void loadPage(stones.page, { quiet: !fresh && stones.load === 'ready' })
  }, [userId, asked, pageType])

  const layout = useMemo(() => {
    const allowedKeys = new Set(catalogue.map((c) => c.key))
    const keys = prefs.columns.filter((k) => allowedKeys.has(k))
    // Match pairs always name their pair, whatever the user's columns.
    if (pageType === 'matchPair' && !keys.includes('pairNo')) keys.unshift('pairNo')
    const chosen = keys.map((k) => ({ key: k, width: COLUMN_BY_KEY.get(k)!.width }))
    return layoutColumns(
      [
        { key: 'select', width: SELECT_WIDTH },
        { key: 'Details', width: DETAILS_WIDTH },
      ],
      chosen,
      { key: 'status', width: STATUS_WIDTH },
      [{ key: 'Action', width: ACTION_WIDTH }],
    )
  }, [prefs.columns, catalogue, pageType])

  const pageChecked = pageState(sel, ids)
  const busy = load === 'loading'

  function changeLimit(n: number) {
    setPreferredLimit(n)
    void setLimit(n)
  }

  let body: ReactNode
  if (!query || (load !== 'error' && load !== 'ready' && ids.length === 0)) {
    body = (
      <div className="state" role="status">
        {t('stones.loading')}
      </div>
    )
  } else if (load === 'error') {
    body = (
      <div className="state state--error" role="alert" data-testid="grid-error">
        <p>
          {errorCode === 'E_SEARCH_LIMIT' && errorLimit
            ? t('errors.E_SEARCH_LIMIT', { limit: fmtCount(errorLimit) })
            : codeText(errorCode, '')}
        </p>
        <button type="button" className="btn" onClick={() => void loadPage(page)}>
          {t('stones.retry')}
        </button>
      </div>
    )
  } else if (ids.length === 0) {
    const wanted = offerDemand ? noMatchFilter(query, reading as StoneFilter | null) : null
    body = (
      <EmptyState
        textKey={emptyKey(query)}
        action={wanted && NoMatchOffer ? <NoMatchOffer filter={wanted} /> : undefined}
      />
    )
  } else if (listView) {
    body = (
      <StoneCards
        key={`${page}:${limit}`}
        ids={ids}
        canHold={canHold}
        canSeePrices={canSeePrices}
        pageType={pageType}
        pairs={pairs}
      />
    )
  } else {
    body = (
      <StoneTable
        key={`${page}:${limit}`}
        ids={ids}
        columns={layout.columns}
        template={layout.template}
        minWidth={layout.minWidth}
        canHold={canHold}
        pageType={pageType}
        sort={sort}
        onSort={(s) => void sortBy(s)}
        pageChecked={pageChecked}
        onTogglePage={() => toggleShownPage(pageType)}
        pairs={pairs}
      />
    )
  }

  return (
    <section
      className="dashboard grid-page"
      aria-labelledby="grid-title"
      data-testid={testId ?? `grid-${pageType}`}
      data-page-type={pageType}
    >
      <div className="toolbar">
        <div className="toolbar-heading">
          <h1 id="grid-title" className="toolbar-title">
            {title}
          </h1>
          {subtitle}
        </div>
        <span className="toolbar-count" data-testid="stones-count">
          <span className="toolbar-label">{t(pageType === 'matchPair' ? 'grid.pairs' : 'stones.total')}</span>{' '}
          <strong>{fmtCount(count)}</strong>
        </span>
        <div className="toolbar-tools">
          {tools}
          {!narrow && (
            <div className="view-switch" role="group" aria-label={t('grid.viewAs')} data-testid="view-switch">
              {(['grid', 'list'] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  className={`btn btn--small${prefs.view === v ? ' is-on' : ''}`}
                  aria-pressed={prefs.view === v}
                  data-testid={`view-${v}`}
                  onClick={() => setView(v)}
                >
                  {t(v === 'grid' ? 'grid.viewGrid' : 'grid.viewList')}
                </button>
              ))}
            </div>
          )}
          {/* The list has no column heads to sort by: the sort is chosen here. */}
          {listView && <SortSelect sort={sort} canSeePrices={canSeePrices} busy={busy} />}
          {!listView && (
            <ColumnChooser
              catalogue={catalogue}
              chosen={prefs.columns.filter((k) => catalogue.some((c) => c.key === k))}
            />
          )}
          <label className="page-size">
            <span>{t('grid.perPage')}</span>
            <select
              value={limit}
              onChange={(e) => changeLimit(Number(e.target.value))}
              data-testid="page-size"
              disabled={busy}
            >
              {sizes.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Pager page={page} count={count} limit={limit} busy={busy} onPage={(p) => void loadPage(p)} />
      </div>
      <SelectionBar
        pageType={pageType}
        canHold={canHold}
        showPageBox={listView}
        narrow={narrow}
        pageChecked={pageChecked}
      />
      {body}
      {totals && ids.length > 0 && <TotalsBar figures={totals} label={t('grid.resultTotals')} testId="grid-totals" />}
      {footer}
    </section>
  )
}
