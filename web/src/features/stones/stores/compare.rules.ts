import { MAX_COMPARE } from '../../../grid/stores/selection.rules'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The stones of `?ids=`: well-formed ids, once each, at most ten (spec: compare up to 10). */
export function compareIds(param: string | null): string[] {
  const out: string[] = []
  for (const raw of (param ?? '').split(',')) {
    const id = raw.trim().toLowerCase()
    if (UUID.test(id) && !out.includes(id)) out.push(id)
    if (out.length === MAX_COMPARE) break
  }
  return out
}

/** A compared attribute whose values are not all the same is marked. */
export const differs = (values: readonly string[]): boolean => values.some((v) => v !== values[0])
