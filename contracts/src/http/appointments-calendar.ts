import { Type, type Static } from 'typebox'
import { CalendarDay, Uuid } from '../common'
import { AppointmentStatus } from './appointments'
import { CALENDAR_DAYS } from './appointments-calendar.values'

export * from './appointments-calendar.values'

const Time = Type.String({ format: 'date-time' })

/**
 * POST cabin-schedule/calendar: the sales calendar of one office for a day or a week, from `from`
 * (the office's calendar day). Staff with the office module's `all` see every appointment of the
 * office (narrowed by cabin or sales person); a sales person without it sees their own.
 */
export const CalendarRequest = Type.Object(
  {
    /** Default: the caller's own office as a sales person, else the first office. */
    officeId: Type.Optional(Uuid),
    from: CalendarDay,
    days: Type.Union([Type.Literal(CALENDAR_DAYS[0]), Type.Literal(CALENDAR_DAYS[1])]),
    cabinId: Type.Optional(Uuid),
    salesPersonId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
)
export type CalendarRequest = Static<typeof CalendarRequest>

export const CalendarEntry = Type.Object({
  id: Uuid,
  status: AppointmentStatus,
  /** In the office's offset. */
  startsAt: Time,
  endsAt: Time,
  officeId: Uuid,
  cabin: Type.Union([Type.Object({ id: Uuid, name: Type.String() }), Type.Null()]),
  salesPerson: Type.Object({ id: Uuid, name: Type.String() }),
  /** As the buyer signed in when booking (or asking, for an accepted viewing request). */
  buyer: Type.Object({ id: Uuid, username: Type.String(), company: Type.String() }),
  purpose: Type.String(),
  virtual: Type.Boolean(),
  stonesCount: Type.Integer({ minimum: 0 }),
  version: Type.Integer({ minimum: 1 }),
  /** The meeting link of a virtual appointment (the sales side is one of its two parties). */
  room: Type.Optional(Type.String()),
})
export type CalendarEntry = Static<typeof CalendarEntry>

export const CalendarPage = Type.Object({
  office: Type.Object({ id: Uuid, code: Type.String(), name: Type.String(), timeZone: Type.String() }),
  from: CalendarDay,
  days: Type.Integer(),
  /** The office's cabins and sales persons (active ones), for the calendar's columns and filters. */
  cabins: Type.Array(Type.Object({ id: Uuid, name: Type.String() })),
  salesPersons: Type.Array(Type.Object({ id: Uuid, name: Type.String() })),
  /** Every appointment starting in the range, cancelled ones included, by start. */
  list: Type.Array(CalendarEntry),
})
export type CalendarPage = Static<typeof CalendarPage>

/**
 * POST cabin-schedule/confirm | done | no-show: the sales side marks an appointment (its own, or
 * any of an office with `all`). `version`, when given, must be the one the caller saw.
 */
export const AppointmentMark = Type.Object(
  { id: Uuid, version: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
)
export type AppointmentMark = Static<typeof AppointmentMark>
