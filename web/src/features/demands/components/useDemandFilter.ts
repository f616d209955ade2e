import { useEffect, useState } from 'react'
import type { StoneFilter } from '@diamond/contracts/http/stock'
import { demandById } from '../api/demands'

export type DemandFilter =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'ready'; filter: StoneFilter; title: string }
  | { state: 'error'; code: string; message: string }

/** The criteria of one of my demands named in the link (`?demand=<id>`), to show its stones in the grid. */
export function useDemandFilter(id: string | null): DemandFilter {
  const [found, setFound] = useState<DemandFilter>(id ? { state: 'loading' } : { state: 'none' })
  useEffect(() => {
    if (!id) {
      setFound({ state: 'none' })
      return
    }
    let live = true
    setFound({ state: 'loading' })
    void demandById({ id }).then(({ error, data }) => {
      if (!live) return
      setFound(error ? { state: 'error', code: error.code, message: error.message } : { state: 'ready', filter: data.filter, title: data.title })
    })
    return () => {
      live = false
    }
  }, [id])
  return found
}
