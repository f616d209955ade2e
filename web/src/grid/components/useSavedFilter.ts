import { useEffect, useState } from 'react'
import type { StoneFilter } from '@diamond/contracts/http/stock'
import type { ApiResult } from '../../lib/api'
import { searchById } from '../api/stones'

export type SavedFilter =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'ready'; filter: StoneFilter; title: string }
  | { state: 'error'; code: string; message: string }

/** Reads a titled filter by its id (a saved search, a demand) for the grid; none without an id. */
export function useNamedFilter(
  id: string | null | undefined,
  read: (req: { id: string }) => Promise<ApiResult<{ filter: StoneFilter; title: string }>>,
): SavedFilter {
  /** The last answer, and the id it was for: another id is loading. */
  const [found, setFound] = useState<{ id: string; found: SavedFilter } | null>(null)
  // `read` names an API call, a module-level function: in practice the id alone decides.
  useEffect(() => {
    if (!id) return
    let live = true
    void read({ id }).then(({ error, data }) => {
      if (!live) return
      setFound({
        id,
        found: error
          ? { state: 'error', code: error.code, message: error.message }
          : { state: 'ready', filter: data.filter, title: data.title },
      })
    })
    return () => {
      live = false
    }
  }, [id, read])
  if (!id) return { state: 'none' }
  return found?.id === id ? found.found : { state: 'loading' }
}

/** The filter of a saved (or recent) search named in the path, read with `diamond/search/by-id`. */
export const useSavedFilter = (id: string | undefined): SavedFilter => useNamedFilter(id, searchById)
