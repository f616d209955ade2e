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
  if (s.gone) return dropStone(s.id)
  const shown = stoneField(s.id, 'statusVersion')
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
const ARRIVALS_READ_MS = 2000
let arrivalsTimer: ReturnType<typeof setTimeout> | null = null
let lastArrivalsRead = -Infinity

/**
 * New stones reached stock (a seller's upload): the page shown is read again, quietly, so those that
 * match the search appear in place; a stream of arrivals re-reads it at most every two seconds.
 */
export function readAgainForArrivals(): void {
  if (arrivalsTimer) return
  arrivalsTimer = setTimeout(
    () => {
      arrivalsTimer = null
      lastArrivalsRead = Date.now()
      resyncAfterConnect()
    },
    Math.max(0, lastArrivalsRead + ARRIVALS_READ_MS - Date.now()),
  )
}

/** Wires pushed status changes, arrivals and reconnects into the grid's store; returns the unsubscribe. */
export function followLiveStatus(): () => void {
  const offStatus = live.on('stone.status', queueStatus)
  const offArrived = live.on('stones.arrived', readAgainForArrivals)
  const offConnect = live.on('connect', resyncAfterConnect)
  return () => {
    offStatus()
    offArrived()
    offConnect()
    if (arrivalsTimer) clearTimeout(arrivalsTimer)
    arrivalsTimer = null
  }
}
