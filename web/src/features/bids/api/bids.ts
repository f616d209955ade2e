import type {
  BidCartCreate,
  BidCreate,
  BidDelete,
  BidPage,
  BidPageRequest,
  BidResult,
  LotPage,
  LotPageRequest,
  LotView,
} from '@diamond/contracts/http/bidding'
import type { ServerTime } from '@diamond/contracts/http/misc'
import { api } from '../../../lib/api'

// Spec section 7: the calls marked * show the loading indicator; a bid itself does not (the box shows it).
export const listLots = (req: LotPageRequest) => api<LotPage>('diamond-bid/lot/paginate', req)
export const addToBidCart = (req: BidCartCreate) => api<unknown>('bid-cart/create', req, { loader: true })
export const listBidCart = (req: LotPageRequest) => api<LotPage>('bid-cart/paginate', req, { loader: true })
export const removeFromBidCart = (req: BidCartCreate) =>
  api<{ removed: number }>('bid-cart/delete', req, { loader: true })
export const listMyBids = (req: BidPageRequest) => api<BidPage>('dynamic-diamond-bid/paginate', req, { loader: true })
export const createBid = (req: BidCreate) => api<BidResult>('dynamic-diamond-bid/create', req)
export const raiseBid = (req: BidCreate) => api<BidResult>('dynamic-diamond-bid/update', req)
export const withdrawBid = (req: BidDelete) => api<{ lot: LotView }>('dynamic-diamond-bid/delete', req)
export const serverTime = () =>
  api<ServerTime>(`common/server-time?r=${Math.random().toString(36).slice(2)}`, undefined, { method: 'GET' })
