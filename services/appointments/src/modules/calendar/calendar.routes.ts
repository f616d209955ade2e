import { AppointmentView } from '@diamond/contracts/http/appointments'
import {
  APPOINTMENT_MARKS,
  AppointmentMark,
  CalendarPage,
  CalendarRequest,
} from '@diamond/contracts/http/appointments-calendar'
import { Envelope } from '@diamond/contracts/common'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { CalendarService } from './calendar.service'

const tags = ['appointments']
const SUMMARY = {
  confirm: 'Confirm a booked appointment (its sales person, or office staff)',
  done: 'Mark an appointment done once it has begun',
  'no-show': 'Mark that the buyer did not come, once it has begun',
} as const
const MESSAGE = { confirm: 'Appointment confirmed', done: 'Appointment done', 'no-show': 'Marked as no-show' } as const

/** The sales side's calendar and marks: office view to read (the service narrows to one's own), insert to mark. */
export default defineRoutes(function calendarRoutes(app, { calendar }: { calendar: CalendarService }) {
  app.post(
    '/cabin-schedule/calendar',
    {
      config: { permission: ['office', 'view'], member: true },
      schema: {
        tags,
        summary: "The sales calendar: a day or a week of an office's appointments (one's own, or any for office staff)",
        body: CalendarRequest,
        response: { 200: Envelope(CalendarPage) },
      },
    },
    async (req) => ok(await calendar.calendar(principal(req), req.body)),
  )

  for (const mark of APPOINTMENT_MARKS)
    app.post(
      `/cabin-schedule/${mark}`,
      {
        config: { permission: ['office', 'insert'], member: true, errors: ['E_APPOINTMENT_MARK'] },
        schema: { tags, summary: SUMMARY[mark], body: AppointmentMark, response: { 200: Envelope(AppointmentView) } },
      },
      async (req) => ok(await calendar.mark(principal(req), mark, req.body), MESSAGE[mark]),
    )
})
