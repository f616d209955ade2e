import { Type, type Static } from 'typebox'
import { CalendarDay, literals, Uuid } from '../common'
import {
  APPOINTMENT_STONE_STATES,
  APPOINTMENT_STATUSES,
  APPOINTMENT_TABS,
  MAX_APPOINTMENT_STONES,
  MAX_BOARD_DAYS,
  SLOT_ID_PATTERN,
} from './appointments.values'

export * from './appointments.values'

/** ISO 8601 with the office's offset: 2026-03-08T09:00:00-04:00. */
const Time = Type.String({ format: 'date-time' })
export const SlotId = Type.String({ pattern: SLOT_ID_PATTERN, maxLength: 60 })
const StoneIds = Type.Array(Uuid, { minItems: 1, maxItems: MAX_APPOINTMENT_STONES, uniqueItems: true })

export const AppointmentStatus = literals(APPOINTMENT_STATUSES)
export const AppointmentTab = literals(APPOINTMENT_TABS)
export type AppointmentStatus = Static<typeof AppointmentStatus>
export type AppointmentTab = Static<typeof AppointmentTab>

/** POST cabin-slot/paginate: an office's slot board (the first office when none is named), from `date` (the office's today) for `days` (7). */
export const SlotPageRequest = Type.Object(
  {
    officeId: Type.Optional(Uuid),
    date: Type.Optional(CalendarDay),
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_BOARD_DAYS })),
    virtual: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type SlotPageRequest = Static<typeof SlotPageRequest>

export const SlotView = Type.Object({
  id: SlotId,
  officeId: Uuid,
  startsAt: Time,
  endsAt: Time,
  /** Bookings the slot still takes: cabins (or, virtual, sales persons) free with a sales person. */
  free: Type.Integer({ minimum: 0 }),
})
export type SlotView = Static<typeof SlotView>
export const SlotPage = Type.Object({ list: Type.Array(SlotView) })
export type SlotPage = Static<typeof SlotPage>

/** POST cabin-schedule/create. */
export const AppointmentCreate = Type.Object(
  {
    slotId: SlotId,
    purpose: Type.String({ minLength: 1, maxLength: 500 }),
    stoneIds: Type.Optional(StoneIds),
    virtual: Type.Optional(Type.Boolean()),
    demandId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
)
export type AppointmentCreate = Static<typeof AppointmentCreate>

/** POST cabin-schedule/reschedule: the same appointment in another slot of its office. */
export const AppointmentReschedule = Type.Object({ id: Uuid, slotId: SlotId }, { additionalProperties: false })
export type AppointmentReschedule = Static<typeof AppointmentReschedule>

/** POST cabin-schedule/destroyDiamondAndSlot: with stoneIds those stones leave the appointment; without, it is cancelled. */
export const AppointmentDestroy = Type.Object(
  { id: Uuid, stoneIds: Type.Optional(StoneIds) },
  { additionalProperties: false },
)
export type AppointmentDestroy = Static<typeof AppointmentDestroy>

/** POST cabin-schedule/list. */
export const AppointmentPageRequest = Type.Object(
  {
    tab: AppointmentTab,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
)
export type AppointmentPageRequest = Static<typeof AppointmentPageRequest>

/**
 * A stone to see: `blocked` once stock has held it for the slot, `reason` (OFFICE_BLOCK_REASONS) when
 * it could not. `state` says the same in one word: `pending` while stock has not answered (asked, not
 * yet blocked: never shown as blocked), `blocked`, `refused`, or `released` after a cancel. A stone
 * lying elsewhere than the office is flagged with its `location` and transfer lead time in working
 * days; `outsideIndia` marks the spec's notice (not deliverable in India without the sales person).
 */
export const AppointmentStone = Type.Object({
  id: Uuid,
  blocked: Type.Optional(Type.Boolean()),
  reason: Type.Optional(Type.String()),
  state: Type.Optional(literals(APPOINTMENT_STONE_STATES)),
  location: Type.Optional(Type.String()),
  transferDays: Type.Optional(Type.Integer({ minimum: 0 })),
  outsideIndia: Type.Optional(Type.Boolean()),
})
export type AppointmentStone = Static<typeof AppointmentStone>

export const AppointmentView = Type.Object({
  id: Uuid,
  status: AppointmentStatus,
  startsAt: Time,
  endsAt: Time,
  officeId: Uuid,
  office: Type.Object({ id: Uuid, code: Type.String(), name: Type.String(), timeZone: Type.String() }),
  cabin: Type.Union([Type.Object({ id: Uuid, name: Type.String(), division: Type.String() }), Type.Null()]),
  salesPerson: Type.Object({ id: Uuid, name: Type.String() }),
  purpose: Type.String(),
  virtual: Type.Boolean(),
  demandId: Type.Union([Uuid, Type.Null()]),
  version: Type.Integer({ minimum: 1 }),
  stones: Type.Array(AppointmentStone),
  /** The meeting link of a virtual appointment, shown only to its buyer and its sales person. */
  room: Type.Optional(Type.String()),
})
export type AppointmentView = Static<typeof AppointmentView>

export const AppointmentPage = Type.Object({ list: Type.Array(AppointmentView), count: Type.Integer({ minimum: 0 }) })
export type AppointmentPage = Static<typeof AppointmentPage>

/** POST show-selection/paginate: the stones of one appointment. */
export const ShowSelectionRequest = Type.Object({ appointmentId: Uuid }, { additionalProperties: false })
export const ShowSelectionPage = Type.Object({
  list: Type.Array(AppointmentStone),
  count: Type.Integer({ minimum: 0 }),
})
export type ShowSelectionPage = Static<typeof ShowSelectionPage>
