import { proxy } from 'valtio'
import type { BidPageRequest, BidView } from '@diamond/contracts/http/bidding'
import type { ApiError } from '../../../lib/api'
import { listMyBids } from '../api/bids'

/** My bids as the spec's bid entity (type blind 1 / open 2, status pending 1 / win 2 / loss 3). */
export const myBids = proxy({
  list: null as BidView[] | null,
  count: 0,
  page: 1,
  /** What the list shows (filters), for its other pages. */
  req: {} as BidPageRequest,
  error: null as ApiError | null,
})

export const BIDS_PAGE = 100

let seq = 0
export async function loadMyBids(req: BidPageRequest, page = 1): Promise<void> {
  const mine = ++seq
  myBids.error = null
  const res = await listMyBids({ ...req, page, limit: BIDS_PAGE })
  if (mine !== seq) return
  if (res.error) {
    myBids.error = res.error
    return
  }
  myBids.list = res.data.list
  myBids.count = res.data.count
  myBids.page = page
  myBids.req = req
}

export function resetMyBids(): void {
  seq++
  myBids.list = null
  myBids.count = 0
  myBids.page = 1
  myBids.error = null
}
