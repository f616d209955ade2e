/**
 * The grid's column choice as pure functions. The chooser lists the data columns; the spec's
 * columns without a checkbox (Details, Action, …) are always there and not offered. Frozen
 * columns (section 9) come first so they can stick to the start edge when the grid scrolls
 * sideways, in either direction of text.
 */
export const FROZEN: ReadonlySet<string> = new Set([
  'lbNm',
  'status',
  'Details',
  'vStnId',
  'shpNm',
  'shpFullNm',
  'crt',
  'colNm',
  'clrNm',
])
/** Section 9's columns without a checkbox. */
export const NOT_SELECTABLE: ReadonlySet<string> = new Set([
  'Details',
  'Action',
  'quote',
  'expBack',
  'hours',
  'bidPricePerCarat',
  'note',
  'finalquote',
  'offerDis',
  'bidDiscount',
  'bidAmount',
  // The live status is what the grid is for: always shown.
  'status',
])

/** The stored choice made usable: known, selectable, once each, in the stored order; else the defaults. */
export function sanitizeChoice(
  stored: readonly string[] | null | undefined,
  catalogue: readonly string[],
  defaults: readonly string[],
): string[] {
  const known = new Set(catalogue.filter((k) => !NOT_SELECTABLE.has(k)))
  const out: string[] = []
  for (const k of stored ?? []) if (known.has(k) && !out.includes(k)) out.push(k)
  if (out.length) return out
  return defaults.filter((k) => known.has(k))
}

/**
 * Shows or hides one column. The chosen order is kept; a column shown again goes back after the
 * nearest column that precedes it in the catalogue. The last column cannot be hidden.
 */
export function toggleColumn(chosen: readonly string[], key: string, catalogue: readonly string[]): string[] {
  if (NOT_SELECTABLE.has(key) || !catalogue.includes(key)) return [...chosen]
  if (chosen.includes(key)) return chosen.length > 1 ? chosen.filter((k) => k !== key) : [...chosen]
  const before = catalogue
    .slice(0, catalogue.indexOf(key))
    .reverse()
    .find((k) => chosen.includes(k))
  const at = before === undefined ? 0 : chosen.indexOf(before) + 1
  return [...chosen.slice(0, at), key, ...chosen.slice(at)]
}

/** Moves a chosen column one place earlier (-1) or later (+1). */
export function moveColumn(chosen: readonly string[], key: string, delta: -1 | 1): string[] {
  const i = chosen.indexOf(key)
  const j = i + delta
  if (i < 0 || j < 0 || j >= chosen.length) return [...chosen]
  const out = [...chosen]
  ;[out[i], out[j]] = [out[j]!, out[i]!]
  return out
}

export interface Placed {
  key: string
  width: number
  frozen: boolean
  /** The last frozen column: it draws the edge the other columns slide under. */
  edge?: boolean
  /** Distance from the start edge for a frozen column (its sticky inset). */
  offset: number
}

/**
 * Lays out a row: the leading fixed columns (selection box, Details), the frozen chosen columns in
 * their chosen order, Status, then the rest, then the trailing columns (Action). Widths are fixed
 * so each frozen column knows its inset; the last column takes any spare width.
 */
export function layoutColumns(
  leading: readonly { key: string; width: number }[],
  chosen: readonly { key: string; width: number }[],
  status: { key: string; width: number } | null,
  trailing: readonly { key: string; width: number }[],
): { columns: Placed[]; template: string; minWidth: number } {
  const frozenChosen = chosen.filter((c) => FROZEN.has(c.key))
  const rest = chosen.filter((c) => !FROZEN.has(c.key))
  const frozen = [...leading, ...frozenChosen, ...(status ? [status] : [])]
  const columns: Placed[] = []
  let offset = 0
  for (const c of frozen) {
    columns.push({ key: c.key, width: c.width, frozen: true, offset })
    offset += c.width
  }
  const last = columns[columns.length - 1]
  if (last && rest.length + trailing.length > 0) last.edge = true
  for (const c of [...rest, ...trailing]) columns.push({ key: c.key, width: c.width, frozen: false, offset: 0 })
  const template = columns
    .map((c, i) => (i === columns.length - 1 ? `minmax(${c.width}px, 1fr)` : `${c.width}px`))
    .join(' ')
  return { columns, template, minWidth: columns.reduce((s, c) => s + c.width, 0) }
}
