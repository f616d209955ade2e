import type { PageRequest } from '@diamond/contracts/common'
import type { HoldRequest, HoldResult, StatusResult, StonePage } from '@diamond/contracts/http/stock'
import { api } from '../../../lib/api'

export const paginateStones = (req: PageRequest) => api<StonePage>('diamond/paginate', req)
export const holdStone = (req: HoldRequest) => api<HoldResult>('diamond/hold', req)
export const releaseHold = (req: HoldRequest) => api<StatusResult>('diamond/hold/release', req)
