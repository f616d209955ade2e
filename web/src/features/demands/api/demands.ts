import type {
  Demand,
  DemandById,
  DemandCreate,
  DemandPage,
  DemandPaginate,
  DemandReplyRequest,
  DemandUpdate,
} from '@diamond/contracts/http/demands'
import { api } from '../../../lib/api'

export const listDemands = (req: DemandPaginate) => api<DemandPage>('diamond-demand/paginate', req, { loader: true })
export const demandById = (req: DemandById) => api<Demand>('diamond-demand/by-id', req)
export const createDemand = (req: DemandCreate) => api<Demand>('diamond-demand/create', req, { loader: true })
export const updateDemand = (req: DemandUpdate) => api<Demand>('diamond-demand/update', req, { loader: true })
export const deleteDemand = (req: DemandById) => api<null>('diamond-demand/delete', req, { loader: true })
export const replyToDemand = (req: DemandReplyRequest) => api<Demand>('diamond-demand/reply', req, { loader: true })
