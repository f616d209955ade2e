import { useEffect, useState } from 'react'
import { API_BASE } from './api'
import { session } from './session'

/**
 * A stored image (a company's logo or cover), fetched with the session's token (an <img> cannot
 * send it); null until it arrives, or when there is none or it cannot be read.
 */
export function useStoredImage(fileId: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!fileId) return
    let live = true
    let made: string | null = null
    const headers: Record<string, string> = session.token ? { authorization: `JWT ${session.token}` } : {}
    fetch(`${API_BASE}/upload-file/${encodeURIComponent(fileId)}`, { headers })
      .then(async (res) => {
        if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/')) return
        const blob = await res.blob()
        if (!live) return
        made = URL.createObjectURL(blob)
        setUrl(made)
      })
      .catch((err: unknown) => console.debug('image unavailable', err))
    return () => {
      live = false
      if (made) URL.revokeObjectURL(made)
      setUrl(null)
    }
  }, [fileId])
  return url
}
