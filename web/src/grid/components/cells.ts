import type { CSSProperties } from 'react'
import type { Placed } from '../stores/columns.rules'
import { COLUMN_BY_KEY } from './columns'

/** Live cells whose content is an element (a link, a badge, a button): clipped whatever they show. */
const CLIPPED: ReadonlySet<string> = new Set(['Details', 'status', 'Action'])

/**
 * Upper bounds of a character's width in the grid's 13 px text (bold included): figures and their
 * signs, Latin and similar letters, and full-width characters (Chinese, Japanese); and the cell's
 * inline padding. A value whose characters could be wider than its column is clipped.
 */
const FIGURE_PX = 8
const CHAR_PX = 10
const WIDE_PX = 14
const PADDING_PX = 12
const FIGURE = /[0-9.,\-$% ]/

/** Whether a cell's text may not fit its column, so the cell clips it with an ellipsis. */
export function mayOverflow(text: string, width: number): boolean {
  const room = width - PADDING_PX
  if (text.length * FIGURE_PX > room) return true
  let px = 0
  for (const ch of text) px += FIGURE.test(ch) ? FIGURE_PX : ch >= '\u2e80' ? WIDE_PX : CHAR_PX
  return px > room
}

/**
 * Class and sticky inset of a cell: frozen cells stick to the start edge (right in he and ar). `text`
 * is the cell's text when it shows one: only a text that may not fit is clipped.
 */
export function cellProps(c: Placed, text?: string): { className: string; style?: CSSProperties } {
  const def = COLUMN_BY_KEY.get(c.key)
  let className = 'cell'
  if (text === undefined ? CLIPPED.has(c.key) : mayOverflow(text, c.width)) className += ' cell--clip'
  if (def?.numeric) className += ' cell--num'
  if (def?.strong) className += ' cell--strong'
  if (c.key === 'Action') className += ' cell--action'
  if (c.key === 'select' || c.key === 'Details') className += ' cell--center'
  if (!c.frozen) return { className }
  return { className: `${className} cell--frozen${c.edge ? ' cell--edge' : ''}`, style: { insetInlineStart: c.offset } }
}
