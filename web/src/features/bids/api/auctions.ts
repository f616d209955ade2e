import type {
  AuctionCreate,
  AuctionPage,
  AuctionPageRequest,
  AuctionStonePage,
  AuctionStonePageRequest,
  LotView,
} from '@diamond/contracts/http/bidding'
import { api } from '../../../lib/api'

export const listFreeStones = (req: AuctionStonePageRequest) => api<AuctionStonePage>('diamond-bid/auction/stones', req)
export const listAuctions = (req: AuctionPageRequest) =>
  api<AuctionPage>('diamond-bid/auction/paginate', req, { loader: true })
export const withdrawAuction = (auctionId: string) =>
  api<{ withdrawn: number }>('diamond-bid/auction/withdraw', { auctionId }, { loader: true })
export const createAuction = (req: AuctionCreate) =>
  api<{ auctionId: string; lots: LotView[] }>('diamond-bid/auction/create', req, { loader: true })
