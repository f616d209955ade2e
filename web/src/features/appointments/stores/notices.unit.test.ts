import i18next from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import en from '../locales/appointments.en.json'
import { appointmentNoticeText } from './notices'

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    resources: { en: { translation: { appointments: en } } },
    interpolation: { escapeValue: false },
  })
})

const at = { startsAt: '2027-03-29T13:30:00.000Z', timeZone: 'Europe/Brussels', office: 'Belgium' }

describe('appointmentNoticeText', () => {
  it('tells the sales person what the buyer did and the buyer what was done, on the office clock', () => {
    const booked = appointmentNoticeText({ kind: 'appointment.booked', params: { ...at, by: 'buyer' } })!
    expect(booked).toMatch(/^A buyer booked an appointment at Belgium, /)
    // 13:30 UTC is 15:30 in Brussels (summer time from 28 March 2027).
    expect(booked).toContain('3:30')
    expect(appointmentNoticeText({ kind: 'appointment.rescheduled', params: { ...at, by: 'sales' } })).toMatch(
      /^Your appointment at Belgium was moved to /,
    )
    expect(appointmentNoticeText({ kind: 'appointment.rescheduled', params: { ...at, by: 'buyer', away: 1 } })).toMatch(
      /^Your appointment at Belgium, .*, was moved and given to another sales person\.$/,
    )
    expect(appointmentNoticeText({ kind: 'appointment.cancelled', params: { ...at, by: 'buyer' } })).toMatch(
      /^A buyer cancelled their appointment at Belgium/,
    )
  })

  it('words a viewing request for the sales team, and its decline with the answer for the buyer', () => {
    expect(appointmentNoticeText({ kind: 'viewing.requested', params: { office: 'Belgium', stones: 2 } })).toBe(
      'A buyer asked to view stones at Belgium.',
    )
    expect(appointmentNoticeText({ kind: 'viewing.declined', params: { office: 'Belgium', answer: null } })).toBe(
      'Your request to view stones at Belgium was declined.',
    )
    expect(
      appointmentNoticeText({ kind: 'viewing.declined', params: { office: 'Belgium', answer: ' Sold last week. ' } }),
    ).toBe('Your request to view stones at Belgium was declined: “Sold last week.”')
  })

  it('words the reminders the day and the hour before, and leaves other notices alone', () => {
    expect(appointmentNoticeText({ kind: 'appointment.reminder', params: { ...at, soon: 'day' } })).toMatch(/tomorrow/)
    expect(appointmentNoticeText({ kind: 'appointment.reminder', params: { ...at, soon: 'hour' } })).toMatch(
      /within the hour/,
    )
    expect(appointmentNoticeText({ kind: 'bid.outbid', params: {} })).toBeNull()
    // A notice without a usable time still reads (no "Invalid Date").
    expect(appointmentNoticeText({ kind: 'appointment.booked', params: { by: 'buyer', office: 'Dubai' } })).not.toMatch(
      /Invalid/,
    )
  })
})
