import { useEffect, useState } from 'react'
import type { StoneFilter } from '@diamond/contracts/http/stock'
import { searchById } from '../api/stones'

export type SavedFilter =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'ready'; filter: StoneFilter; title: string }
  | { state: 'error'; code: string; message: string }

/** The filter of a saved (or recent) search named in the path, read with `diamond/search/by-id`. */
export function useSavedFilter(id: string | undefined): SavedFilter {
  const [found, setFound] = useState<SavedFilter>(id ? { state: 'loading' } : { state: 'none' })
  useEffect(() => {
    if (!id) {
      setFound({ state: 'none' })
      return
    }
    let live = true
    setFound({ state: 'loading' })
    void searchById({ id }).then(({ error, data }) => {
      if (!live) return
      setFound(error ? { state: 'error', code: error.code, message: error.message } : { state: 'ready', filter: data.filter, title: data.title })
    })
    return () => {
      live = false
    }
  }, [id])
  return found
}
