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
export function useNamedFilter(id: string | null | undefined, read: (req: { id: string }) => Promise<ApiResult<{ filter: StoneFilter; title: string }>>): SavedFilter {
  const [found, setFound] = useState<SavedFilter>(id ? { state: 'loading' } : { state: 'none' })
  useEffect(() => {
    if (!id) {
      setFound({ state: 'none' })
      return
    }
    let live = true
    setFound({ state: 'loading' })
    void read({ id }).then(({ error, data }) => {
      if (!live) return
      setFound(error ? { state: 'error', code: error.code, message: error.message } : { state: 'ready', filter: data.filter, title: data.title })
    })
    return () => {
      live = false
    }
    // `read` names an API call, a module-level function: the id alone decides.
  }, [id])
  return found
}

/** The filter of a saved (or recent) search named in the path, read with `diamond/search/by-id`. */
export const useSavedFilter = (id: string | undefined): SavedFilter => useNamedFilter(id, searchById)
