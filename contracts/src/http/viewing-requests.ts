import { Type, type Static } from 'typebox'
import { literals, Uuid } from '../common'
import { AppointmentView, SlotId } from './appointments'
import { MAX_REQUEST_STONES, VIEWING_REQUEST_STATUSES } from './viewing-requests.values'

export * from './viewing-requests.values'

const Time = Type.String({ format: 'date-time' })
const Note = Type.String({ minLength: 1, maxLength: 500 })

export const ViewingRequestStatus = literals(VIEWING_REQUEST_STATUSES)
export type ViewingRequestStatus = Static<typeof ViewingRequestStatus>

/** POST viewing-request/create: the buyer asks to see these stones at the office, no slot chosen. */
export const ViewingRequestCreate = Type.Object(
  {
    officeId: Uuid,
    stoneIds: Type.Array(Uuid, { minItems: 1, maxItems: MAX_REQUEST_STONES, uniqueItems: true }),
    note: Type.Optional(Note),
  },
  { additionalProperties: false },
)
export type ViewingRequestCreate = Static<typeof ViewingRequestCreate>

/**
 * POST viewing-request/paginate: a buyer sees their own requests; a sales person their office's;
 * staff with the office module's `all` every office's (narrowed by `officeId`). Newest first.
 */
export const ViewingRequestPageRequest = Type.Object(
  {
    status: Type.Optional(ViewingRequestStatus),
    officeId: Type.Optional(Uuid),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
)
export type ViewingRequestPageRequest = Static<typeof ViewingRequestPageRequest>

export const ViewingRequestView = Type.Object({
  id: Uuid,
  status: ViewingRequestStatus,
  office: Type.Object({ id: Uuid, code: Type.String(), name: Type.String(), timeZone: Type.String() }),
  buyer: Type.Object({ id: Uuid, username: Type.String(), company: Type.String() }),
  stoneIds: Type.Array(Uuid),
  note: Type.Union([Type.String(), Type.Null()]),
  /** The sales side's note when it declined. */
  answer: Type.Union([Type.String(), Type.Null()]),
  /** The appointment it became, once accepted. */
  appointmentId: Type.Union([Uuid, Type.Null()]),
  createdAt: Time,
  updatedAt: Time,
})
export type ViewingRequestView = Static<typeof ViewingRequestView>

export const ViewingRequestPage = Type.Object({
  list: Type.Array(ViewingRequestView),
  count: Type.Integer({ minimum: 0 }),
})
export type ViewingRequestPage = Static<typeof ViewingRequestPage>

/**
 * POST viewing-request/accept: the sales side books one of the office's slots for the buyer with the
 * request's stones (the booking path of cabin-schedule/create: one booking per cabin slot, the
 * buyer never double booked). `purpose` defaults to the request's note (else "Office viewing").
 */
export const ViewingRequestAccept = Type.Object(
  { id: Uuid, slotId: SlotId, purpose: Type.Optional(Note), virtual: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
)
export type ViewingRequestAccept = Static<typeof ViewingRequestAccept>
export const ViewingRequestAccepted = Type.Object({ request: ViewingRequestView, appointment: AppointmentView })
export type ViewingRequestAccepted = Static<typeof ViewingRequestAccepted>

/** POST viewing-request/decline: the sales side says no, with a note the buyer reads. */
export const ViewingRequestDecline = Type.Object({ id: Uuid, note: Note }, { additionalProperties: false })
export type ViewingRequestDecline = Static<typeof ViewingRequestDecline>

/** POST viewing-request/withdraw: the buyer takes back an open request. */
export const ViewingRequestWithdraw = Type.Object({ id: Uuid }, { additionalProperties: false })
export type ViewingRequestWithdraw = Static<typeof ViewingRequestWithdraw>
