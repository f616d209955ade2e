import type { Range, StoneFilter } from '@diamond/contracts/http/stock'
import {
  MAX_CARAT_RANGES,
  MAX_LIST_FILTER,
  PRICE_FILTERS,
  RANGE_FILTERS,
  type BoolFilter,
  type EnumFilter,
  type ListType,
  type RangeFilter,
} from '@diamond/contracts/http/stock.values'
import { FILTER_MASTERS, MASTERS } from '@diamond/contracts/masters'
import {
  emptyRange,
  parseNumber,
  rangeError,
  toggleInOrder,
  type FieldError,
  type RangeInput,
} from '../../../lib/stoneFilter.rules'
import { splitIds } from './ids.rules'

/**
 * The search forms' state as the user types it (numbers stay text until sent), and the pure steps
 * between it and the contract's StoneFilter: build, read back, check.
 */

/** Which form: each sends a slightly different filter and opens its own result page. */
export type SearchKind = 'diamond' | 'fancy' | 'matchPair' | 'quick' | 'exclusive'

/** Multi-selects drawn from a master list: the enum filters plus key to symbol (a list filter). */
export type ChipKey = EnumFilter | 'keyToSymbol'
export type SingleRange = Exclude<RangeFilter, 'crt'>
export type TriBool = Exclude<BoolFilter, 'isFcCol'>
export type IdListKey = 'stoneIds' | 'sellerStoneNo' | 'pairNo'

export interface SearchForm {
  chips: Partial<Record<ChipKey, string[]>>
  /** Carat rows; the filter takes one range or up to ten. */
  carats: RangeInput[]
  ranges: Partial<Record<SingleRange, RangeInput>>
  /** Absent: any. */
  bools: Partial<Record<TriBool, boolean>>
  ids: Record<IdListKey, string>
}

export const TRI_BOOLS: readonly TriBool[] = ['isXray', 'isType2', 'isSeal', 'isDor']
export const ID_LISTS: readonly IdListKey[] = ['stoneIds', 'sellerStoneNo', 'pairNo']
export const PRICE_RANGES: readonly SingleRange[] = ['back', 'amt', 'ctPr']
/** The ranges of the proportions panel: every single range but the prices. */
export const PROPORTION_RANGES: readonly SingleRange[] = RANGE_FILTERS.filter(
  (k): k is SingleRange => k !== 'crt' && !(PRICE_FILTERS as readonly string[]).includes(k),
)
export const INCLUSION_CHIPS: readonly ChipKey[] = [
  'blkTblNm',
  'blkSdNm',
  'wTblNm',
  'wSdNm',
  'opTblNm',
  'opCrwnNm',
  'opPavNm',
  'eClnNm',
  'milkyNm',
  'hANm',
  'brlncyNm',
]
export const OTHER_CHIPS: readonly ChipKey[] = [
  'girdleNm',
  'grdlCondNm',
  'cultNm',
  'cultCondNm',
  'keyToSymbol',
  'sellerNm',
  'showNm',
  'availability',
]
export const FANCY_CHIPS: readonly ChipKey[] = ['fcColNm', 'fcIntNm', 'fcOvtNm']
export const GRADE_CHIPS: readonly ChipKey[] = ['cutNm', 'polNm', 'symNm']

/** The values a chip group offers, in the master list's order. */
export function chipValues(key: ChipKey): readonly string[] {
  return key === 'keyToSymbol' ? MASTERS.KEY_TO_SYMBOL : MASTERS[FILTER_MASTERS[key]]
}

export function emptyForm(): SearchForm {
  return {
    chips: {},
    carats: [emptyRange()],
    ranges: {},
    bools: {},
    ids: { stoneIds: '', sellerStoneNo: '', pairNo: '' },
  }
}

export function toggleChip(form: SearchForm, key: ChipKey, value: string): void {
  const next = toggleInOrder(form.chips[key] ?? [], value, chipValues(key))
  if (next.length) form.chips[key] = next
  else delete form.chips[key]
}

/** "3EX": excellent cut, polish and symmetry; "3VG+": very good or better on all three. */
export const GRADE_PRESETS = { '3EX': ['EX'], '3VG+': ['EX', 'VG'] } as const
export type GradePreset = keyof typeof GRADE_PRESETS
export function gradePresetOn(form: SearchForm, preset: GradePreset): boolean {
  const want = GRADE_PRESETS[preset]
  return GRADE_CHIPS.every((k) => sameSet(form.chips[k] ?? [], want))
}
/** Pressing a preset sets the three; pressing it again while it is on clears them. */
export function applyGradePreset(form: SearchForm, preset: GradePreset): void {
  const on = gradePresetOn(form, preset)
  for (const k of GRADE_CHIPS) {
    if (on) delete form.chips[k]
    else form.chips[k] = [...GRADE_PRESETS[preset]]
  }
}
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v) => b.includes(v))

