import type { Demand, DemandCreate, DemandUpdate } from '@diamond/contracts/http/demands'
import { DEMAND_DESCRIPTION_MAX, DEMAND_MAX_DAYS, DEMAND_TITLE_MAX } from '@diamond/contracts/http/demands.values'
import type { Range, StoneFilter } from '@diamond/contracts/http/stock'
import { MAX_CARAT_RANGES } from '@diamond/contracts/http/stock.values'
import { indiaDate } from '@diamond/contracts/india-time'
import { MASTERS } from '@diamond/contracts/masters'
import { emptyRange, rangeError, toggleInOrder, type RangeInput } from '../../../lib/stoneFilter.rules'

/**
 * The demand form as the user types it, and the pure steps between it and the contract: a demand
 * asks for shapes, carat ranges, colours and clarities here; any other criteria it came with (a
 * search's lab or cut, say) are kept as they are and shown beside them.
 */

/** The criteria the form edits itself; the rest of a filter rides along untouched. */
export const EDITED_CHIPS = ['shpNm', 'colNm', 'clrNm'] as const
export type EditedChip = (typeof EDITED_CHIPS)[number]
/** The values each edited chip group offers, in the master list's order (the search form's order too). */
export const CHIP_VALUES: Record<EditedChip, readonly string[]> = {
  shpNm: MASTERS.SHAPE,
  colNm: MASTERS.COLOR,
  clrNm: MASTERS.CLARITY,
}

export interface DemandDraft {
  title: string
  description: string
  tillDate: string
  /** The till date the demand had (editing): sent again only if changed, so an expired one can be retitled. */
  savedTillDate: string | null
  chips: Partial<Record<EditedChip, string[]>>
  carats: RangeInput[]
  rest: StoneFilter
}

export type DraftField = 'title' | 'description' | 'tillDate' | 'criteria' | `crt.${number}`
export type DraftErrors = Partial<Record<DraftField, string>>

const DAY_MS = 86_400_000
/** Today, as the server reads a till date: the calendar day in Asia/Kolkata. */
export const todayIn = (now: number): string => indiaDate(now)
export const daysAfter = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)
/** A new demand stands a month unless the buyer says otherwise. */
export const DEFAULT_DAYS = 30

const text = (n: number | undefined) => (n === undefined ? '' : String(n))

export function draftFromFilter(filter: StoneFilter, today: string): DemandDraft {
  const rest: Record<string, unknown> = { ...filter }
  const chips: DemandDraft['chips'] = {}
  for (const k of EDITED_CHIPS) {
    if (filter[k]?.length) chips[k] = [...filter[k]!]
    delete rest[k]
  }
  const ranges: Range[] = filter.crt === undefined ? [] : Array.isArray(filter.crt) ? filter.crt : [filter.crt]
  delete rest.crt
  return {
    title: '',
    description: '',
    tillDate: daysAfter(today, DEFAULT_DAYS),
    savedTillDate: null,
    chips,
    carats: ranges.length ? ranges.map((r) => ({ from: text(r.from), to: text(r.to) })) : [emptyRange()],
    rest: rest as StoneFilter,
  }
}

export function draftFromDemand(
  d: Pick<Demand, 'title' | 'description' | 'tillDate' | 'filter'>,
  today: string,
): DemandDraft {
  return {
    ...draftFromFilter(d.filter, today),
    title: d.title,
    description: d.description,
    tillDate: d.tillDate,
    savedTillDate: d.tillDate,
  }
}

/** A chip on or off, in the master list's order (as the search form orders it). */
export function toggleDraftChip(draft: DemandDraft, key: EditedChip, value: string): void {
  const next = toggleInOrder(draft.chips[key] ?? [], value, CHIP_VALUES[key])
  if (next.length) draft.chips[key] = next
  else delete draft.chips[key]
}
export function addDraftCarat(draft: DemandDraft): void {
  if (draft.carats.length < MAX_CARAT_RANGES) draft.carats.push(emptyRange())
}
export function removeDraftCarat(draft: DemandDraft, i: number): void {
  draft.carats.splice(i, 1)
  if (!draft.carats.length) draft.carats.push(emptyRange())
}

