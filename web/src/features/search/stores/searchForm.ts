import type { FacetCounts, SavedSearch, StoneFilter } from '@diamond/contracts/http/stock'
import { proxy } from 'valtio'
import type { ApiError } from '../../../lib/api'
import type { RangeInput } from '../../../lib/stoneFilter.rules'
import { allowed, session } from '../../../lib/session'
import { countStones, searchById, upsertSearch } from '../api/search'
import {
  addCaratRow,
  applyGradePreset,
  buildFilter,
  checkCount,
  emptyForm,
  formFromFilter,
  hasErrors,
  listTypeOf,
  removeCaratRow,
  resultPath,
  toggleCaratPreset,
  toggleCell,
  toggleChip,
  validateForm,
  type BuildOptions,
  type ChipKey,
  type FormErrors,
  type GradePreset,
  type IdListKey,
  type SearchForm,
  type SearchKind,
  type SingleRange,
  type TriBool,
} from './form.rules'
import { countHit } from '../../../lib/analytics'

/** What stops a search on the form, shown under its Search button. */
export type SearchNotice = { kind: 'limit'; limit: number } | { kind: 'empty' } | { kind: 'error'; error: ApiError }

interface SearchState {
  kind: SearchKind
  form: SearchForm
  /** Fields whose errors are shown: left once (blur) or the whole form on Search. */
  touched: string[]
  /** The stored search opened by id (/diamond-search/{id}), if any. */
  editing: SavedSearch | null
  loading: boolean
  loadError: ApiError | null
  /** The live count for the current filter; null until the first answer. */
  count: number | null
  limit: number | null
  facets: FacetCounts | null
  counting: boolean
  countError: ApiError | null
  notice: SearchNotice | null
  submitting: boolean
  advancedOpen: boolean
}

export const searchForm = proxy<SearchState>(initial('diamond'))

function initial(kind: SearchKind): SearchState {
  return {
    kind,
    form: emptyForm(),
    touched: [],
    editing: null,
    loading: false,
    loadError: null,
    // Every form counts as soon as it opens.
    count: null,
    limit: null,
    facets: null,
    counting: true,
    countError: null,
    notice: null,
    submitting: false,
    advancedOpen: false,
  }
}

export const COUNT_DEBOUNCE_MS = 250

const options = (): BuildOptions => ({
  kind: searchForm.kind,
  pricing: allowed(session.userPermissions, 'pricing', 'view'),
})
export const currentErrors = (): FormErrors => validateForm(searchForm.form, options())
export const currentFilter = (): StoneFilter => buildFilter(searchForm.form, options())

// Only the newest count may land; `countedKey` says which filter the shown count belongs to.
let timer: ReturnType<typeof setTimeout> | null = null
let latest = 0
let countedKey = ''
let inFlight: Promise<void> | null = null
const keyOf = (filter: StoneFilter) => JSON.stringify([searchForm.kind, filter])

/** Asks for the count of the current filter now (nothing is asked while the form has errors). */
export function runCount(): Promise<void> {
  if (timer) clearTimeout(timer)
  timer = null
  if (hasErrors(currentErrors())) {
    searchForm.counting = false
    return Promise.resolve()
  }
  const filter = currentFilter()
  const key = keyOf(filter)
  const mine = ++latest
  searchForm.counting = true
  const listType = listTypeOf(searchForm.kind)
  const run = countStones({ filter, ...(listType ? { listType } : {}) }).then(({ data, error }) => {
    if (mine !== latest) return
    searchForm.counting = false
    searchForm.countError = error
    if (data) {
      searchForm.count = data.count
      searchForm.limit = data.resultLimit
      searchForm.facets = data.facets ?? null
      countedKey = key
    }
  })
  inFlight = run
  return run
}

function scheduleCount(): void {
  if (timer) clearTimeout(timer)
  searchForm.counting = true
  timer = setTimeout(() => void runCount(), COUNT_DEBOUNCE_MS)
}

/** After every change: the old message goes, the count follows the form. */
function changed(): void {
  searchForm.notice = null
  scheduleCount()
}

/** A fresh form for the screen; with an id, the stored search is loaded into it. */
export async function openSearch(kind: SearchKind, id?: string): Promise<void> {
  if (timer) clearTimeout(timer)
  latest++
  countedKey = ''
  Object.assign(searchForm, initial(kind))
  if (id) {
    searchForm.loading = true
    const { data, error } = await searchById({ id })
    searchForm.loading = false
    searchForm.loadError = error
    if (data) {
      searchForm.form = formFromFilter(data.filter)
      searchForm.editing = data
      searchForm.advancedOpen = hasAdvanced(data.filter)
    }
  }
  await runCount()
}

const BASIC = new Set([
  'shpNm',
  'crt',
  'colNm',
  'clrNm',
  'cutNm',
  'polNm',
  'symNm',
  'fluNm',
  'lbNm',
  'locNm',
  'shdNm',
  'back',
  'amt',
  'ctPr',
  'fcColNm',
  'fcIntNm',
  'fcOvtNm',
  'isFcCol',
])
/** A stored search that uses advanced filters opens with that section unfolded. */
export const hasAdvanced = (filter: StoneFilter) => Object.keys(filter).some((k) => !BASIC.has(k))

