import { useEffect, useState } from 'react'
import type { StoneMedia } from '@diamond/contracts/http/stock'
import { live, watchStones } from '../../../lib/realtime'
import { viewStone } from '../../../grid/api/stones'
import { followLiveStatus } from '../../../grid/stores/live'
import { adoptStone, ensureOwner } from '../../../grid/stores/query'

export type Viewed =
  | { state: 'loading' }
  /** The stone is in the live store while the page shows it: read it with useStoneEntry(id). */
  | { state: 'ready'; id: string; media: StoneMedia }
  | { state: 'error'; code: string; message: string }

/**
 * One stone by `diamond/view` (signed out too: prices are then left out by the server). Signed in,
 * the stone joins the live store, so its status follows pushes and Hold/Release work as in the grid.
 */
export function useStone(id: string, userId: string | null): Viewed {
  /** The last answer, and the stone and user it was for: another one is loading. */
  const [viewed, setViewed] = useState<{ for: string; viewed: Viewed } | null>(null)
  useEffect(() => {
    if (!userId) return
    ensureOwner(userId)
    return followLiveStatus()
  }, [userId])
  useEffect(() => {
    let live = true
    let unpin: (() => void) | null = null
    const asked = `${id}|${userId}`
    void viewStone({ id }).then(({ error, data }) => {
      if (!live) return
      if (error) {
        setViewed({ for: asked, viewed: { state: 'error', code: error.code, message: error.message } })
        return
      }
      const { media, ...row } = data
      unpin = adoptStone(row)
      if (userId) watchStones([row.id])
      setViewed({ for: asked, viewed: { state: 'ready', id: row.id, media } })
    })
    return () => {
      live = false
      unpin?.()
    }
  }, [id, userId])
  // Issue 26: an order of mine (a confirm, a won lot) may be this stone: read it again so it says
  // "Won by you" / "Bought by you" (the status push alone says only that it is sold).
  useEffect(() => {
    if (!userId) return
    return live.on('notification', (n) => {
      if (n.kind !== 'order.placed') return
      void viewStone({ id }).then(({ error, data }) => {
        if (error) return
        const { media: _media, ...row } = data
        // Adopted and released at once: the page's own pin keeps the entry, now up to date.
        adoptStone(row)()
      })
    })
  }, [id, userId])
  return viewed?.for === `${id}|${userId}` ? viewed.viewed : { state: 'loading' }
}
