/** The appointments vocabulary as plain values (no TypeBox, so the web app can import it). */

/** booked → confirmed → done | no_show; booked or confirmed → cancelled. */
export const APPOINTMENT_STATUSES = ['booked', 'confirmed', 'done', 'no_show', 'cancelled'] as const
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number]

/** Spec section 4: the appointment lists. */
export const APPOINTMENT_TABS = ['upcoming', 'archived', 'cancelled'] as const
export type AppointmentTab = (typeof APPOINTMENT_TABS)[number]

/** The spec's flag set (section 9), as office codes. */
export const OFFICE_CODES = ['india', 'mumbai', 'hong-kong', 'new-york', 'dubai', 'belgium'] as const

/**
 * A slot's id: its office id and its start in UTC to the second, `<officeId>:2026-03-08T13:00:00Z`.
 * Stable (the same slot has the same id on every board and after a restart) and checked against
 * the office's hours when booked, so no slot table is needed.
 */
export const SLOT_ID_PATTERN =
  '^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:00Z)$'

/** The most days one slot board answers, and the most stones one appointment shows. */
export const MAX_BOARD_DAYS = 31
export const MAX_APPOINTMENT_STONES = 50
/** How far ahead a slot may be booked (a year and a day): the boards show no slot beyond it. */
export const BOOKING_HORIZON_DAYS = 366

/** A stone's state at an appointment (issue 24): asked of stock and not yet answered, blocked for the slot, refused, given back after a cancel. */
export const APPOINTMENT_STONE_STATES = ['pending', 'blocked', 'refused', 'released'] as const
export type AppointmentStoneState = (typeof APPOINTMENT_STONE_STATES)[number]
