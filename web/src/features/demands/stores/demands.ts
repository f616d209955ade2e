import type { Demand } from '@diamond/contracts/http/demands'
import { proxy } from 'valtio'
import type { ApiError } from '../../../lib/api'
import { createDemand, deleteDemand, listDemands, updateDemand } from '../api/demands'
import { createRequest, draftFieldOf, updateRequest, type DemandDraft, type DraftErrors } from './demandForm.rules'

export const DEMAND_PAGE_SIZE = 50

interface DemandsState {
  page: number
  /** null until the first answer. */
  list: Demand[] | null
  count: number
  error: ApiError | null
  /** The demand whose buttons wait for an answer. */
  busy: string | null
}

/** The caller's demands (My Demand), one page at a time. */
export const demands = proxy<DemandsState>({ page: 1, list: null, count: 0, error: null, busy: null })
let latest = 0

export async function loadDemands(page = demands.page): Promise<void> {
  const mine = ++latest
  demands.page = page
  const { data, error } = await listDemands({ page, limit: DEMAND_PAGE_SIZE })
  if (mine !== latest) return
  demands.error = error
  if (data) {
    demands.list = data.list
    demands.count = data.count
  }
}

/** A fresh list when the screen opens. */
export function openDemands(): Promise<void> {
  Object.assign(demands, { page: 1, list: null, count: 0, error: null, busy: null })
  return loadDemands(1)
}

export const pagesOfDemands = () => Math.max(1, Math.ceil(demands.count / DEMAND_PAGE_SIZE))

export type SaveOutcome = { ok: true; demand: Demand } | { ok: false; error: ApiError; fields: DraftErrors }

/** Creates (no id) or changes a demand; the server's field errors come back placed on the form. */
export async function saveDemand(draft: DemandDraft, id: string | null): Promise<SaveOutcome> {
  const { data, error } = id ? await updateDemand(updateRequest(id, draft)) : await createDemand(createRequest(draft))
  if (error) {
    const fields: DraftErrors = {}
    const list = (error.data as { fields?: { field: string; message: string }[] } | undefined)?.fields ?? []
    for (const f of list) fields[draftFieldOf(f.field)] ??= f.message
    return { ok: false, error, fields }
  }
  await loadDemands(id ? demands.page : 1)
  return { ok: true, demand: data }
}

async function act(id: string, run: () => Promise<{ error: ApiError | null }>): Promise<ApiError | null> {
  demands.busy = id
  const { error } = await run()
  demands.busy = null
  if (error && error.code !== 'E_NOT_FOUND') return error
  const lastPage = Math.max(1, Math.ceil(Math.max(0, demands.count - 1) / DEMAND_PAGE_SIZE))
  await loadDemands(Math.min(demands.page, lastPage))
  return null
}

/** Closes a demand (no longer wanted) or marks it won (a matching stone bought). */
export const endDemand = (id: string, status: 'closed' | 'won') => act(id, () => updateDemand({ id, status }))
/** Deletes one (asked first by the caller); one already gone counts as deleted. */
export const removeDemand = (id: string) => act(id, () => deleteDemand({ id }))
