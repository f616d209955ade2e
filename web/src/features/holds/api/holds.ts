import type { BlockList, BlockPage, BlockRelease, MemoList, MemoPage } from '@diamond/contracts/http/blocks'
import type { StatusResult } from '@diamond/contracts/http/stock'
import { api } from '../../../lib/api'

// Spec section 7: diamond-block/paginate and memo/paginate show the loading indicator.
export const listBlocks = (req: BlockList) => api<BlockPage>('diamond-block/paginate', req, { loader: true })
export const listMemo = (req: MemoList) => api<MemoPage>('memo/paginate', req, { loader: true })
export const releaseBlock = (req: BlockRelease) => api<StatusResult>('diamond-block/delete', req)
