/** Office viewing requests: who sees which, who may answer or withdraw one. Pure. */
import type { ActorRole, ViewingRequestChanged } from '@diamond/contracts/events/appointments'
import type { ViewingRequestView } from '@diamond/contracts/http/viewing-requests'
import type { ViewingRequest } from './requests.schema'

export interface Caller {
  id: string
  /** The office module's `all`. */
  staff: boolean
  /** The office of the caller's own sales-person row, if they are a sales person. */
  salesOfficeId: string | null
}

/**
 * Which requests a list shows: office staff every office's (or the one asked); a sales person their
 * office's; anyone else their own as buyer.
 */
export function listScope(c: Caller, asked: { officeId?: string }): { buyerId?: string; officeId?: string } {
  if (c.staff) return asked.officeId ? { officeId: asked.officeId } : {}
  if (c.salesOfficeId) return { officeId: c.salesOfficeId }
  return { buyerId: c.id, ...(asked.officeId ? { officeId: asked.officeId } : {}) }
}

/** How the caller stands to one request: its buyer, the sales side (office staff, or a sales person of its office), or a stranger (not found). */
export function standing(c: Caller, r: Pick<ViewingRequest, 'buyerId' | 'officeId'>): ActorRole | null {
  if (r.buyerId === c.id) return 'buyer'
  if (c.salesOfficeId === r.officeId) return 'sales'
  if (c.staff) return 'staff'
  return null
}

/** What an action may do to a request, or why not: only an open request is answered or withdrawn, each by its side. */
export function actionProblem(
  role: ActorRole,
  status: ViewingRequest['status'],
  action: 'accept' | 'decline' | 'withdraw',
): 'E_FORBIDDEN' | 'E_REQUEST_CLOSED' | null {
  if ((action === 'withdraw') !== (role === 'buyer')) return 'E_FORBIDDEN'
  return status === 'open' ? null : 'E_REQUEST_CLOSED'
}

/** The purpose of the appointment a request becomes: as the sales side says, else the buyer's note. */
export const purposeOf = (asked: string | undefined, note: string | null): string =>
  asked?.trim() || note?.trim() || 'Office viewing'

export function toRequestView(
  r: ViewingRequest,
  office: { id: string; code: string; name: string; timeZone: string },
): ViewingRequestView {
  return {
    id: r.id,
    status: r.status,
    office,
    buyer: { id: r.buyerId, username: r.buyerName, company: r.buyerCompany },
    stoneIds: r.stoneIds,
    note: r.note,
    answer: r.answer,
    appointmentId: r.appointmentId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }
}

/** The data of a viewing request's event. */
export function requestEventData(
  r: ViewingRequest,
  officeName: string,
  by: string,
  byRole: ActorRole,
): ViewingRequestChanged {
  return {
    requestId: r.id,
    buyerId: r.buyerId,
    officeId: r.officeId,
    officeName,
    stoneIds: r.stoneIds,
    note: r.note,
    status: r.status,
    appointmentId: r.appointmentId,
    answer: r.answer,
    by,
    byRole,
  }
}