/** The trade's size bands, offered as chips beside the carat rows. */
export const CARAT_PRESETS: readonly RangeInput[] = [
  ['0.30', '0.39'],
  ['0.40', '0.49'],
  ['0.50', '0.69'],
  ['0.70', '0.89'],
  ['0.90', '0.99'],
  ['1.00', '1.49'],
  ['1.50', '1.99'],
  ['2.00', '2.99'],
  ['3.00', '3.99'],
  ['4.00', '4.99'],
  ['5.00', '9.99'],
].map(([from, to]) => ({ from: from!, to: to! }))

const sameNumber = (a: string, b: string) => a.trim() !== '' && b.trim() !== '' && Number(a) === Number(b)
const sameRange = (a: RangeInput, b: RangeInput) => sameNumber(a.from, b.from) && sameNumber(a.to, b.to)
const blankRange = (r: RangeInput) => r.from.trim() === '' && r.to.trim() === ''

export const caratPresetOn = (form: SearchForm, preset: RangeInput) => form.carats.some((r) => sameRange(r, preset))

/** A size chip adds its band as a carat row (filling a blank row first) or takes it away again. */
export function toggleCaratPreset(form: SearchForm, preset: RangeInput): void {
  const i = form.carats.findIndex((r) => sameRange(r, preset))
  if (i >= 0) {
    form.carats.splice(i, 1)
    if (form.carats.length === 0) form.carats.push(emptyRange())
    return
  }
  const blank = form.carats.findIndex(blankRange)
  if (blank >= 0) form.carats[blank] = { ...preset }
  else if (form.carats.length < MAX_CARAT_RANGES) form.carats.push({ ...preset })
}
export function addCaratRow(form: SearchForm): void {
  if (form.carats.length < MAX_CARAT_RANGES) form.carats.push(emptyRange())
}
export function removeCaratRow(form: SearchForm, i: number): void {
  form.carats.splice(i, 1)
  if (form.carats.length === 0) form.carats.push(emptyRange())
}

// ---------- Checking ----------

/** Keyed by field: `crt.0` for a carat row, the filter key otherwise. */
export type FormErrors = Partial<Record<string, FieldError>>

export interface BuildOptions {
  kind: SearchKind
  /** The user may see prices: price filters are sent only then (the server refuses them otherwise). */
  pricing: boolean
}

/** Which chip groups a form offers. White colour and fancy colour exclude each other. */
export function chipAllowed(key: ChipKey, kind: SearchKind): boolean {
  if (key === 'colNm') return kind !== 'fancy'
  if (FANCY_CHIPS.includes(key)) return kind === 'fancy'
  return true
}
const rangeAllowed = (key: SingleRange, o: BuildOptions) =>
  o.pricing || !(PRICE_FILTERS as readonly string[]).includes(key)

export function validateForm(form: SearchForm, o: BuildOptions): FormErrors {
  const errors: FormErrors = {}
  form.carats.forEach((r, i) => {
    const e = rangeError(r)
    if (e) errors[`crt.${i}`] = e
  })
  for (const [key, r] of Object.entries(form.ranges) as [SingleRange, RangeInput][]) {
    const e = rangeAllowed(key, o) ? rangeError(r) : null
    if (e) errors[key] = e
  }
  for (const key of ID_LISTS) {
    const ids = splitIds(form.ids[key])
    if (ids.length > MAX_LIST_FILTER) errors[key] = 'tooMany'
    else if (ids.some((id) => id.length > MAX_ID_LENGTH)) errors[key] = 'idTooLong'
  }
  return errors
}
/** The contract's longest single value of a list filter. */
export const MAX_ID_LENGTH = 60
export const hasErrors = (e: FormErrors) => Object.keys(e).length > 0

function toRange(r: RangeInput | undefined): Range | undefined {
  if (!r) return undefined
  const from = parseNumber(r.from)
  const to = parseNumber(r.to)
  const out: Range = {}
  if (typeof from === 'number') out.from = from
  if (typeof to === 'number') out.to = to
  return out.from === undefined && out.to === undefined ? undefined : out
}

/**
 * The contract's filter for the form: only what the user chose, nothing empty. Call it on a form
 * that passed validateForm (a bad number is left out here, never sent half-read).
 */
