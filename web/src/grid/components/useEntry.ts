import { useCallback, useSyncExternalStore } from 'react'
import { entryOf, shownKeyOf, watchEntry, type StoneEntry } from '../stores/rows'

/**
 * The stone's entry in the store, read directly: the component renders again when what the entry
 * shows changes (its key), and for nothing else. No snapshot copies, no tracking proxies per render.
 */
export function useStoneEntry(id: string): StoneEntry | undefined {
  const sub = useCallback((onChange: () => void) => watchEntry(id, onChange), [id])
  useSyncExternalStore(sub, () => {
    const e = entryOf(id)
    return e ? shownKeyOf(e) : ''
  })
  return entryOf(id)
}
