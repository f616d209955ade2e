import { useCallback, useEffect, useState } from 'react'
import type { ApiResult } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'

/**
 * One page of a list from the server (the spec's default page size), with its error text. `load`
 * is a module-level call (its identity never changes); `reload` reads again (a Retry).
 */
export function useList<T>(load: () => Promise<ApiResult<{ list: T[]; count: number }>>) {
  const [list, setList] = useState<T[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [reads, setReads] = useState(0)
  useEffect(() => {
    let live = true
    void load().then((r) => {
      if (!live) return
      if (r.error) setError(codeText(r.error.code, r.error.message))
      else setList(r.data.list)
    })
    return () => {
      live = false
    }
  }, [load, reads])
  /** The error goes at once, the list comes with the answer. */
  const reload = useCallback(() => {
    setError(null)
    setReads((n) => n + 1)
  }, [])
  return { list, error, reload }
}
