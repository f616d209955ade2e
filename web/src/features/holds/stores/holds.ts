import { proxy, ref } from 'valtio'
import type { BlockRow } from '@diamond/contracts/http/blocks'
import type { StoneStatus } from '@diamond/contracts/realtime'
import type { ApiError } from '../../../lib/api'
import { live, watchStones } from '../../../lib/realtime'
import { listBlocks, listMemo, releaseBlock } from '../api/holds'
import { clockOffset, stillListed } from './countdown.rules'

export type HoldKind = 'hold' | 'memo'

/** One row per stone, keyed by id: a row subscribes to its own entry, the list to the id order. */
export interface HoldEntry extends BlockRow {
  /** A release of mine is on its way. */
  pending: boolean
}

type Load = 'idle' | 'loading' | 'ready' | 'error'

export const holds = proxy({
  kind: 'hold' as HoldKind,
  byId: ref({} as Record<string, HoldEntry>),
  ids: [] as string[],
  count: 0,
  load: 'idle' as Load,
  errorCode: '',
  errorMessage: '',
  /** Server clock minus this device's clock (the countdown runs on the server's clock). */
  offsetMs: 0,
})

let seq = 0

/** Reads my holds (or memo stones) again and watches exactly those stones for pushed changes. */
export async function loadHolds(kind: HoldKind, opts: { quiet?: boolean } = {}): Promise<void> {
  const mine = ++seq
  if (holds.kind !== kind) {
    holds.kind = kind
    holds.byId = ref({} as Record<string, HoldEntry>)
    holds.ids = []
    holds.count = 0
  }
  if (!opts.quiet) holds.load = 'loading'
  const res = kind === 'hold' ? await listBlocks({ blockType: 1, limit: 1000 }) : await listMemo({ limit: 1000 })
  const receivedAt = Date.now()
  if (mine !== seq) return
  if (res.error) {
    holds.load = 'error'
    holds.errorCode = res.error.code
    holds.errorMessage = res.error.message
    return
  }
  const serverTime = (res.data as { serverTime?: string }).serverTime
  if (serverTime) holds.offsetMs = clockOffset(serverTime, receivedAt)
  const byId: Record<string, HoldEntry> = {}
  for (const row of res.data.list) byId[row.id] = proxy({ ...row, pending: false })
  holds.byId = ref(byId)
  holds.ids = res.data.list.map((r) => r.id)
  holds.count = res.data.count
  holds.load = 'ready'
  watchStones([...holds.ids])
}

/** A pushed change: a stone no longer held (expired, released elsewhere) or no longer on memo leaves the list. */
export function applyPush(s: StoneStatus): void {
  const e = holds.byId[s.id]
  if (!e || s.version <= e.statusVersion) return
  e.statusVersion = s.version
  e.availability = s.availability
  if (!stillListed(holds.kind, s.availability)) drop(s.id)
}

function drop(id: string): void {
  if (!holds.byId[id]) return
  const rest: Record<string, HoldEntry> = {}
  for (const k of holds.ids) if (k !== id && holds.byId[k]) rest[k] = holds.byId[k]
  holds.byId = ref(rest)
  holds.ids = holds.ids.filter((x) => x !== id)
  holds.count = Math.max(0, holds.count - 1)
  watchStones([...holds.ids])
}

/** Gives a stone back; on success (or when it was gone already) its row leaves the list. */
export async function releaseHold(id: string): Promise<ApiError | null> {
  const e = holds.byId[id]
  if (!e || e.pending) return null
  e.pending = true
  const { error } = await releaseBlock({ id })
  e.pending = false
  if (error && error.code !== 'E_NOT_FOUND') return error
  drop(id)
  return error
}

/** Follows pushes while the page is open, and reads the list again after a reconnect (pushes may have been missed). */
export function followHolds(): () => void {
  const offStatus = live.on('stone.status', applyPush)
  const offConnect = live.on('connect', () => void loadHolds(holds.kind, { quiet: true }))
  return () => {
    offStatus()
    offConnect()
    watchStones([])
  }
}
