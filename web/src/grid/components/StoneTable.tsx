import { memo, useEffect, useRef, type CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { SortKey } from '@diamond/contracts/http/stock'
import type { Placed } from '../stores/columns.rules'
import { isSortable, nextSort, type PairPlace } from '../stores/query.rules'
import type { PageType } from '../stores/selection.rules'
import { COLUMN_BY_KEY } from './columns'
import { cellProps } from './cells'
import { StoneTableRow } from './StoneTableRow'

export const ROW_HEIGHT = 36
const HEAD_HEIGHT = 40

interface Props {
  ids: readonly string[]
  columns: readonly Placed[]
  template: string
  minWidth: number
  canHold: boolean
  pageType: PageType
  sort: SortKey | null
  onSort: (sort: SortKey | null) => void
  pageChecked: 'none' | 'some' | 'all'
  onTogglePage: () => void
  pairs: Readonly<Record<string, PairPlace>>
}

/**
 * The desktop grid: a sticky header and virtualized rows of one height in one scroll box, the
 * frozen columns sticking to the start edge. Any number of rows: only those in view are in the DOM.
 */
export function StoneTable({
  ids,
  columns,
  template,
  minWidth,
  canHold,
  pageType,
  sort,
  onSort,
  pageChecked,
  onTogglePage,
  pairs,
}: Props) {
  const { t } = useTranslation()
  const scrollRef = useRef<HTMLDivElement>(null)
  // Row slots: the rows in view are keyed by index modulo the most rows ever in view, so a row
  // scrolling out hands its elements to the row scrolling in (new texts, same DOM nodes and fibers)
  // instead of being torn down while another is built. The rows in view are a contiguous run no
  // longer than the pool, so their slots are distinct.
  const pool = useRef(0)
  // The rule warns that a compiler would leave this component unmemoised: that is what it must be,
  // since the virtualizer re-renders it with new positions on every scroll. No compiler memoises
  // this build; the rows are memoised by hand, one per stone (StoneTableRow).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // Rows start below the header, which sits in the same scroll box.
    scrollMargin: HEAD_HEIGHT,
  })
  const items = virtualizer.getVirtualItems()
  const slots = (pool.current = Math.max(pool.current, items.length))
  const style = {
    '--grid-template': template,
    '--grid-min-width': `${minWidth}px`,
    '--row-height': `${ROW_HEIGHT}px`,
    '--head-height': `${HEAD_HEIGHT}px`,
  } as CSSProperties

  return (
    <div
      className="grid"
      role="table"
      aria-rowcount={ids.length + 1}
      ref={scrollRef}
      style={style}
      tabIndex={0}
      data-testid="stone-grid"
    >
      <GridHead columns={columns} sort={sort} onSort={onSort} pageChecked={pageChecked} onTogglePage={onTogglePage} />
      <div role="rowgroup" className="grid-body" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const id = ids[item.index]
          return id ? (
            <StoneTableRow
              key={item.index % slots}
              id={id}
              index={item.index}
              top={item.start - virtualizer.options.scrollMargin}
              columns={columns}
              canHold={canHold}
              pageType={pageType}
              pair={pairs[id]}
              t={t}
            />
          ) : null
        })}
      </div>
    </div>
  )
}

type HeadProps = Pick<Props, 'columns' | 'sort' | 'onSort' | 'pageChecked' | 'onTogglePage'>

/** The header, memoised: scrolling re-renders the grid's virtual rows, never its header. */
const GridHead = memo(function GridHead({ columns, sort, onSort, pageChecked, onTogglePage }: HeadProps) {
  const { t } = useTranslation()
  const allRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = pageChecked === 'some'
  }, [pageChecked])
  return (
    <div role="rowgroup" className="grid-head">
      <div role="row" className="grid-row grid-row--head">
        {columns.map((c) => {
          const p = cellProps(c)
          if (c.key === 'select') {
            return (
              <div role="columnheader" key={c.key} {...p} className={`${p.className} cell--check`}>
                <input
                  ref={allRef}
                  type="checkbox"
                  checked={pageChecked === 'all'}
                  onChange={onTogglePage}
                  aria-label={t('grid.selectPage')}
                  data-testid="select-page"
                />
              </div>
            )
          }
          const label =
            c.key === 'Details'
              ? t('grid.details')
              : c.key === 'status'
                ? t('columns.status')
                : c.key === 'Action'
                  ? t('columns.action')
                  : t(COLUMN_BY_KEY.get(c.key)?.label ?? c.key)
          if (!isSortable(c.key)) {
            return (
              <div role="columnheader" key={c.key} {...p} title={label} data-testid={`col-${c.key}`}>
                <bdi>{label}</bdi>
              </div>
            )
          }
          const dir = sort?.field === c.key ? (sort.dir ?? 'asc') : null
          return (
            <div
              role="columnheader"
              key={c.key}
              {...p}
              aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
              data-testid={`col-${c.key}`}
            >
              <button
                type="button"
                className={`sort-button${dir ? ' is-sorted' : ''}`}
                title={t('grid.sortBy', { column: label })}
                data-testid={`sort-${c.key}`}
                onClick={() => onSort(nextSort(sort, c.key as Parameters<typeof nextSort>[1]))}
              >
                <bdi>{label}</bdi>
                <span className="sort-mark" aria-hidden="true">
                  {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                </span>
              </button>
            </div>
          )
        })}
      </div>
    </div>
  )
})
