import type { CSSProperties } from 'react'
import type { Placed } from '../stores/columns.rules'
import { COLUMN_BY_KEY } from './columns'

/** Class and sticky inset of a cell: frozen cells stick to the start edge (right in he and ar). */
export function cellProps(c: Placed): { className: string; style?: CSSProperties } {
  const def = COLUMN_BY_KEY.get(c.key)
  let className = 'cell'
  if (def?.numeric) className += ' cell--num'
  if (def?.strong) className += ' cell--strong'
  if (c.key === 'Action') className += ' cell--action'
  if (c.key === 'select' || c.key === 'Details') className += ' cell--center'
  if (!c.frozen) return { className }
  return { className: `${className} cell--frozen${c.edge ? ' cell--edge' : ''}`, style: { insetInlineStart: c.offset } }
}
