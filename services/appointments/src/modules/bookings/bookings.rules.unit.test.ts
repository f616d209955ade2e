import { describe, expect, it } from 'vitest'
import type { AppointmentRecord } from './bookings.repository'
import { changeable, eventData, roleOf, statusAfterMove, toView } from './bookings.rules'

const NOW = Date.parse('2027-03-10T12:00:00Z')
const record = (over: Partial<AppointmentRecord['row']> = {}): AppointmentRecord => ({
  row: {
    id: '11111111-1111-4111-8111-111111111111',
    buyerId: '22222222-2222-4222-8222-222222222222',
    buyerName: 'buyer1',
    buyerCompany: 'Buyer One Ltd',
    officeId: '0ff1ce00-0000-4000-8000-000000000004',
    cabinId: '33333333-3333-4333-8333-333333333333',
    salesPersonId: '44444444-4444-4444-8444-444444444444',
    startsAt: new Date('2027-03-15T13:00:00Z'),
    endsAt: new Date('2027-03-15T14:00:00Z'),
    purpose: 'Two ovals',
    virtual: false,
    room: null,
    demandId: null,
    status: 'booked',
    version: 1,
    createdAt: new Date(NOW),
    updatedAt: new Date(NOW),
    cancelledBy: null,
    ...over,
  },
  office: {
    id: '0ff1ce00-0000-4000-8000-000000000004',
    code: 'new-york',
    name: 'New York',
    timeZone: 'America/New_York',
  },
  cabin: { id: '33333333-3333-4333-8333-333333333333', name: '47th Street 1', division: 'Polished' },
  salesPerson: { id: '44444444-4444-4444-8444-444444444444', name: 'Michael Stern', userId: null },
  stones: [
    { id: '55555555-5555-4555-8555-555555555555', blocked: null, reason: null, location: null, answerVersion: null },
    { id: '66666666-6666-4666-8666-666666666666', blocked: false, reason: 'held', location: 'India', answerVersion: 1 },
  ],
})

describe('an appointment', () => {
  it('books a confirmed appointment again when the buyer moves it or it moves to another sales person', () => {
    const confirmed = record({ status: 'confirmed' }).row
    const sp = confirmed.salesPersonId
    const staff = '77777777-7777-4777-8777-777777777777'
    expect(statusAfterMove(confirmed, confirmed.buyerId, sp)).toBe('booked')
    expect(statusAfterMove(confirmed, staff, sp)).toBe('confirmed')
    expect(statusAfterMove(confirmed, staff, '88888888-8888-4888-8888-888888888888')).toBe('booked')
    expect(statusAfterMove(record().row, staff, sp)).toBe('booked')
  })

  it('changes only while booked or confirmed and not begun', () => {
    expect(changeable(record().row, NOW)).toBe(true)
    expect(changeable(record({ status: 'confirmed' }).row, NOW)).toBe(true)
    for (const status of ['done', 'no_show', 'cancelled'] as const)
      expect(changeable(record({ status }).row, NOW)).toBe(false)
    expect(changeable(record().row, Date.parse('2027-03-15T13:00:00Z'))).toBe(false)
  })

  it("is shown in its office's offset, stones with stock's answer only once given, the room only when virtual", () => {
    const v = toView(record(), 'https://meet.example/')
    expect(v).toMatchObject({
      startsAt: '2027-03-15T09:00:00-04:00',
      endsAt: '2027-03-15T10:00:00-04:00',
      cabin: { name: '47th Street 1' },
      salesPerson: { id: '44444444-4444-4444-8444-444444444444', name: 'Michael Stern' },
      stones: [
        { id: '55555555-5555-4555-8555-555555555555', state: 'pending' },
        {
          id: '66666666-6666-4666-8666-666666666666',
          blocked: false,
          reason: 'held',
          state: 'refused',
          location: 'India',
          transferDays: 5,
          outsideIndia: false,
        },
      ],
    })
    expect(v.stones[0]).not.toHaveProperty('blocked')
    expect(v).not.toHaveProperty('room')
    expect((v.salesPerson as Record<string, unknown>).userId).toBeUndefined()
    const virtual = toView(
      { ...record({ virtual: true, cabinId: null, room: 'r00m' }), cabin: null },
      'https://meet.example/',
    )
    expect(virtual).toMatchObject({ cabin: null, room: 'https://meet.example/r00m' })
  })

  it('is announced in UTC with who acted and what moved', () => {
    const e = eventData(record(), 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', {
      previous: { startsAt: '2027-03-12T14:00:00.000Z', endsAt: '2027-03-12T15:00:00.000Z' },
    })
    expect(e).toMatchObject({
      appointmentId: '11111111-1111-4111-8111-111111111111',
      startsAt: '2027-03-15T13:00:00.000Z',
      timeZone: 'America/New_York',
      cabinName: '47th Street 1',
      stoneIds: ['55555555-5555-4555-8555-555555555555', '66666666-6666-4666-8666-666666666666'],
      by: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      previous: { startsAt: '2027-03-12T14:00:00.000Z' },
    })
    expect(e).not.toHaveProperty('removedStoneIds')
    expect(e.byRole).toBe('staff')
  })

  it('says who acted by role: the buyer, the sales person, or other staff', () => {
    const r = { ...record(), salesPerson: { id: '44444444-4444-4444-8444-444444444444', name: 'M', userId: 'u-sales' } }
    expect(roleOf(r, '22222222-2222-4222-8222-222222222222')).toBe('buyer')
    expect(roleOf(r, 'u-sales')).toBe('sales')
    expect(roleOf(r, 'u-admin')).toBe('staff')
    expect(eventData(r, 'u-sales').byRole).toBe('sales')
  })
})
