import { proxy } from 'valtio'
import type { DEFAULT_PAGE_SIZE } from '@diamond/contracts/common'
import type { Availability } from '@diamond/contracts/events/stock'
import type { StonePage, StoneRow } from '@diamond/contracts/http/stock'
import type { StoneStatus } from '@diamond/contracts/realtime'
import type { ApiError } from '../../../lib/api'
import { onConnect, onStoneStatus, watchStones } from '../../../lib/realtime'
import { holdStone, paginateStones, releaseHold } from '../api/stones'

/**
 * One proxy entry per stone, keyed by id; the page is an ordered id list. A row subscribes to its
 * own entry only, so a status change re-renders that row and nothing else.
 */
export interface StoneEntry extends StoneRow {
  /** The status changed a moment ago. */
  flash: boolean
  /** A hold or release of mine is on its way. */
  pending: boolean
}

/** The spec's page size, typed by the contract's constant so the two cannot drift (no TypeBox in the bundle). */
export const PAGE_SIZE: typeof DEFAULT_PAGE_SIZE = 250
export const FLASH_MS = 3_000

type Load = 'idle' | 'loading' | 'ready' | 'error'

export const stones = proxy({
  byId: {} as Record<string, StoneEntry>,
  ids: [] as string[],
  page: 1,
  count: 0,
  load: 'idle' as Load,
  errorCode: '',
  owner: null as string | null,
})

const flashTimers = new Map<string, ReturnType<typeof setTimeout>>()
let loadSeq = 0
let resyncAfterLoad = false

export const pageCount = (count: number) => Math.max(1, Math.ceil(count / PAGE_SIZE))

function flash(e: StoneEntry): void {
  e.flash = true
  clearTimeout(flashTimers.get(e.id))
  flashTimers.set(
    e.id,
    setTimeout(() => {
      e.flash = false
      flashTimers.delete(e.id)
    }, FLASH_MS),
  )
}

function setStatus(e: StoneEntry, wSts: string, availability: Availability): void {
  if (e.wSts === wSts && e.availability === availability) return
  e.wSts = wSts
  e.availability = availability
  // Pushes never say who holds a stone; one that is no longer held is nobody's.
  if (availability !== 'H') e.heldByMe = false
  flash(e)
}

/** A status the server gave this user (a page read, or their own hold or release). */
function applyOwn(e: StoneEntry, s: Pick<StoneRow, 'wSts' | 'availability' | 'statusVersion' | 'heldByMe'>): void {
  if (s.statusVersion < e.statusVersion) return
  e.statusVersion = s.statusVersion
  setStatus(e, s.wSts, s.availability)
  e.heldByMe = s.heldByMe
}

/** A pushed change counts only if it is newer than what the row shows. */
export function applyStatus(s: StoneStatus): void {
  const e = stones.byId[s.id]
  if (!e || s.version <= e.statusVersion) return
  e.statusVersion = s.version
  setStatus(e, s.wSts, s.availability)
}

function mergePage(page: number, data: StonePage): void {
  const ids = data.list.map((r) => r.id)
  const keep = new Set(ids)
  for (const id of Object.keys(stones.byId)) if (!keep.has(id)) delete stones.byId[id]
  for (const row of data.list) {
    const cur = stones.byId[row.id]
    if (!cur) {
      stones.byId[row.id] = { ...row, flash: false, pending: false }
      continue
    }
    // A pushed change may be newer than this read: keep whichever status is newer.
    const { wSts, availability, statusVersion, heldByMe, ...rest } = row
    Object.assign(cur, rest)
    if (statusVersion > cur.statusVersion) applyOwn(cur, { wSts, availability, statusVersion, heldByMe })
  }
  // Same ids in the same order: leave the list alone so it does not re-render.
  if (ids.length !== stones.ids.length || ids.some((id, i) => id !== stones.ids[i])) stones.ids = ids
  stones.page = page
  stones.count = data.count
}

export async function loadPage(page: number, opts: { quiet?: boolean } = {}): Promise<void> {
  const seq = ++loadSeq
  if (!opts.quiet) {
    stones.load = 'loading'
    stones.errorCode = ''
  }
  const { error, data } = await paginateStones({ page, limit: PAGE_SIZE })
  if (seq !== loadSeq) return // a newer load has started
  if (error) {
    if (!opts.quiet) {
      stones.load = 'error'
      stones.errorCode = error.code
    }
    return
  }
  mergePage(page, data)
  stones.load = 'ready'
  watchStones(stones.ids)
  if (resyncAfterLoad) {
    resyncAfterLoad = false
    void resync()
  }
}

/** Re-reads the visible page, e.g. after a reconnect: socket.io delivers at most once. */
export function resync(): Promise<void> {
  return loadPage(stones.page, { quiet: true })
}

/** Forgets the last user's page and holds when someone else signs in. */
export function ensureOwner(userId: string): void {
  if (stones.owner === userId) return
  for (const t of flashTimers.values()) clearTimeout(t)
  flashTimers.clear()
  stones.byId = {}
  stones.ids = []
  stones.page = 1
  stones.count = 0
  stones.load = 'idle'
  stones.errorCode = ''
  stones.owner = userId
}

/** Wires pushed status changes and reconnects into this store; returns the unsubscribe. */
export function followLiveStatus(): () => void {
  const offStatus = onStoneStatus(applyStatus)
  const offConnect = onConnect(() => {
    if (stones.load === 'ready') void resync()
    // The page being read may predate this connection: read it again once it lands.
    else if (stones.load === 'loading') resyncAfterLoad = true
  })
  return () => {
    offStatus()
    offConnect()
  }
}

export async function hold(id: string): Promise<ApiError | null> {
  const e = stones.byId[id]
  if (!e || e.pending) return null
  e.pending = true
  const { error, data } = await holdStone({ id })
  e.pending = false
  if (error) {
    // Someone was quicker: show the row as it really is now.
    if (error.code === 'E_STONE_UNAVAILABLE') void resync()
    return error
  }
  applyOwn(e, { ...data, heldByMe: true })
  return null
}

export async function release(id: string): Promise<ApiError | null> {
  const e = stones.byId[id]
  if (!e || e.pending) return null
  e.pending = true
  const { error, data } = await releaseHold({ id })
  e.pending = false
  if (error) {
    if (error.code === 'E_NOT_HOLDER' || error.code === 'E_NOT_FOUND') {
      e.heldByMe = false
      void resync()
    }
    return error
  }
  applyOwn(e, { ...data, heldByMe: false })
  return null
}
