import type { StoneRow } from '@diamond/contracts/http/stock'
import { fmt2, fmtCut, fmtText, fmtUsd, fmtWhole } from '../../../lib/format'

export interface Column {
  key: string
  /** i18n key of the header. */
  label: string
  /** Minimum width in px; columns share any extra width. */
  min: number
  numeric?: boolean
  /** The identifying column: shown stronger, and frozen when the grid scrolls sideways. */
  strong?: boolean
  value: (s: StoneRow) => string
}

/** The dashboard's columns, in the spec's order and with its formatting rules. */
export const COLUMNS: readonly Column[] = [
  { key: 'vStnId', label: 'columns.stoneNo', min: 92, strong: true, value: (s) => fmtText(s.vStnId) },
  { key: 'shpNm', label: 'columns.shape', min: 72, value: (s) => fmtText(s.shpNm) },
  { key: 'crt', label: 'columns.carat', min: 56, numeric: true, value: (s) => fmt2(s.crt) },
  { key: 'colNm', label: 'columns.color', min: 56, value: (s) => fmtText(s.colNm) },
  { key: 'clrNm', label: 'columns.clarity', min: 68, value: (s) => fmtText(s.clrNm) },
  { key: 'cutNm', label: 'columns.cut', min: 52, value: (s) => fmtCut(s.cutNm) },
  { key: 'polNm', label: 'columns.polish', min: 60, value: (s) => fmtText(s.polNm) },
  { key: 'symNm', label: 'columns.symm', min: 56, value: (s) => fmtText(s.symNm) },
  { key: 'fluNm', label: 'columns.fluor', min: 56, value: (s) => fmtText(s.fluNm) },
  { key: 'lbNm', label: 'columns.lab', min: 52, value: (s) => fmtText(s.lbNm) },
  { key: 'locNm', label: 'columns.location', min: 88, value: (s) => fmtText(s.locNm) },
  { key: 'rap', label: 'columns.rap', min: 64, numeric: true, value: (s) => fmtWhole(s.rap) },
  { key: 'back', label: 'columns.disc', min: 60, numeric: true, value: (s) => fmt2(s.back) },
  { key: 'amt', label: 'columns.pricePerCarat', min: 92, numeric: true, value: (s) => fmtUsd(s.amt) },
  { key: 'ctPr', label: 'columns.amount', min: 108, numeric: true, value: (s) => fmtUsd(s.ctPr) },
]

/** Status and action follow the data columns. */
export const STATUS_MIN = 96
export const ACTION_MIN = 108

export const GRID_TEMPLATE = [...COLUMNS.map((c) => c.min), STATUS_MIN, ACTION_MIN]
  .map((w) => `minmax(${w}px, ${w}fr)`)
  .join(' ')
export const GRID_MIN_WIDTH = COLUMNS.reduce((sum, c) => sum + c.min, STATUS_MIN + ACTION_MIN)

export const cellClass = (c: Column) => `cell${c.numeric ? ' cell--num' : ''}${c.strong ? ' cell--strong' : ''}`
