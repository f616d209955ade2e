import { useCallback, useEffect, useState } from 'react'
import type { ApiResult } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'

/** One page of a list from the server (the spec's default page size), with its error text. */
export function useList<T>(load: () => Promise<ApiResult<{ list: T[]; count: number }>>) {
  const [list, setList] = useState<T[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const reload = useCallback(async () => {
    setError(null)
    const r = await load()
    if (r.error) setError(codeText(r.error.code, r.error.message))
    else setList(r.data.list)
  }, [load])
  useEffect(() => void reload(), [reload])
  return { list, error, reload }
}
