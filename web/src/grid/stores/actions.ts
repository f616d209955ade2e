import type { StoneRow } from '@diamond/contracts/http/stock'
import type { ApiError } from '../../lib/api'
import { holdStone, releaseHold } from '../api/stones'
import { resync } from './query'
import { setStatus, stoneField, write } from './rows'

/**
 * What the user does to a stone from the grid (or a detail page): hold and release it. A row shows
 * the action on its way (`pending`), then the status the server gave back.
 */

/** A status the server gave this user (their own hold or release): taken unless a newer one is shown. */
function applyOwn(id: string, s: Pick<StoneRow, 'wSts' | 'availability' | 'statusVersion' | 'heldByMe'>): void {
  const shown = stoneField(id, 'statusVersion')
  if (shown === undefined || s.statusVersion < shown) return
  setStatus(id, s.wSts, s.availability, { statusVersion: s.statusVersion, heldByMe: s.heldByMe })
}

export async function hold(id: string): Promise<ApiError | null> {
  if (stoneField(id, 'pending') !== false) return null
  write(id, { pending: true })
  const { error, data } = await holdStone({ id })
  // By id: a read while the hold was on its way may have put the stone elsewhere (or dropped it).
  write(id, { pending: false })
  if (error) {
    // Someone was quicker: show the row as it really is now.
    if (error.code === 'E_STONE_UNAVAILABLE') void resync()
    return error
  }
  applyOwn(id, { ...data, heldByMe: true })
  return null
}

export async function release(id: string): Promise<ApiError | null> {
  if (stoneField(id, 'pending') !== false) return null
  write(id, { pending: true })
  const { error, data } = await releaseHold({ id })
  write(id, { pending: false })
  if (error) {
    if (error.code === 'E_NOT_HOLDER' || error.code === 'E_NOT_FOUND') {
      write(id, { heldByMe: false })
      void resync()
    }
    return error
  }
  applyOwn(id, { ...data, heldByMe: false })
  return null
}

/**
 * Holds the selected stones one after another (a rush of parallel holds from one user helps
 * nobody). Stones shown on this page go through `hold` so their rows follow; others selected on
 * another page are held directly.
 */
export async function holdMany(ids: readonly string[]): Promise<{ held: number; failed: ApiError[] }> {
  let held = 0
  const failed: ApiError[] = []
  for (const id of ids) {
    if (stoneField(id, 'heldByMe') && stoneField(id, 'availability') === 'H') {
      held++
      continue
    }
    const err = stoneField(id, 'id') ? await hold(id) : (await holdStone({ id })).error
    if (err) failed.push(err)
    else held++
  }
  return { held, failed }
}
