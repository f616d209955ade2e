import { proxy, ref } from 'valtio'
import type { BidResult, LotPage, LotPageRequest, LotView } from '@diamond/contracts/http/bidding'
import type { BidKind } from '@diamond/contracts/http/bidding.values'
import type { BidFrame } from '@diamond/contracts/realtime'
import type { ApiError, ApiResult } from '../../../lib/api'
import { joinAuctions, live } from '../../../lib/realtime'
import {
  addToBidCart,
  createBid,
  listBidCart,
  listLots,
  raiseBid,
  removeFromBidCart,
  serverTime,
  withdrawBid,
} from '../api/bids'
import {
  applyClosed,
  applyExtended,
  applyHigh,
  applyPosition,
  awaitsResult,
  centsToUsd,
  clockOffset,
  mergeView,
  RESULT_WAIT_MS,
  requestIdFor,
  type LotState,
} from './bid.rules'

/**
 * The lots a bid page shows, one entry per lot keyed by id (a card subscribes to its own entry),
 * live while the page is open: the page sits in the rooms of the auctions its lots belong to, folds
 * pushed news into the entries, and reads everything again after a reconnect (pushes are at most
 * once). The countdown runs on the server's clock: `offsetMs` is kept from each answer's server time.
 */
/**
 * Where a page's lots come from: every open and upcoming lot (optionally of one kind), one
 * auction's lots with their results (the room), or my bid cart; a page of LOTS_PAGE at a time.
 */
export type LotSource = { kind: 'open'; only?: BidKind } | { kind: 'lots'; req: LotPageRequest } | { kind: 'cart' }
/** Lots per page: fewer than the 50 auction rooms a connection may sit in, whatever their auctions. */
export const LOTS_PAGE = 48
type Load = 'idle' | 'loading' | 'ready' | 'error'

export interface LotEntry {
  lot: LotState
  /** A bid (or withdrawal) of mine is on its way. */
  pending: boolean
  /** The bid I mean to place: a retry of the same amount keeps its requestId. */
  intent: { cents: number; requestId: string } | null
  /** In my bid cart (as the list said, then as I changed it here). */
  inCart: boolean
}

export const room = proxy({
  byId: ref({} as Record<string, LotEntry>),
  ids: [] as string[],
  count: 0,
  page: 1,
  load: 'idle' as Load,
  error: null as ApiError | null,
  /** Server clock minus this device's clock. */
  offsetMs: 0,
  source: null as LotSource | null,
  /** The auction rooms the server has let this page into (pushes flow for these). */
  joined: [] as string[],
})

let seq = 0

function read(source: LotSource, page: number): Promise<ApiResult<LotPage>> {
  const at = { page, limit: LOTS_PAGE }
  if (source.kind === 'cart') return listBidCart(at)
  if (source.kind === 'lots') return listLots({ ...at, ...source.req })
  // Filtered and paged by the service: every open or coming lot of the kind is reachable.
  return listLots({ ...at, unfinished: true, ...(source.only ? { kind: source.only } : {}) })
}

/** Reads the page's lots (again; `page` moves to another page) and sits in exactly their auctions' rooms. */
export async function loadLots(source: LotSource, opts: { quiet?: boolean; page?: number } = {}): Promise<void> {
  const mine = ++seq
  const fresh = JSON.stringify(source) !== JSON.stringify(room.source)
  if (fresh) {
    room.byId = ref({} as Record<string, LotEntry>)
    room.ids = []
    room.count = 0
    room.page = 1
    room.source = source
    room.joined = []
  }
  if (opts.page !== undefined && opts.page !== room.page) {
    room.page = opts.page
    room.byId = ref({} as Record<string, LotEntry>)
    room.ids = []
  }
  if (!opts.quiet) room.load = 'loading'
  const res = await read(source, room.page)
  const receivedAt = Date.now()
  if (mine !== seq) return
  if (res.error) {
    room.load = 'error'
    room.error = res.error
    return
  }
  room.offsetMs = clockOffset(res.data.serverTime, receivedAt)
  const byId: Record<string, LotEntry> = {}
  for (const v of res.data.list) {
    // A lot already shown keeps its entry (a bid of mine on its way settles into it).
    const old = room.byId[v.id]
    if (old) {
      old.lot = mergeView(old.lot, v)
      old.inCart = v.inCart ?? old.inCart
    }
    byId[v.id] = old ?? proxy({ lot: mergeView(undefined, v), pending: false, intent: null, inCart: v.inCart ?? false })
  }
  room.byId = ref(byId)
  room.ids = res.data.list.map((v) => v.id)
  room.count = res.data.count
  room.load = 'ready'
  room.error = null
  joinAuctions([...new Set(res.data.list.map((v) => v.auctionId))])
}

/** The server's clock read on its own (GET common/server-time), for a page that shows it before any list. */
export async function syncClock(): Promise<void> {
  const sentAt = Date.now()
  const res = await serverTime()
  if (res.error) return
  // Half the round trip is the best guess of when the server read its clock.
  room.offsetMs = res.data.epochMs - Math.round((sentAt + Date.now()) / 2)
}

