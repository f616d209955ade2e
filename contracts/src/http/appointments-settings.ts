import { Type, type Static } from 'typebox'
import { CalendarDay, Uuid } from '../common'

/**
 * The office module's staff settings (`all`): offices with their hours, slot length, zone and
 * holidays; cabins; sales persons. Every call answers the office as it now is; boards and bookings
 * see a change at once.
 */

/** "HH:MM" 24-hour; "24:00" closes at midnight. */
const HourMinute = Type.String({ pattern: '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$' })
const Interval = Type.Tuple([HourMinute, HourMinute])
const Day = Type.Optional(Type.Array(Interval, { maxItems: 6 }))
/** Per day of the week, "0" Sunday … "6" Saturday: the open intervals [open, close) in the office's wall clock. */
export const WeeklyHoursSchema = Type.Object(
  { '0': Day, '1': Day, '2': Day, '3': Day, '4': Day, '5': Day, '6': Day },
  { additionalProperties: false },
)
const Name = Type.String({ minLength: 1, maxLength: 100 })
const Divisions = Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 20, uniqueItems: true })

export const HolidayView = Type.Object({ day: CalendarDay, name: Type.String() })
export const CabinView = Type.Object({ id: Uuid, name: Type.String(), division: Type.String(), active: Type.Boolean() })
export const SalesPersonView = Type.Object({
  id: Uuid,
  username: Type.String(),
  name: Type.String(),
  officeId: Uuid,
  divisions: Type.Array(Type.String()),
  /** Null: the office's opening hours. */
  workingHours: Type.Union([WeeklyHoursSchema, Type.Null()]),
  active: Type.Boolean(),
  /** Whether the auth user has signed in to appointments yet (sales persons are keyed by username). */
  linked: Type.Boolean(),
})

export const OfficeSettings = Type.Object({
  id: Uuid,
  code: Type.String(),
  name: Type.String(),
  timeZone: Type.String(),
  slotMinutes: Type.Integer(),
  openingHours: WeeklyHoursSchema,
  divisions: Type.Array(Type.String()),
  active: Type.Boolean(),
  position: Type.Integer(),
  holidays: Type.Array(HolidayView),
  cabins: Type.Array(CabinView),
  salesPersons: Type.Array(SalesPersonView),
})
export type OfficeSettings = Static<typeof OfficeSettings>

/** POST appointments/office/list {}: every office, inactive ones too, with all its settings. */
export const OfficeSettingsList = Type.Object({ list: Type.Array(OfficeSettings) })
export type OfficeSettingsList = Static<typeof OfficeSettingsList>

/** POST appointments/office/save: without `id` a new office (`code` then required), with it a change. */
export const OfficeSave = Type.Object(
  {
    id: Type.Optional(Uuid),
    code: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9-]{1,29}$' })),
    name: Name,
    /** An IANA zone (Europe/Brussels, Asia/Kolkata, UTC). */
    timeZone: Type.String({ minLength: 1, maxLength: 64 }),
    slotMinutes: Type.Union([Type.Literal(30), Type.Literal(60)]),
    openingHours: WeeklyHoursSchema,
    divisions: Type.Optional(Divisions),
    active: Type.Optional(Type.Boolean()),
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  },
  { additionalProperties: false },
)
export type OfficeSave = Static<typeof OfficeSave>

/** POST appointments/holiday/save (adds, or renames the day) and appointments/holiday/delete. */
export const HolidaySave = Type.Object(
  { officeId: Uuid, day: CalendarDay, name: Name },
  { additionalProperties: false },
)
export type HolidaySave = Static<typeof HolidaySave>
export const HolidayDelete = Type.Object({ officeId: Uuid, day: CalendarDay }, { additionalProperties: false })
export type HolidayDelete = Static<typeof HolidayDelete>

/**
 * POST appointments/cabin/save: without `id` a new cabin of `officeId`; with it a rename, a new
 * division, or `active: false` (refused with E_STILL_BOOKED while appointments to come use it).
 */
export const CabinSave = Type.Object(
  {
    id: Type.Optional(Uuid),
    officeId: Type.Optional(Uuid),
    name: Name,
    division: Type.String({ minLength: 1, maxLength: 50 }),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type CabinSave = Static<typeof CabinSave>

/**
 * POST appointments/sales-person/save: without `id` a new sales person (`username`, the auth login,
 * then required); with it a change. Moving to another office or `active: false` is refused with
 * E_STILL_BOOKED while appointments to come are theirs.
 */
export const SalesPersonSave = Type.Object(
  {
    id: Type.Optional(Uuid),
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    name: Name,
    officeId: Uuid,
    divisions: Type.Optional(Divisions),
    workingHours: Type.Optional(Type.Union([WeeklyHoursSchema, Type.Null()])),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type SalesPersonSave = Static<typeof SalesPersonSave>