export function buildFilter(form: SearchForm, o: BuildOptions): StoneFilter {
  const f: StoneFilter = {}
  const out = f as Record<string, unknown>
  for (const [key, values] of Object.entries(form.chips) as [ChipKey, string[]][]) {
    if (values.length && chipAllowed(key, o.kind)) out[key] = [...values]
  }
  const carats = form.carats
    .map(toRange)
    .filter((r): r is Range => !!r)
    .slice(0, MAX_CARAT_RANGES)
  if (carats.length === 1) f.crt = carats[0]
  else if (carats.length > 1) f.crt = carats
  for (const [key, r] of Object.entries(form.ranges) as [SingleRange, RangeInput][]) {
    const range = rangeAllowed(key, o) ? toRange(r) : undefined
    if (range) out[key] = range
  }
  for (const key of TRI_BOOLS) if (typeof form.bools[key] === 'boolean') f[key] = form.bools[key]
  for (const key of ID_LISTS) {
    const ids = splitIds(form.ids[key])
    if (ids.length) f[key] = ids.slice(0, MAX_LIST_FILTER)
  }
  if (o.kind === 'fancy') f.isFcCol = true
  return f
}

const text = (n: number | undefined) => (n === undefined ? '' : String(n))
const fromRange = (r: Range): RangeInput => ({ from: text(r.from), to: text(r.to) })

/** A stored search back into the form (editing a saved search). Unknown keys are ignored. */
export function formFromFilter(filter: StoneFilter): SearchForm {
  const form = emptyForm()
  const src = filter as Record<string, unknown>
  for (const [key, value] of Object.entries(src)) {
    if (key === 'crt') {
      const list = Array.isArray(value) ? (value as Range[]) : [value as Range]
      form.carats = list.length ? list.map(fromRange) : [emptyRange()]
    } else if ((TRI_BOOLS as readonly string[]).includes(key)) {
      if (typeof value === 'boolean') form.bools[key as TriBool] = value
    } else if ((ID_LISTS as readonly string[]).includes(key)) {
      form.ids[key as IdListKey] = Array.isArray(value) ? (value as string[]).join('\n') : ''
    } else if (Array.isArray(value) && key !== 'ids') {
      form.chips[key as ChipKey] = [...(value as string[])]
    } else if (value && typeof value === 'object') {
      form.ranges[key as SingleRange] = fromRange(value as Range)
    }
  }
  return form
}

/** The fancy form is the right one to edit a search that asked for fancy colours. */
export const kindOfFilter = (filter: StoneFilter): 'diamond' | 'fancy' => (filter.isFcCol ? 'fancy' : 'diamond')

/** The stock page a form counts over (the result page applies the same). */
export function listTypeOf(kind: SearchKind): ListType | undefined {
  if (kind === 'matchPair') return 'matchPair'
  if (kind === 'exclusive') return 'exclusive'
  return undefined
}

/** Where a search opens once stored. */
export function resultPath(kind: SearchKind, id: string): string {
  const ref = encodeURIComponent(id)
  if (kind === 'matchPair') return `/match-pair/${ref}`
  if (kind === 'exclusive') return `/exclusive/${ref}`
  return `/diamond-list/${ref}`
}
export const editPath = (filter: StoneFilter, id: string) =>
  `/${kindOfFilter(filter) === 'fancy' ? 'fancy-search' : 'diamond-search'}/${encodeURIComponent(id)}`
export const quickSearchPath = (text: string) => `/diamond-list?q=${encodeURIComponent(text.trim())}`

/**
 * What pressing Search does with the live count: too many (the server's limit) and none at all
 * stop on the form with the spec's message; otherwise the search is stored and opened. As on the
 * server, the limit holds for a filtered search: no filter at all is the whole stock, page by page.
 */
export type SubmitCheck = { kind: 'go' } | { kind: 'limit'; limit: number } | { kind: 'empty' }
export function checkCount(count: number, limit: number, filter: StoneFilter): SubmitCheck {
  if (count > limit && Object.keys(filter).length > 0) return { kind: 'limit', limit }
  if (count === 0) return { kind: 'empty' }
  return { kind: 'go' }
}

/** Save search: a title is required, at most 100 characters. */
export const TITLE_MAX = 100
export function titleError(title: string): 'required' | 'tooLong' | null {
  const t = title.trim()
  if (!t) return 'required'
  if (t.length > TITLE_MAX) return 'tooLong'
  return null
}

/**
 * The quick search's colour × clarity grid: a search finds every chosen colour with every chosen
 * clarity, so a cell is lit when both are chosen. Pressing a dark cell chooses both; pressing a lit
 * one takes both away (its whole row and column go dark, as the filter would read).
 */
export const cellOn = (form: SearchForm, colour: string, clarity: string) =>
  !!form.chips.colNm?.includes(colour) && !!form.chips.clrNm?.includes(clarity)
export function toggleCell(form: SearchForm, colour: string, clarity: string): void {
  const on = cellOn(form, colour, clarity)
  if (on || !form.chips.colNm?.includes(colour)) toggleChip(form, 'colNm', colour)
  if (on || !form.chips.clrNm?.includes(clarity)) toggleChip(form, 'clrNm', clarity)
}
