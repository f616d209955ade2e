import { proxy } from 'valtio'
import type { AuctionStone, AuctionSummary } from '@diamond/contracts/http/bidding'
import { BID_KIND_RULES, type BidKind } from '@diamond/contracts/http/bidding.values'
import type { ApiError } from '../../../lib/api'
import { createAuction, listAuctions, listFreeStones, withdrawAuction } from '../api/auctions'
import {
  draftErrors,
  draftLot,
  newDraft,
  serverFieldErrors,
  toRequest,
  type AuctionDraft,
  type DraftErrors,
} from './auctionForm.rules'

export const STONES_PAGE = 20
export const AUCTIONS_PAGE = 20

/** The staff auction screen: the auctions, the stones a new one may take, and the one being set up. */
export const auctions = proxy({
  list: null as AuctionSummary[] | null,
  count: 0,
  page: 1,
  error: null as ApiError | null,
  stones: null as AuctionStone[] | null,
  stonesCount: 0,
  stonesPage: 1,
  search: '',
  stonesError: null as ApiError | null,
  draft: newDraft(Date.now()) as AuctionDraft,
  errors: {} as DraftErrors,
  /** The refusal of the last create, when it was not about a field. */
  failure: null as ApiError | null,
  /** Stones another auction took meanwhile (E_STONE_UNAVAILABLE). */
  unavailable: [] as string[],
  /** Offered stones the last change of kind had to drop (the new kind does not take their status). */
  dropped: 0,
  saving: false,
})

let listSeq = 0
export async function loadAuctions(page = auctions.page): Promise<void> {
  const mine = ++listSeq
  auctions.error = null
  const res = await listAuctions({ page, limit: AUCTIONS_PAGE })
  if (mine !== listSeq) return
  if (res.error) {
    auctions.error = res.error
    return
  }
  auctions.list = res.data.list
  auctions.count = res.data.count
  auctions.page = page
}

let stoneSeq = 0
export async function loadStones(page = auctions.stonesPage): Promise<void> {
  const mine = ++stoneSeq
  auctions.stonesError = null
  const search = auctions.search.trim()
  const res = await listFreeStones({
    page,
    limit: STONES_PAGE,
    kind: auctions.draft.kind,
    ...(search ? { search } : {}),
  })
  if (mine !== stoneSeq) return
  if (res.error) {
    auctions.stonesError = res.error
    return
  }
  auctions.stones = res.data.list
  auctions.stonesCount = res.data.count
  auctions.stonesPage = page
}

/** A fresh screen: a new draft on the server's clock as the browser knows it, the first pages. */
export function openAuctions(nowMs: number): void {
  auctions.draft = newDraft(nowMs)
  auctions.errors = {}
  auctions.failure = null
  auctions.unavailable = []
  auctions.dropped = 0
  auctions.search = ''
  void loadAuctions(1)
  void loadStones(1)
}

export function setKind(kind: BidKind): void {
  if (auctions.draft.kind === kind) return
  auctions.draft.kind = kind
  // Each kind takes stones of its own statuses: offered stones the new kind does not take are dropped
  // (and the screen says how many); the others keep their prices.
  const allowed = BID_KIND_RULES[kind].allowDiamondFilterWSts
  const keep = auctions.draft.lots.filter((l) => allowed.includes(l.stone.wSts))
  auctions.dropped = auctions.draft.lots.length - keep.length
  auctions.draft.lots = keep
  auctions.errors = {}
  void loadStones(1)
}

export function toggleStone(stone: AuctionStone): void {
  auctions.dropped = 0
  const lots = auctions.draft.lots
  const at = lots.findIndex((l) => l.stone.stoneId === stone.stoneId)
  if (at >= 0) lots.splice(at, 1)
  else lots.push(draftLot(stone))
  auctions.errors = {}
}

/** Checks the draft, then creates the auction; the new auction's id, or null when it was refused. */
export async function submitAuction(nowMs: number): Promise<string | null> {
  auctions.failure = null
  auctions.unavailable = []
  auctions.errors = draftErrors(auctions.draft, nowMs)
  if (Object.keys(auctions.errors).length) return null
  auctions.saving = true
  const res = await createAuction(toRequest(auctions.draft))
  auctions.saving = false
  if (res.error) {
    if (res.error.code === 'E_VALIDATION') auctions.errors = serverFieldErrors(res.error.data)
    if (res.error.code === 'E_STONE_UNAVAILABLE') {
      // Marked in the offered stones, and the free ones read again (they are no longer among them).
      auctions.unavailable = ((res.error.data as { ids?: string[] } | null)?.ids ?? []).map((id) =>
        String(id).toLowerCase(),
      )
      void loadStones()
    }
    if (!Object.keys(auctions.errors).length && !auctions.unavailable.length) auctions.failure = res.error
    return null
  }
  auctions.draft = { ...newDraft(nowMs), kind: auctions.draft.kind }
  void loadAuctions(1)
  void loadStones(1)
  return res.data.auctionId
}

/** Withdraws an auction (its running lots end without a winner); how many lots, or the refusal. */
export async function withdraw(auctionId: string): Promise<{ withdrawn: number } | { error: ApiError }> {
  const res = await withdrawAuction(auctionId)
  if (res.error) return { error: res.error }
  void loadAuctions()
  void loadStones()
  return res.data
}
