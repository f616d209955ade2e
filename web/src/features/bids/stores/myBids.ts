import { proxy } from 'valtio'
import type { BidPageRequest, BidView } from '@diamond/contracts/http/bidding'
import type { ApiError } from '../../../lib/api'
import { listMyBids } from '../api/bids'

/** My bids as the spec's bid entity (type blind 1 / open 2, status pending 1 / win 2 / loss 3). */
export const myBids = proxy({
  list: null as BidView[] | null,
  count: 0,
  error: null as ApiError | null,
})

let seq = 0
export async function loadMyBids(req: BidPageRequest): Promise<void> {
  const mine = ++seq
  myBids.error = null
  const res = await listMyBids({ page: 1, limit: 250, ...req })
  if (mine !== seq) return
  if (res.error) {
    myBids.error = res.error
    return
  }
  myBids.list = res.data.list
  myBids.count = res.data.count
}

export function resetMyBids(): void {
  seq++
  myBids.list = null
  myBids.count = 0
  myBids.error = null
}