let reloadTimer: ReturnType<typeof setTimeout> | null = null
/** A quiet re-read, once for a burst of reasons. */
function reloadSoon() {
  if (reloadTimer || !room.source) return
  reloadTimer = setTimeout(() => {
    reloadTimer = null
    if (room.source) void loadLots(room.source, { quiet: true })
  }, 100)
}

export function applyPush(f: BidFrame): void {
  const entry = room.byId[f.data.lotId]
  if (!entry) return
  if (f.type === 'bid.high') entry.lot = applyHigh(entry.lot, f.data)
  else if (f.type === 'bid.extended') entry.lot = applyExtended(entry.lot, f.data, Date.now())
  else if (f.type === 'bid.closed') {
    entry.lot = applyClosed(entry.lot, f.data)
    // The result's details (my bid's final status) are read from the API.
    reloadSoon()
  } else if (f.type === 'bid.position') {
    if (!entry.lot.my) reloadSoon()
    else entry.lot = applyPosition(entry.lot, f.data)
  }
}

/**
 * Follows the rooms while a bid page is open. A reconnect loses the rooms until they are joined
 * again; each confirmed join is followed by a quiet re-read, so a bid that came between the first
 * read and the join (or during an outage) is shown too.
 */
export function followRoom(): () => void {
  const offPush = live.on('bid', applyPush)
  // A result whose push was lost (or never came) is read from the API instead.
  const recheck = setInterval(() => {
    const now = Date.now() + room.offsetMs
    if (room.ids.some((id) => room.byId[id] && awaitsResult(room.byId[id]!.lot, now))) reloadSoon()
  }, RESULT_WAIT_MS)
  const offConnect = live.on('connect', () => {
    room.joined = []
  })
  const offJoined = live.on('auction.joined', (auctionId) => {
    if (!room.joined.includes(auctionId)) room.joined.push(auctionId)
    reloadSoon()
  })
  return () => {
    clearInterval(recheck)
    offPush()
    offConnect()
    offJoined()
    joinAuctions([])
    room.source = null
    room.joined = []
  }
}

function settle(entry: LotEntry, r: Pick<BidResult, 'lot'>): void {
  entry.lot = mergeView(entry.lot, r.lot)
}

/**
 * Places (or raises) my bid of `cents` per carat. The same amount retried keeps its requestId; an
 * answer that is a refusal clears the intent, a lost answer keeps it for the retry. Answers the bid
 * as stored (a bid at or over a buy-now price is stored at that price), or the refusal; nothing
 * when a bid of this lot is already on its way.
 */
export async function placeBid(
  lotId: string,
  cents: number,
): Promise<{ bid: BidResult['bid'] } | { error: ApiError } | null> {
  const entry = room.byId[lotId]
  if (!entry || entry.pending) return null
  const intent = requestIdFor(entry.intent ?? undefined, cents, () => crypto.randomUUID())
  entry.intent = intent
  entry.pending = true
  const hasBid = !!entry.lot.my && entry.lot.my.position !== 'won' && entry.lot.my.position !== 'lost'
  const send = hasBid ? raiseBid : createBid
  const res = await send({ lotId, pricePerCarat: centsToUsd(cents), requestId: intent.requestId })
  entry.pending = false
  if (res.error) {
    if (res.error.code !== 'E_NETWORK') entry.intent = null
    return { error: res.error }
  }
  entry.intent = null
  settle(entry, res.data)
  return { bid: res.data.bid }
}

/** Withdraws my sealed bid before the close. */
export async function withdraw(lotId: string): Promise<ApiError | null> {
  const entry = room.byId[lotId]
  if (!entry || entry.pending) return null
  entry.pending = true
  const res = await withdrawBid({ lotId, requestId: crypto.randomUUID() })
  entry.pending = false
  if (res.error) return res.error
  settle(entry, res.data)
  return null
}

export async function addToCart(lotId: string): Promise<ApiError | null> {
  const res = await addToBidCart({ lotIds: [lotId] })
  const entry = room.byId[lotId]
  if (!res.error && entry) entry.inCart = true
  return res.error
}

/** Takes a lot out of my bid cart; on the cart's page it leaves the list at once. */
export async function removeFromCart(lotId: string): Promise<ApiError | null> {
  const res = await removeFromBidCart({ lotIds: [lotId] })
  const entry = room.byId[lotId]
  if (!res.error && entry) entry.inCart = false
  if (!res.error && room.source?.kind === 'cart' && room.ids.includes(lotId)) {
    room.ids = room.ids.filter((id) => id !== lotId)
    room.count = Math.max(0, room.count - 1)
  }
  return res.error
}

/** The kinds to filter by on /search-bid-diamond. */
export const KIND_FILTERS: readonly (BidKind | 'all')[] = ['all', 'live', 'blind', 'lookAndBid', 'justBidIt']

export type { LotView }
