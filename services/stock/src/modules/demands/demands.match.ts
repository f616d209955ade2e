import type { StoneFilter } from '@diamond/contracts/http/stock'
import { compile, makeTest } from '../search/search.filter'
import { StoneIndex, type IndexSource } from '../search/stone-index'

/**
 * One stone against many demands, with the search's own filter evaluation: the stone goes into a
 * one-stone index and each demand's filter is compiled and tested against it, so a demand matches
 * exactly when a search with its filter would find the stone. Pure; the stone is read from the
 * database by the caller (the consumer's transaction), not from this instance's index, which may not
 * have heard of the stone yet.
 */
export function matchingDemands<T extends { filter: StoneFilter }>(stone: IndexSource, demands: readonly T[]): T[] {
  if (!demands.length) return []
  const index = new StoneIndex(16)
  const slot = index.put(stone)
  return demands.filter((d) => {
    const c = compile(index, d.filter)
    if (c.empty) return false
    if (c.candidates && !c.candidates.includes(slot)) return false
    return makeTest(index, c)(slot)
  })
}