export function setChip(key: ChipKey, value: string): void {
  toggleChip(searchForm.form, key, value)
  changed()
}
export function setGradePreset(preset: GradePreset): void {
  applyGradePreset(searchForm.form, preset)
  changed()
}
export function setCaratPreset(preset: RangeInput): void {
  toggleCaratPreset(searchForm.form, preset)
  changed()
}
export function setCarat(i: number, end: keyof RangeInput, value: string): void {
  const row = searchForm.form.carats[i]
  if (!row) return
  row[end] = value
  changed()
}
export function addCarat(): void {
  addCaratRow(searchForm.form)
}
export function removeCarat(i: number): void {
  removeCaratRow(searchForm.form, i)
  searchForm.touched = searchForm.touched.filter((k) => !k.startsWith('crt.'))
  changed()
}
export function setRange(key: SingleRange, end: keyof RangeInput, value: string): void {
  const r = (searchForm.form.ranges[key] ??= { from: '', to: '' })
  r[end] = value
  changed()
}
export function setBool(key: TriBool, value: boolean | undefined): void {
  if (value === undefined) delete searchForm.form.bools[key]
  else searchForm.form.bools[key] = value
  changed()
}
export function setIds(key: IdListKey, value: string): void {
  searchForm.form.ids[key] = value
  changed()
}
/** A field was left: its error, if any, shows from now on. */
export function touch(field: string): void {
  if (!searchForm.touched.includes(field)) searchForm.touched.push(field)
}
export function setAdvancedOpen(open: boolean): void {
  searchForm.advancedOpen = open
}

/** Reset clears the form (an opened saved search stays the one Save updates). */
export function resetSearch(): void {
  searchForm.form = emptyForm()
  searchForm.touched = []
  changed()
}

export type SubmitOutcome = { kind: 'go'; to: string } | { kind: 'stop' }

/**
 * Search: the form is checked, the count brought up to date; too many or no stones stop here with
 * the spec's message; otherwise the search is stored as a recent one and its result page opened.
 */
export async function submitSearch(as: SearchKind = searchForm.kind): Promise<SubmitOutcome> {
  if (searchForm.submitting) return { kind: 'stop' }
  const errors = currentErrors()
  if (hasErrors(errors)) {
    searchForm.touched = [...new Set([...searchForm.touched, ...Object.keys(errors)])]
    return { kind: 'stop' }
  }
  searchForm.submitting = true
  try {
    const filter = currentFilter()
    const counted = as === searchForm.kind ? await liveCount(filter) : await countOnce(as, filter)
    if ('code' in counted) {
      searchForm.notice = { kind: 'error', error: counted }
      return { kind: 'stop' }
    }
    const check = checkCount(counted.count, counted.limit, filter)
    if (check.kind !== 'go') {
      searchForm.notice = check
      return { kind: 'stop' }
    }
    const { data, error } = await upsertSearch({ searchType: 2, filter })
    if (error) {
      searchForm.notice = { kind: 'error', error }
      return { kind: 'stop' }
    }
    countHit({ kind: 'search' })
    return { kind: 'go', to: resultPath(as, data.id) }
  } finally {
    searchForm.submitting = false
  }
}

type Counted = { count: number; limit: number } | ApiError
const NO_ANSWER: ApiError = { code: 'E_NETWORK', message: '' }

/** The live count brought up to date for this filter (waiting for one on its way). */
async function liveCount(filter: StoneFilter): Promise<Counted> {
  if (timer || countedKey !== keyOf(filter)) await runCount()
  else if (searchForm.counting && inFlight) await inFlight
  if (searchForm.count === null || searchForm.limit === null || countedKey !== keyOf(filter))
    return searchForm.countError ?? NO_ANSWER
  return { count: searchForm.count, limit: searchForm.limit }
}

/** A count over another stock page than the form's own (exclusive stock), leaving the live count be. */
async function countOnce(kind: SearchKind, filter: StoneFilter): Promise<Counted> {
  const listType = listTypeOf(kind)
  const { data, error } = await countStones({ filter, ...(listType ? { listType } : {}) })
  return data ? { count: data.count, limit: data.resultLimit } : (error ?? NO_ANSWER)
}

/**
 * Save search with a title: a saved search opened for editing is updated, anything else (a new
 * form, or a recent search opened again) becomes a new saved search.
 */
export async function saveSearch(title: string): Promise<ApiError | null> {
  const editing = searchForm.editing
  const { data, error } = await upsertSearch({
    ...(editing?.searchType === 1 ? { id: editing.id } : {}),
    title: title.trim(),
    searchType: 1,
    filter: currentFilter(),
  })
  if (data) searchForm.editing = data
  return error
}

export function setCell(colour: string, clarity: string): void {
  toggleCell(searchForm.form, colour, clarity)
  changed()
}
