import { useRef, type CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { useVirtualizer } from '@tanstack/react-virtual'
import { COLUMNS, GRID_MIN_WIDTH, GRID_TEMPLATE, cellClass } from './columns'
import { StoneTableRow } from './StoneTableRow'

export const ROW_HEIGHT = 36
const HEAD_HEIGHT = 40

/** The desktop grid: a sticky header and virtualized rows of a fixed height in one scroll box. */
export function StoneTable({ ids, canHold }: { ids: readonly string[]; canHold: boolean }) {
  const { t } = useTranslation()
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // Rows start below the header, which sits in the same scroll box.
    scrollMargin: HEAD_HEIGHT,
  })
  const style = {
    '--grid-template': GRID_TEMPLATE,
    '--grid-min-width': `${GRID_MIN_WIDTH}px`,
    '--row-height': `${ROW_HEIGHT}px`,
    '--head-height': `${HEAD_HEIGHT}px`,
  } as CSSProperties

  return (
    <div className="grid" role="table" aria-rowcount={ids.length + 1} ref={scrollRef} style={style} tabIndex={0}>
      <div role="rowgroup" className="grid-head">
        <div role="row" className="grid-row grid-row--head">
          {COLUMNS.map((c) => (
            <div role="columnheader" key={c.key} className={cellClass(c)} title={t(c.label)}>
              <bdi>{t(c.label)}</bdi>
            </div>
          ))}
          <div role="columnheader" className="cell" title={t('columns.status')}>
            {t('columns.status')}
          </div>
          <div role="columnheader" className="cell cell--action">
            {t('columns.action')}
          </div>
        </div>
      </div>
      <div role="rowgroup" className="grid-body" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const id = ids[item.index]
          return id ? (
            <StoneTableRow key={id} id={id} top={item.start - virtualizer.options.scrollMargin} canHold={canHold} />
          ) : null
        })}
      </div>
    </div>
  )
}
