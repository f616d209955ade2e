import type { Range, StoneFilter } from '@diamond/contracts/http/stock'
import { FILTER_MASTERS } from '@diamond/contracts/masters'
import { RANGE_FILTERS } from '@diamond/contracts/http/stock.values'
import { chipValues, ID_LISTS, INCLUSION_CHIPS, OTHER_CHIPS, TRI_BOOLS, type ChipKey } from './form.rules'

/**
 * A search in one short line for the saved and recent lists: "ROUND · 1.00–1.49 ct · D–G · VS1, VS2".
 * Grades are trade codes and stay as they are; other filters are named (the caller translates the
 * names, so this stays pure), and long id lists are only counted.
 */
export type SummaryPart =
  | { kind: 'codes'; text: string }
  | { kind: 'field'; key: string; text: string }
  | { kind: 'bool'; key: string; value: boolean }
  | { kind: 'ids'; key: string; count: number }

/** Shown first and without a name: everyone reads "ROUND · 1.00 ct · G · VS1". */
const LEAD: readonly ChipKey[] = ['shpNm']
const AFTER_CARAT: readonly ChipKey[] = ['colNm', 'fcColNm', 'fcIntNm', 'fcOvtNm', 'clrNm']
/** Then the rest, in the form's order: grades, prices and proportions, inclusions, the other chips, flags, lists. */
const ORDER = [
  'cutNm',
  'polNm',
  'symNm',
  'fluNm',
  'lbNm',
  'locNm',
  'shdNm',
  ...RANGE_FILTERS.filter((k) => k !== 'crt'),
  ...INCLUSION_CHIPS,
  ...OTHER_CHIPS,
  ...TRI_BOOLS,
  ...ID_LISTS,
  'ids',
] as const satisfies readonly (keyof StoneFilter)[]
const COUNTED = new Set(['stoneIds', 'sellerStoneNo', 'pairNo', 'ids'])

const two = (n: number) => n.toFixed(2)
const plain = (n: number) => String(Number(n.toFixed(2)))

/** 1.00–1.49, ≥ 1.00, ≤ 1.49; `fmt` writes one end. */
export function rangeText(r: Range, fmt: (n: number) => string = plain): string {
  if (r.from !== undefined && r.to !== undefined) return r.from === r.to ? fmt(r.from) : `${fmt(r.from)}–${fmt(r.to)}`
  if (r.from !== undefined) return `≥ ${fmt(r.from)}`
  if (r.to !== undefined) return `≤ ${fmt(r.to)}`
  return ''
}

/**
 * Values of one master list: a run of three or more neighbours reads as "D–G", the rest are listed.
 * Values outside the list (should not happen) are listed after it.
 */
export function valuesText(values: readonly string[], order: readonly string[]): string {
  const known = values.filter((v) => order.includes(v)).sort((a, b) => order.indexOf(a) - order.indexOf(b))
  const unknown = values.filter((v) => !order.includes(v))
  const out: string[] = []
  let i = 0
  while (i < known.length) {
    let j = i
    while (j + 1 < known.length && order.indexOf(known[j + 1]!) === order.indexOf(known[j]!) + 1) j++
    if (j - i >= 2) out.push(`${known[i]}–${known[j]}`)
    else for (let k = i; k <= j; k++) out.push(known[k]!)
    i = j + 1
  }
  return [...out, ...unknown].join(', ')
}

/** The master order of a filter's values ([] for a key without a master list). */
const orderOf = (key: string): readonly string[] =>
  key === 'keyToSymbol' || key in FILTER_MASTERS ? chipValues(key as ChipKey) : []

export function summaryParts(filter: StoneFilter): SummaryPart[] {
  const f = filter as Record<string, unknown>
  const parts: SummaryPart[] = []
  const codes = (key: string) => {
    const v = f[key]
    if (Array.isArray(v) && v.length) parts.push({ kind: 'codes', text: valuesText(v as string[], orderOf(key)) })
  }
  for (const k of LEAD) codes(k)
  if (f.crt) {
    const list = Array.isArray(f.crt) ? (f.crt as Range[]) : [f.crt as Range]
    const text = list
      .map((r) => rangeText(r, two))
      .filter(Boolean)
      .join(', ')
    if (text) parts.push({ kind: 'codes', text: `${text} ct` })
  }
  if (f.isFcCol === true && !(Array.isArray(f.fcColNm) && f.fcColNm.length))
    parts.push({ kind: 'bool', key: 'isFcCol', value: true })
  for (const k of AFTER_CARAT) codes(k)
  if (isFullGrade(f, 'EX')) parts.push({ kind: 'codes', text: '3EX' })
  for (const key of ORDER) {
    if ((key === 'cutNm' || key === 'polNm' || key === 'symNm') && isFullGrade(f, 'EX')) continue
    const v = f[key]
    if (v === undefined) continue
    if (typeof v === 'boolean') parts.push({ kind: 'bool', key, value: v })
    else if (Array.isArray(v) && COUNTED.has(key)) {
      if (v.length) parts.push({ kind: 'ids', key, count: v.length })
    } else if (Array.isArray(v)) {
      if (v.length) parts.push({ kind: 'field', key, text: valuesText(v as string[], orderOf(key)) })
    } else if (typeof v === 'object' && v) {
      const text = rangeText(v as Range)
      if (text) parts.push({ kind: 'field', key, text })
    }
  }
  return parts
}

function isFullGrade(f: Record<string, unknown>, grade: string): boolean {
  return (['cutNm', 'polNm', 'symNm'] as const).every((k) => {
    const v = f[k]
    return Array.isArray(v) && v.length === 1 && v[0] === grade
  })
}

export interface SummaryWords {
  /** The filter's translated name. */
  label: (key: string) => string
  yes: string
  no: string
  /** "12 stone IDs" and the like, translated. */
  ids: (key: string, count: number) => string
  /** The line for a search without any filter. */
  all: string
}

/** The parts as one line, at most `max` parts shown and the rest counted as "+N". */
export function summaryText(parts: readonly SummaryPart[], words: SummaryWords, max = 8): string {
  if (parts.length === 0) return words.all
  const shown = parts.slice(0, max).map((p) => {
    if (p.kind === 'codes') return p.text
    if (p.kind === 'field') return `${words.label(p.key)} ${p.text}`
    if (p.kind === 'bool') return `${words.label(p.key)}: ${p.value ? words.yes : words.no}`
    return words.ids(p.key, p.count)
  })
  if (parts.length > max) shown.push(`+${parts.length - max}`)
  return shown.join(' · ')
}
