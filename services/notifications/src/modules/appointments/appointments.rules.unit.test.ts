import { describe, expect, it } from 'vitest'
import {
  AppointmentEventTypes,
  ViewingRequestEventTypes,
  type AppointmentChanged,
  type ViewingRequestChanged,
} from '@diamond/contracts/events/appointments'
import {
  appointmentNotices,
  viewingRequestNotices,
  type AppointmentEvent,
  type ViewingRequestEvent,
} from './appointments.rules'

const BUYER = '11111111-1111-4111-8111-111111111111'
const SALES = '22222222-2222-4222-8222-222222222222'
const OTHER_SALES = '33333333-3333-4333-8333-333333333333'
const STAFF = '44444444-4444-4444-8444-444444444444'

const data = (over: Partial<AppointmentChanged> = {}): AppointmentChanged => ({
  appointmentId: '55555555-5555-4555-8555-555555555555',
  buyerId: BUYER,
  salesPersonId: '66666666-6666-4666-8666-666666666666',
  salesPersonUserId: SALES,
  officeId: '77777777-7777-4777-8777-777777777777',
  officeName: 'Belgium',
  timeZone: 'Europe/Brussels',
  cabinId: null,
  cabinName: null,
  startsAt: '2027-03-15T13:00:00.000Z',
  endsAt: '2027-03-15T14:00:00.000Z',
  virtual: false,
  purpose: 'Rounds',
  stoneIds: [],
  status: 'booked',
  version: 2,
  by: BUYER,
  byRole: 'buyer',
  ...over,
})
const event = (type: AppointmentEvent['type'], d: AppointmentChanged) => ({ type, data: d }) as AppointmentEvent
const told = (e: AppointmentEvent) => appointmentNotices(e).map((n) => [n.userId, n.params.by, n.params.away ?? null])

describe('who is told of an appointment', () => {
  it('tells the sales person what the buyer did, and the buyer what the sales person did', () => {
    expect(told(event(AppointmentEventTypes.booked, data()))).toEqual([[SALES, 'buyer', null]])
    expect(told(event(AppointmentEventTypes.cancelled, data({ by: SALES, byRole: 'sales' })))).toEqual([
      [BUYER, 'sales', null],
    ])
  })

  it('tells both the buyer and the sales person when other staff acted for them', () => {
    expect(told(event(AppointmentEventTypes.cancelled, data({ by: STAFF, byRole: 'staff' })))).toEqual([
      [BUYER, 'sales', null],
      [SALES, 'sales', null],
    ])
  })

  it('tells the sales person a move took the appointment from, at its old time', () => {
    const moved = data({
      salesPersonUserId: OTHER_SALES,
      previous: { startsAt: '2027-03-14T09:00:00.000Z', endsAt: '2027-03-14T10:00:00.000Z', salesPersonUserId: SALES },
    })
    const notices = appointmentNotices(event(AppointmentEventTypes.rescheduled, moved))
    expect(notices.map((n) => [n.userId, n.params.away ?? null])).toEqual([
      [OTHER_SALES, null],
      [SALES, 1],
    ])
    expect(notices[1]!.params.startsAt).toBe('2027-03-14T09:00:00.000Z')
    // Taking stones off tells no one.
    expect(told(event(AppointmentEventTypes.stonesRemoved, data()))).toEqual([])
  })

  it("marks the sales side's notices, so they lead to the calendar", () => {
    const notices = appointmentNotices(event(AppointmentEventTypes.cancelled, data({ by: STAFF, byRole: 'staff' })))
    expect(notices.map((n) => n.params.for ?? null)).toEqual([null, 'sales'])
  })
})

describe('who is told of a viewing request', () => {
  const request = (over: Partial<ViewingRequestChanged> = {}): ViewingRequestChanged => ({
    requestId: '99999999-9999-4999-8999-999999999999',
    buyerId: BUYER,
    officeId: '77777777-7777-4777-8777-777777777777',
    officeName: 'Belgium',
    stoneIds: ['55555555-5555-4555-8555-555555555555'],
    note: null,
    status: 'open',
    appointmentId: null,
    answer: null,
    by: BUYER,
    byRole: 'buyer',
    ...over,
  })
  const of = (type: ViewingRequestEvent['type'], d: ViewingRequestChanged) =>
    viewingRequestNotices({ type, data: d } as ViewingRequestEvent)

  it("tells a new one to the office's sales persons, or the sales team while none is linked", () => {
    expect(
      of(ViewingRequestEventTypes.created, request({ salesUserIds: [SALES, OTHER_SALES, SALES] })).map((n) => n.userId),
    ).toEqual([SALES, OTHER_SALES])
    expect(of(ViewingRequestEventTypes.created, request())).toEqual([
      expect.objectContaining({ userId: null, audience: 'sales', kind: 'viewing.requested' }),
    ])
  })

  it('tells its buyer of a decline with the answer, and nobody of a withdrawal', () => {
    expect(of(ViewingRequestEventTypes.declined, request({ status: 'declined', answer: 'Sold', by: SALES }))).toEqual([
      expect.objectContaining({
        userId: BUYER,
        kind: 'viewing.declined',
        params: expect.objectContaining({ answer: 'Sold' }),
      }),
    ])
    expect(of(ViewingRequestEventTypes.withdrawn, request({ status: 'withdrawn' }))).toEqual([])
  })
})
