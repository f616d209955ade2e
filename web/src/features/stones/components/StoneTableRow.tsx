import { memo } from 'react'
import { useSnapshot } from 'valtio'
import { stones, type StoneEntry } from '../stores/stones'
import { COLUMNS, cellClass } from './columns'
import { StatusBadge } from './StatusBadge'
import { StoneAction } from './StoneAction'

interface Props {
  id: string
  top: number
  canHold: boolean
}

/** Memoised and subscribed to its own entry: scrolling or another row's change leaves it alone. */
export const StoneTableRow = memo(function StoneTableRow({ id, ...rest }: Props) {
  const entry = stones.byId[id]
  return entry ? <Row entry={entry} {...rest} /> : null
})

function Row({ entry, top, canHold }: Omit<Props, 'id'> & { entry: StoneEntry }) {
  const s = useSnapshot(entry)
  const cls = `grid-row${s.flash ? ' is-flash' : ''}${s.heldByMe ? ' is-mine' : ''}`
  return (
    <div
      role="row"
      className={cls}
      style={{ transform: `translateY(${top}px)` }}
      data-testid={`stone-row-${s.vStnId}`}
      data-status={s.availability}
    >
      {COLUMNS.map((c) => (
        <div role="cell" key={c.key} className={cellClass(c)}>
          {/* Figures read left to right in every language (a leading minus stays in front). */}
          {c.numeric ? <span dir="ltr">{c.value(s)}</span> : c.value(s)}
        </div>
      ))}
      <div role="cell" className="cell">
        <StatusBadge vStnId={s.vStnId} availability={s.availability} />
      </div>
      <div role="cell" className="cell cell--action">
        <StoneAction stone={s} canHold={canHold} />
      </div>
    </div>
  )
}
