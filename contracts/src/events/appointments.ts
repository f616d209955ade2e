import { Type, type Static } from 'typebox'
import { literals, Uuid } from '../common'

export const AppointmentsTopics = {
  appointment: 'appointments.appointment',
  viewingRequest: 'appointments.viewing-request',
  slot: 'appointments.slot',
  office: 'appointments.office',
} as const

/**
 * The appointments service's events, keyed by appointment id. Each carries what stock (block the
 * stones for the slot, release them) and notifications (tell the other side, remind, .ics) need
 * without asking back.
 */
export const AppointmentEventTypes = {
  booked: 'appointments.appointment.booked',
  /** Moved to another slot (and maybe another cabin or sales person): `previous` has the old times. */
  rescheduled: 'appointments.appointment.rescheduled',
  cancelled: 'appointments.appointment.cancelled',
  /** Some stones were taken off the appointment (`removedStoneIds`); the rest stay. */
  stonesRemoved: 'appointments.appointment.stones-removed',
  /** The sales person (or staff) confirmed a booked appointment. */
  confirmed: 'appointments.appointment.confirmed',
  /** Marked done after its start. */
  done: 'appointments.appointment.done',
  /** The buyer did not come: marked after its start. */
  noShow: 'appointments.appointment.no-show',
} as const
export type AppointmentEventType = (typeof AppointmentEventTypes)[keyof typeof AppointmentEventTypes]

const Time = Type.String({ format: 'date-time' })

/** Who acted, by role: the buyer, the appointment's (or office's) sales person, or other staff with the office module's `all`. */
export const ACTOR_ROLES = ['buyer', 'sales', 'staff'] as const
export type ActorRole = (typeof ACTOR_ROLES)[number]
export const ActorRole = literals(ACTOR_ROLES)

export const AppointmentChanged = Type.Object(
  {
    appointmentId: Uuid,
    buyerId: Uuid,
    salesPersonId: Uuid,
    /** The sales person's auth user, when known. */
    salesPersonUserId: Type.Union([Uuid, Type.Null()]),
    officeId: Uuid,
    officeName: Type.String(),
    timeZone: Type.String(),
    cabinId: Type.Union([Uuid, Type.Null()]),
    cabinName: Type.Union([Type.String(), Type.Null()]),
    /** UTC. */
    startsAt: Time,
    endsAt: Time,
    virtual: Type.Boolean(),
    purpose: Type.String(),
    /** The stones still on the appointment. */
    stoneIds: Type.Array(Uuid),
    status: Type.String(),
    version: Type.Integer({ minimum: 1 }),
    /** Who did it: the buyer or the sales person (auth user id). */
    by: Uuid,
    /** The same by role: whom to tell (the buyer is told what the sales side did, and back). */
    byRole: ActorRole,
    /** A move's old slot, and the sales person it had when another took it over (null: not linked yet). */
    previous: Type.Optional(
      Type.Object({
        startsAt: Time,
        endsAt: Time,
        salesPersonUserId: Type.Optional(Type.Union([Uuid, Type.Null()])),
      }),
    ),
    removedStoneIds: Type.Optional(Type.Array(Uuid)),
    /** A virtual appointment's meeting link (for the two parties' mails and .ics); absent otherwise. */
    room: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
)
export type AppointmentChanged = Static<typeof AppointmentChanged>

/** Office viewing requests (spec list type request 3, show select 8), keyed by request id. */
export const ViewingRequestEventTypes = {
  created: 'appointments.viewing-request.created',
  /** A sales person booked it: `appointmentId` names the appointment (its own booked event follows). */
  accepted: 'appointments.viewing-request.accepted',
  /** A sales person declined it with `answer`. */
  declined: 'appointments.viewing-request.declined',
  /** The buyer withdrew it. */
  withdrawn: 'appointments.viewing-request.withdrawn',
} as const
export type ViewingRequestEventType = (typeof ViewingRequestEventTypes)[keyof typeof ViewingRequestEventTypes]

export const ViewingRequestChanged = Type.Object(
  {
    requestId: Uuid,
    buyerId: Uuid,
    officeId: Uuid,
    officeName: Type.String(),
    stoneIds: Type.Array(Uuid),
    note: Type.Union([Type.String(), Type.Null()]),
    status: Type.String(),
    appointmentId: Type.Union([Uuid, Type.Null()]),
    /** The sales side's note when declining. */
    answer: Type.Union([Type.String(), Type.Null()]),
    by: Uuid,
    byRole: ActorRole,
    /** On `created`: the users of the office's active sales persons, who are told of it (none linked: the sales team). */
    salesUserIds: Type.Optional(Type.Array(Uuid)),
  },
  { additionalProperties: false },
)
export type ViewingRequestChanged = Static<typeof ViewingRequestChanged>

/**
 * A slot of an office board was taken or freed (booked, moved, cancelled): what it takes now.
 * Keyed by office id, so an office's changes stay in order; computed under the slot's lock, so the
 * last one a board hears for a slot is the truth. The gateway pushes it to the office's board room.
 */
export const SlotEventTypes = { changed: 'appointments.slot.changed' } as const
export const SlotChanged = Type.Object(
  {
    officeId: Uuid,
    slotId: Type.String(),
    /** UTC. */
    startsAt: Time,
    endsAt: Time,
    /** Bookings the slot still takes in a cabin, and as a virtual meeting (as cabin-slot/paginate counts them). */
    free: Type.Integer({ minimum: 0 }),
    freeVirtual: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
)
export type SlotChanged = Static<typeof SlotChanged>

/** Staff changed an office's hours, slot length, zone, holidays, cabins or sales persons: its boards read again. Keyed by office id. */
export const OfficeEventTypes = { changed: 'appointments.office.changed' } as const
export const OfficeChanged = Type.Object(
  {
    officeId: Uuid,
    what: Type.Union([
      Type.Literal('office'),
      Type.Literal('holiday'),
      Type.Literal('cabin'),
      Type.Literal('sales-person'),
    ]),
  },
  { additionalProperties: false },
)
export type OfficeChanged = Static<typeof OfficeChanged>