function toRange(r: RangeInput): Range | null {
  const out: Range = {}
  if (r.from.trim() !== '') out.from = Number(r.from)
  if (r.to.trim() !== '') out.to = Number(r.to)
  return out.from === undefined && out.to === undefined ? null : out
}

/** The contract's filter: the kept criteria, then the ones edited here. */
export function filterOfDraft(draft: DemandDraft): StoneFilter {
  const f: StoneFilter = { ...draft.rest }
  for (const k of EDITED_CHIPS) if (draft.chips[k]?.length) f[k] = [...draft.chips[k]!]
  const carats = draft.carats.map(toRange).filter((r): r is Range => r !== null)
  if (carats.length === 1) f.crt = carats[0]
  else if (carats.length > 1) f.crt = carats
  return f
}

/**
 * What the server would refuse, said before sending: a title, lengths, a till date from today to a
 * year ahead (a till date left as it was is not checked again), readable carat ranges, and at
 * least one criterion. Values are translation keys under `demands.errors`.
 */
export function draftErrors(draft: DemandDraft, today: string): DraftErrors {
  const e: DraftErrors = {}
  const title = draft.title.trim()
  if (!title) e.title = 'titleRequired'
  else if (title.length > DEMAND_TITLE_MAX) e.title = 'titleTooLong'
  if (draft.description.trim().length > DEMAND_DESCRIPTION_MAX) e.description = 'descriptionTooLong'
  const unchanged = draft.savedTillDate !== null && draft.tillDate === draft.savedTillDate
  if (!unchanged) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.tillDate)) e.tillDate = 'tillDateRequired'
    else if (draft.tillDate < today) e.tillDate = 'tillDatePast'
    else if (draft.tillDate > daysAfter(today, DEMAND_MAX_DAYS)) e.tillDate = 'tillDateFar'
  }
  draft.carats.forEach((r, i) => {
    const err = rangeError(r)
    if (err) e[`crt.${i}`] = err === 'inverted' ? 'caratInverted' : 'caratNumber'
  })
  if (Object.keys(filterOfDraft(draft)).length === 0) e.criteria = 'criteriaRequired'
  return e
}

export function createRequest(draft: DemandDraft): DemandCreate {
  return {
    title: draft.title.trim(),
    description: draft.description.trim(),
    tillDate: draft.tillDate,
    filter: filterOfDraft(draft),
  }
}
export function updateRequest(id: string, draft: DemandDraft): DemandUpdate {
  const req: DemandUpdate = {
    id,
    title: draft.title.trim(),
    description: draft.description.trim(),
    filter: filterOfDraft(draft),
  }
  if (draft.tillDate !== draft.savedTillDate) req.tillDate = draft.tillDate
  return req
}

/** A server field (E_VALIDATION) onto the form's own fields. */
export function draftFieldOf(serverField: string): DraftField {
  if (serverField === 'title' || serverField === 'description' || serverField === 'tillDate') return serverField
  const crt = /^filter\.crt(?:\.(\d+))?$/.exec(serverField)
  if (crt) return `crt.${Number(crt[1] ?? 0)}`
  return 'criteria'
}

/** My Demand with the form open on a new demand asking for this filter (the "no match" offer). */
export const addDemandPath = (filter: StoneFilter): string =>
  `/account/buy-request?add=${encodeURIComponent(JSON.stringify(filter))}`

/** The filter an `?add=` link carries; anything unreadable opens an empty form. */
export function prefillOf(search: string): StoneFilter | null {
  const raw = new URLSearchParams(search).get('add')
  if (raw === null) return null
  try {
    const v: unknown = JSON.parse(raw)
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as StoneFilter) : {}
  } catch {
    return {}
  }
}

/** The stones a demand matches now, in the result grid. */
export const matchesPath = (id: string): string => `/diamond-list?demand=${encodeURIComponent(id)}`
