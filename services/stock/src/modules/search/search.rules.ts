import type { FieldProblem } from '@diamond/runtime/errors'
import { FILTER_MASTERS, MASTERS } from '@diamond/contracts/masters'
import type { Range, SortKey, StoneFilter } from '@diamond/contracts/http/stock'
import {
  ENUM_FILTERS,
  PRICE_FILTERS,
  PRICE_SORTS,
  RANGE_FILTERS,
  MAX_LIST_FILTER,
  type EnumFilter,
} from '@diamond/contracts/http/stock.values'

export type { FieldProblem }

const problem = (field: string, message: string): FieldProblem => ({ field, in: 'body', message })

/**
 * What the schema cannot say about a filter: ranges upside down, values no master list has, and
 * price filters or price sorts from a user who may not see prices (refused, never silently dropped,
 * so nobody can learn prices by narrowing a range).
 */
export function filterProblems(filter: StoneFilter, showPrices: boolean, at = 'filter'): FieldProblem[] {
  const out: FieldProblem[] = []
  for (const k of RANGE_FILTERS) {
    const r = filter[k] as Range | Range[] | undefined
    if (!r) continue
    for (const [n, x] of (Array.isArray(r) ? r : [r]).entries()) {
      const name = Array.isArray(r) ? `${at}.${k}.${n}` : `${at}.${k}`
      if (x.from !== undefined && x.to !== undefined && x.from > x.to)
        out.push(problem(name, 'from must not be above to'))
      for (const v of [x.from, x.to])
        if (v !== undefined && Math.abs(v) > 1e12) out.push(problem(name, 'is out of range'))
    }
  }
  for (const k of ENUM_FILTERS) {
    const values = filter[k]
    if (!values) continue
    const known: readonly string[] = MASTERS[FILTER_MASTERS[k as EnumFilter]]
    const bad = values.filter((v) => !known.includes(v))
    if (bad.length) out.push(problem(`${at}.${k}`, `has unknown values: ${bad.slice(0, 5).join(', ')}`))
  }
  if (!showPrices)
    for (const k of PRICE_FILTERS)
      if (filter[k]) out.push(problem(`${at}.${k}`, 'is not available: prices are hidden for this account'))
  return out
}

export function sortProblems(sort: readonly SortKey[] | undefined, showPrices: boolean): FieldProblem[] {
  const out: FieldProblem[] = []
  const seen = new Set<string>()
  for (const [n, s] of (sort ?? []).entries()) {
    if (seen.has(s.field)) out.push(problem(`sort.${n}.field`, 'is given twice'))
    seen.add(s.field)
    if (!showPrices && (PRICE_SORTS as readonly string[]).includes(s.field))
      out.push(problem(`sort.${n}.field`, 'is not available: prices are hidden for this account'))
  }
  return out
}

/** A filter with nothing in it browses; anything else is a search (and meets the result limit). */
export function isEmptyFilter(filter: StoneFilter | undefined): boolean {
  if (!filter) return true
  return Object.values(filter).every(
    (v) =>
      v === undefined ||
      (Array.isArray(v) && v.length === 0) ||
      (typeof v === 'object' && !Array.isArray(v) && v.from === undefined && v.to === undefined),
  )
}

/**
 * The same search written twice (keys or list entries in another order, empty entries) gives the
 * same key, so a repeated recent search moves to the top instead of appearing twice.
 */
export function filterKey(filter: StoneFilter): string {
  const norm = (v: unknown): unknown => {
    if (Array.isArray(v)) {
      const items = v.map(norm)
      return items.every((x) => typeof x === 'string') ? [...new Set(items as string[])].sort() : items
    }
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v)
          .filter(([, x]) => x !== undefined && !(Array.isArray(x) && x.length === 0))
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, x]) => [k, norm(x)]),
      )
    }
    return v
  }
  return JSON.stringify(norm(filter))
}

const SHAPE_WORDS: Record<string, string> = {
  RD: 'ROUND',
  RB: 'ROUND',
  BR: 'ROUND',
  PR: 'PRINCESS',
  PS: 'PEAR',
  PE: 'PEAR',
  HT: 'HEART',
  HS: 'HEART',
  OV: 'OVAL',
  EM: 'EMERALD',
  RA: 'RADIANT',
  CU: 'CUSHION',
  CUS: 'CUSHION',
  MQ: 'MARQUISE',
  MAR: 'MARQUISE',
}

/**
 * Reads a quick search: a pasted list of stone or report numbers, or words such as
 * "1.01 round G VS1 GIA" (a carat, or a range like 1-1.5, shapes, colours, clarities, labs and
 * cut grades). Each word is read as the first thing it can be; words that are none of them are
 * taken as stone numbers.
 */
export function parseQuickSearch(text: string): StoneFilter {
  const words = text
    .toUpperCase()
    .split(/[\s,;]+/)
    .filter(Boolean)
    .slice(0, MAX_LIST_FILTER)
  const f: Record<string, string[]> = {}
  const add = (k: string, v: string) => ((f[k] ??= []).includes(v) ? undefined : f[k]!.push(v))
  const ids: string[] = []
  let crt: Range | undefined
  for (const w of words) {
    const range = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(w)
    const carat = /^(\d{1,2}\.\d{1,2}|\d(?:\.\d{0,2})?)(?:CT)?$/.exec(w)
    if (range && Number(range[1]) <= Number(range[2]) && Number(range[2]) < 100)
      crt = { from: Number(range[1]), to: Number(range[2]) }
    else if (carat && Number(carat[1]) > 0 && Number(carat[1]) < 100)
      crt = { from: Number(carat[1]), to: Number(carat[1]) }
    else if ((MASTERS.SHAPE as readonly string[]).includes(w)) add('shpNm', w)
    else if (SHAPE_WORDS[w]) add('shpNm', SHAPE_WORDS[w])
    else if ((MASTERS.COLOR as readonly string[]).includes(w)) add('colNm', w)
    else if ((MASTERS.CLARITY as readonly string[]).includes(w)) add('clrNm', w)
    else if ((MASTERS.LAB as readonly string[]).includes(w)) add('lbNm', w)
    else if (w === '3EX') ['cutNm', 'polNm', 'symNm'].forEach((k) => add(k, 'EX'))
    else ids.push(w)
  }
  const filter: StoneFilter = { ...f }
  if (crt) filter.crt = crt
  if (ids.length) filter.stoneIds = ids
  return filter
}
