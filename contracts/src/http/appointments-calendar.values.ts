/** The sales calendar's views: a day or a week. */
export const CALENDAR_DAYS = [1, 7] as const
export type CalendarDays = (typeof CALENDAR_DAYS)[number]

/** The sales side's marks on an appointment, as call names (cabin-schedule/<mark>). */
export const APPOINTMENT_MARKS = ['confirm', 'done', 'no-show'] as const
export type AppointmentMarkName = (typeof APPOINTMENT_MARKS)[number]
