import { useCallback, useEffect, useState, type DependencyList } from 'react'
import type { ApiError, ApiResult } from './api'

/**
 * What a read from the server answered, read again whenever `deps` change; an answer to an older
 * read that comes after a newer one was asked is dropped. `reload` reads again with the same deps
 * (after a change the screen made itself, or a Retry). A failed read answers its error and no data,
 * so the screen shows the error with its Retry. The deps are checked by eslint's exhaustive-deps
 * (configured for this hook), as an effect's are.
 */
export function useRead<T>(read: () => Promise<ApiResult<T>>, deps: DependencyList) {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  const [reads, setReads] = useState(0)
  useEffect(() => {
    let live = true
    void read().then((r) => {
      if (!live) return
      setError(r.error)
      setData(r.data)
    })
    return () => {
      live = false
    }
    // The caller's deps stand for what `read` closes over (checked at the call by exhaustive-deps).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, reads])
  const reload = useCallback(() => setReads((n) => n + 1), [])
  return { data, error, reload }
}
