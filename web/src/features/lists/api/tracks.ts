import type {
  Comment,
  CommentUpsert,
  CounterOffer,
  Track,
  TrackCreate,
  TrackCreateResult,
  TrackDelete,
  TrackDeleteResult,
  TrackPage,
  TrackPaginate,
  TrackStatusUpdate,
} from '@diamond/contracts/http/tracks'
import { api } from '../../../lib/api'

// Spec section 7: every diamond-track and diamond-comment call shows the loading indicator.
export const trackPage = (req: TrackPaginate) => api<TrackPage>('diamond-track/paginate', req, { loader: true })
export const createTracks = (req: TrackCreate) => api<TrackCreateResult>('diamond-track/create', req, { loader: true })
export const deleteTracks = (req: TrackDelete) => api<TrackDeleteResult>('diamond-track/delete', req, { loader: true })
export const counterOffer = (req: CounterOffer) => api<Track>('diamond-track/counter-offer', req, { loader: true })
export const answerOffer = (req: TrackStatusUpdate) => api<Track>('diamond-track/status-update', req, { loader: true })
export const upsertComment = (req: CommentUpsert) => api<Comment>('diamond-comment/upsert', req, { loader: true })
