import type { StoneStatus } from '@diamond/contracts/realtime'
import { live } from '../../lib/realtime'
import { dropStone, resyncAfterConnect } from './query'
import { setStatus, stoneField } from './rows'

/**
 * Pushed status changes into the rows. Pushes arrive in bursts (a batch a window, many windows a
 * second under load). They are gathered per stone (the newest version wins) and applied together
 * once per animation frame, so React commits at most once a frame however many changes arrive, and
 * scrolling keeps its frames.
 */

/** A pushed change counts only if it is newer than what the row shows. */
export function applyStatus(s: StoneStatus): void {
  const shown = stoneField(s.id, 'statusVersion')
  // A stone gone (removed, expired) leaves the grid, unless the row already shows a newer status: an
  // upload's relisting (a bulk event keyed by its seller) may overtake the expiry (keyed by the stone).
  if (s.gone) return shown !== undefined && s.version <= shown ? undefined : dropStone(s.id)
  // Its seller changed its price or details: the page is read again (a push carries no price).
  if (s.changed) readPageAgain()
  if (shown === undefined || s.version <= shown) return
  setStatus(s.id, s.wSts, s.availability, { statusVersion: s.version })
}

const queued = new Map<string, StoneStatus>()
let frame: number | ReturnType<typeof setTimeout> | null = null
const nextFrame = (fn: () => void) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(fn) : setTimeout(fn, 16)

export function flushQueuedStatus(): void {
  frame = null
  const list = [...queued.values()]
  queued.clear()
  for (const s of list) applyStatus(s)
}

/** A pushed change, applied with the others of this frame. */
export function queueStatus(s: StoneStatus): void {
  const seen = queued.get(s.id)
  if (!seen || seen.version < s.version) queued.set(s.id, s)
  frame ??= nextFrame(flushQueuedStatus)
}

/** At most one quiet re-read of the shown page per this long while stones keep arriving (an upload). */
const READ_AGAIN_MS = 2000
/** After the last push that asked for a re-read, one more re-read this much later (see readPageAgain). */
export const READ_LAST_AGAIN_MS = 3000
let readAgainTimer: ReturnType<typeof setTimeout> | null = null
let lastAgainTimer: ReturnType<typeof setTimeout> | null = null
let lastReadAgain = -Infinity

function readNowOrSoon(): void {
  if (readAgainTimer) return
  readAgainTimer = setTimeout(
    () => {
      readAgainTimer = null
      lastReadAgain = Date.now()
      resyncAfterConnect()
    },
    Math.max(0, lastReadAgain + READ_AGAIN_MS - Date.now()),
  )
}

/**
 * New stones reached stock (a seller's upload), or a stone shown was repriced or edited: the page
 * shown is read again, quietly, so new stones that match the search appear in place and changed ones
 * show their new price; a stream of changes re-reads it at most every two seconds. And once more a
 * little after the last such push: the push can reach the browser before the stock service that
 * answers the read has the stones in its search index (it takes them in just after the commit; another
 * instance learns them from the same events), and a read made in between would show the page without
 * them until the next push, which may never come (seen once in CI on a loaded machine).
 */
export function readPageAgain(): void {
  readNowOrSoon()
  if (lastAgainTimer) clearTimeout(lastAgainTimer)
  lastAgainTimer = setTimeout(() => {
    lastAgainTimer = null
    readNowOrSoon()
  }, READ_LAST_AGAIN_MS)
}

/** Wires pushed status changes, arrivals and reconnects into the grid's store; returns the unsubscribe. */
export function followLiveStatus(): () => void {
  const offStatus = live.on('stone.status', queueStatus)
  const offArrived = live.on('stones.arrived', readPageAgain)
  const offConnect = live.on('connect', resyncAfterConnect)
  return () => {
    offStatus()
    offArrived()
    offConnect()
    if (readAgainTimer) clearTimeout(readAgainTimer)
    if (lastAgainTimer) clearTimeout(lastAgainTimer)
    readAgainTimer = null
    lastAgainTimer = null
  }
}
