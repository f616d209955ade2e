import { Type, type Static } from 'typebox'
import { Uuid } from '../common'

export const AppointmentsTopics = { appointment: 'appointments.appointment' } as const

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
} as const
export type AppointmentEventType = (typeof AppointmentEventTypes)[keyof typeof AppointmentEventTypes]

const Time = Type.String({ format: 'date-time' })

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
    previous: Type.Optional(Type.Object({ startsAt: Time, endsAt: Time })),
    removedStoneIds: Type.Optional(Type.Array(Uuid)),
    /** A virtual appointment's meeting link (for the two parties' mails and .ics); absent otherwise. */
    room: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
)
export type AppointmentChanged = Static<typeof AppointmentChanged>
