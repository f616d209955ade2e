import { useCallback, useSyncExternalStore } from 'react'
import { shownKeyOf, stones, watchEntry, type StoneEntry } from '../stores/stones'

/**
 * The stone's entry in the store, read directly: the component renders again when what the entry
 * shows changes (its key), and for nothing else. No snapshot copies, no tracking proxies per render.
 */
export function useStoneEntry(id: string): StoneEntry | undefined {
  const sub = useCallback((onChange: () => void) => watchEntry(id, onChange), [id])
  useSyncExternalStore(sub, () => {
    const e = stones.byId[id]
    return e ? shownKeyOf(e) : ''
  })
  return stones.byId[id]
}

/** The same for an entry a page holds itself (the detail and DNA pages' stone, in the store or not). */
export function useEntry(entry: StoneEntry): StoneEntry {
  const sub = useCallback((onChange: () => void) => watchEntry(entry.id, onChange), [entry])
  useSyncExternalStore(sub, () => shownKeyOf(entry))
  return entry
}
