import type {
  BlockCreate,
  BlockCreated,
  BlockList,
  BlockPage,
  BlockRelease,
  MemoList,
  MemoPage,
} from '@diamond/contracts/http/blocks'
import type { BuyerHits, BuyerLookup } from '@diamond/contracts/http/buyers'
import type { StatusResult, StonePage } from '@diamond/contracts/http/stock'
import { api } from '../../../lib/api'

// Spec section 7: diamond-block/paginate and memo/paginate show the loading indicator.
export const listBlocks = (req: BlockList) => api<BlockPage>('diamond-block/paginate', req, { loader: true })
export const listMemo = (req: MemoList) => api<MemoPage>('memo/paginate', req, { loader: true })
export const releaseBlock = (req: BlockRelease) => api<StatusResult>('diamond-block/delete', req)

// Issue 26: the staff's memo desk puts stones on memo (or show, office) for a buyer and ends it.
export const createBlock = (req: BlockCreate) => api<BlockCreated>('diamond-block/create', req, { loader: true })
export const lookupUsers = (req: BuyerLookup) => api<BuyerHits>('user/lookup', req)
/** A stone by its number (the search's `stoneIds` finds the stone number, seller number or report). */
export const stoneByNumber = (vStnId: string) =>
  api<StonePage>('diamond/paginate', { page: 1, limit: 1, filter: { stoneIds: [vStnId] } })
