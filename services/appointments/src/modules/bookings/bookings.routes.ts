import { Type } from 'typebox'
import { Envelope, Uuid } from '@diamond/contracts/common'
import {
  AppointmentCreate,
  AppointmentDestroy,
  AppointmentPage,
  AppointmentPageRequest,
  AppointmentReschedule,
  AppointmentView,
  ShowSelectionPage,
  ShowSelectionRequest,
  SlotPage,
  SlotPageRequest,
} from '@diamond/contracts/http/appointments'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { AppointmentService } from './bookings.service'

const tags = ['appointments']
const NoFields = Type.Object({}, { additionalProperties: false })
const OfficeList = Type.Object({
  list: Type.Array(
    Type.Object({
      id: Uuid,
      code: Type.String(),
      name: Type.String(),
      timeZone: Type.String(),
      slotMinutes: Type.Integer(),
      divisions: Type.Array(Type.String()),
    }),
  ),
})

/** The office module's rights (spec section 6): view to look, insert to book and change one's own. */
export default defineRoutes(function bookingRoutes(app, { bookings }: { bookings: AppointmentService }) {
  app.post(
    '/appointments/offices',
    {
      config: { permission: ['office', 'view'] },
      schema: {
        tags,
        summary: 'The offices one may book, with zone and slot length',
        body: NoFields,
        response: { 200: Envelope(OfficeList) },
      },
    },
    async () => ok(await bookings.officeList()),
  )

  app.post(
    '/cabin-slot/paginate',
    {
      config: { permission: ['office', 'view'] },
      schema: {
        tags,
        summary: "An office's slot board: each slot not begun with the bookings it still takes",
        body: SlotPageRequest,
        response: { 200: Envelope(SlotPage) },
      },
    },
    async (req) => ok(await bookings.slots(req.body)),
  )

  app.post(
    '/cabin-schedule/create',
    {
      config: {
        permission: ['office', 'insert'],
        member: true,
        errors: ['E_SLOT_INVALID', 'E_SLOT_TAKEN', 'E_APPOINTMENT_OVERLAP'],
      },
      schema: {
        tags,
        summary: 'Book a slot: a free cabin (none if virtual) and sales person are picked',
        body: AppointmentCreate,
        response: { 200: Envelope(AppointmentView) },
      },
    },
    async (req) => ok(await bookings.create(principal(req), req.body), 'Appointment booked'),
  )

  app.post(
    '/cabin-schedule/reschedule',
    {
      config: {
        permission: ['office', 'insert'],
        member: true,
        errors: ['E_SLOT_INVALID', 'E_SLOT_TAKEN', 'E_APPOINTMENT_OVERLAP', 'E_APPOINTMENT_CLOSED'],
      },
      schema: {
        tags,
        summary: 'Move one of my appointments (as buyer or its sales person) to another slot of its office',
        body: AppointmentReschedule,
        response: { 200: Envelope(AppointmentView) },
      },
    },
    async (req) => ok(await bookings.reschedule(principal(req), req.body), 'Appointment rescheduled'),
  )

  app.post(
    '/cabin-schedule/list',
    {
      config: { permission: ['office', 'view'] },
      schema: {
        tags,
        summary: 'My appointments: upcoming, archived or cancelled',
        body: AppointmentPageRequest,
        response: { 200: Envelope(AppointmentPage) },
      },
    },
    async (req) => ok(await bookings.list(principal(req), req.body)),
  )

  app.post(
    '/cabin-schedule/destroyDiamondAndSlot',
    {
      config: { permission: ['office', 'insert'], member: true, errors: ['E_APPOINTMENT_CLOSED'] },
      schema: {
        tags,
        summary: 'With stoneIds: take those stones off the appointment; without: cancel it',
        body: AppointmentDestroy,
        response: { 200: Envelope(AppointmentView) },
      },
    },
    async (req) =>
      ok(
        await bookings.destroy(principal(req), req.body),
        req.body.stoneIds ? 'Stones removed' : 'Appointment cancelled',
      ),
  )

  app.post(
    '/show-selection/paginate',
    {
      config: { permission: ['office', 'view'] },
      schema: {
        tags,
        summary: 'The stones to see at one of my appointments',
        body: ShowSelectionRequest,
        response: { 200: Envelope(ShowSelectionPage) },
      },
    },
    async (req) => ok(await bookings.stones(principal(req), req.body.appointmentId)),
  )
})
