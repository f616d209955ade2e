import type {
  ConciergeAnswer,
  ConciergeCreate,
  ConciergePage,
  ConciergePageRequest,
  ConciergeRequest,
  ContactCreate,
  ContactPage,
  FeedbackCreate,
  FeedbackPage,
  FeedbackQuestionList,
  FeedbackSummary,
} from '@diamond/contracts/http/care'
import type { EventPage, EventPageRequest, EventSave, PortalEvent } from '@diamond/contracts/http/content'
import { api } from '../../../lib/api'

export const feedbackQuestions = () => api<FeedbackQuestionList>('feedback/questions', {})
export const sendFeedback = (f: FeedbackCreate) => api<{ id: string }>('feedback/create', f, { loader: true })
export const feedbackPage = (page: number) => api<FeedbackPage>('feedback/paginate', { page, limit: 20 })
export const feedbackSummary = (by: 'week' | 'month') => api<FeedbackSummary>('feedback/summary', { by, periods: 8 })

export const askConcierge = (r: ConciergeCreate) => api<ConciergeRequest>('concierge/create', r, { loader: true })
export const conciergeRequests = (r: ConciergePageRequest) => api<ConciergePage>('concierge/paginate', r)
export const answerConcierge = (a: ConciergeAnswer) => api<ConciergeRequest>('concierge/answer', a, { loader: true })
export const closeConcierge = (id: string) => api<ConciergeRequest>('concierge/close', { id }, { loader: true })

export const sendContact = (c: ContactCreate) => api<{ id: string }>('contact/create', c, { loader: true })
export const contactMessages = (page: number) => api<ContactPage>('contact/paginate', { page, limit: 20 })

export const events = (r: EventPageRequest) => api<EventPage>('event/paginate', r)
export const saveEvent = (e: EventSave) => api<PortalEvent>('event/save', e, { loader: true })
export const deleteEvent = (id: string) => api<{ deleted: boolean }>('event/delete', { id }, { loader: true })
