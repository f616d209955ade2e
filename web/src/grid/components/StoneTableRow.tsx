import { memo, useMemo, type ReactNode } from 'react'
import type { TFunction } from 'i18next'
import { Link } from 'wouter'
import type { Placed } from '../stores/columns.rules'
import { fixedText, valueText } from '../../lib/i18n'
import { useRenderCount } from '../stores/perf'
import type { PairPlace } from '../stores/query.rules'
import { toggleStone } from '../stores/selection'
import type { PageType } from '../stores/selection.rules'
import type { StoneEntry } from '../stores/rows'
import { cellProps } from './cells'
import { COLUMN_BY_KEY } from './columns'
import { StatusBadgeView } from './StatusBadge'
import { StoneActionView } from './StoneAction'
import { useStoneEntry } from './useEntry'

interface Props {
  id: string
  index: number
  top: number
  columns: readonly Placed[]
  canHold: boolean
  pageType: PageType
  pair: PairPlace | undefined
  /** The table's: rows do not subscribe to the language each (the table redraws them when it changes). */
  t: TFunction
}

/**
 * Memoised and subscribed to its own entry: scrolling or another row's change leaves it alone. The
 * props are compared one by one (the table redraws every row's element each scroll frame, and
 * React's generic comparison lists both objects' keys for each).
 */
export const StoneTableRow = memo(
  function StoneTableRow({ id, ...rest }: Props) {
    const entry = useStoneEntry(id)
    return entry ? <Row entry={entry} {...rest} /> : null
  },
  (a, b) =>
    a.id === b.id &&
    a.index === b.index &&
    a.top === b.top &&
    a.columns === b.columns &&
    a.canHold === b.canHold &&
    a.pageType === b.pageType &&
    a.pair === b.pair &&
    a.t === b.t,
)

/** Cells that follow a pushed status (or the selection); every other cell waits for a re-read. */
const LIVE_CELLS: ReadonlySet<string> = new Set(['select', 'Details', 'status', 'Action', 'wSts', 'sSts'])

/** A cell of the stone's value in a column, as text. */
function valueCell(c: Placed, s: StoneEntry, t: TFunction): ReactNode {
  const def = COLUMN_BY_KEY.get(c.key)
  const v = def ? def.value(s, t) : ''
  return (
    <div role="cell" key={c.key} {...cellProps(c, v)} data-col={c.key} title={v.length > 8 ? v : undefined}>
      {/* Figures read left to right in every language (a leading minus stays in front): the
          cell itself runs left to right (grid.css), one element less per figure; a frozen cell
          keeps the page's direction for its sticky edge, so its figure runs LTR in a span. */}
      {def?.numeric && c.frozen ? <span dir="ltr">{v}</span> : v}
    </div>
  )
}

function Row({ entry, index, top, columns, canHold, pageType, pair, t }: Omit<Props, 'id'> & { entry: StoneEntry }) {
  const s = entry
  useRenderCount()
  // Labels that change only with the language: not translated (and interpolated) again per push.
  const labels = useMemo(
    () => ({
      select: valueText(t, 'grid.selectStone', 'vStnId', s.vStnId),
      open: valueText(t, 'grid.openDetail', 'vStnId', s.vStnId),
      view: fixedText(t, 'grid.view'),
    }),
    [t, s.vStnId],
  )
  let cls = 'grid-row'
  if (s.flash) cls += ' is-flash'
  if (s.heldByMe) cls += ' is-mine'
  if (s.selected) cls += ' is-selected'
  if (pair) cls += ` is-pair is-pair-${pair.pos}${pair.odd ? ' is-pair-odd' : ''}`
  // The grading, measure and price cells change only when the row is read again (rev), never with a
  // pushed status: a push redraws the status, selection and action cells alone.
  const fixed = useMemo(
    () => {
      const out = new Map<string, ReactNode>()
      for (const c of columns) if (!LIVE_CELLS.has(c.key)) out.set(c.key, valueCell(c, s, t))
      return out
    },
    // The rule takes `s` for a value that changes when its fields do; it is the store's entry,
    // written in place (grid/stores/rows.ts), so its identity says nothing of its fields: the
    // stone's id and its revision (raised by every change of these fields) are what the cells
    // depend on, and a push (a new status only) must not rebuild them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columns, t, s.rev, s.id],
  )
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={s.selected}
      className={cls}
      style={{ transform: `translateY(${top}px)` }}
      data-testid={`stone-row-${s.vStnId}`}
      data-status={s.availability}
      data-selected={s.selected ? 'true' : 'false'}
    >
      {columns.map((c) => {
        const p = cellProps(c)
        switch (c.key) {
          case 'select':
            return (
              <div role="cell" key={c.key} {...p}>
                <input
                  type="checkbox"
                  checked={s.selected}
                  onChange={() => toggleStone(pageType, s.id)}
                  aria-label={labels.select}
                  data-testid={`select-${s.vStnId}`}
                />
              </div>
            )
          case 'Details':
            return (
              <div role="cell" key={c.key} {...p}>
                <Link
                  href={`/diamond-detail/${s.id}`}
                  className="row-link"
                  data-testid={`details-${s.vStnId}`}
                  title={labels.open}
                >
                  {labels.view}
                </Link>
              </div>
            )
          case 'status':
            return (
              <div role="cell" key={c.key} {...p}>
                <StatusBadgeView
                  t={t}
                  vStnId={s.vStnId}
                  availability={s.availability}
                  changed={s.flash}
                  wSts={s.wSts}
                  boughtByMe={s.boughtByMe}
                />
              </div>
            )
          case 'Action':
            return (
              <div role="cell" key={c.key} {...p}>
                <StoneActionView t={t} stone={s} canHold={canHold} />
              </div>
            )
          default:
            return fixed.get(c.key) ?? valueCell(c, s, t)
        }
      })}
    </div>
  )
}
