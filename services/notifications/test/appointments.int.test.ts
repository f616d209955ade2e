import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Database } from '@diamond/runtime'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'
import { messagesTo, nextMessage, startTestMailpit, type Mailpit, type Received } from '../../../test/mailpit'
import { DEMO_OFFICE_IDS } from '../../appointments/src/modules/demo/demo.offices'
import { AppointmentNotices } from '../src/modules/appointments/appointments.service'

/** The lines of an iCalendar file, folded lines joined (RFC 5545 3.1), as name -> values. */
function parseIcs(text: string): Map<string, string[]> {
  const lines = text.replace(/\r\n[ \t]/g, '').split(/\r\n/)
  expect(lines[0]).toBe('BEGIN:VCALENDAR')
  expect(lines.filter(Boolean).at(-1)).toBe('END:VCALENDAR')
  const out = new Map<string, string[]>()
  for (const line of lines.filter(Boolean)) {
    const at = line.indexOf(':')
    const name = line.slice(0, at).split(';')[0]!
    out.set(name, [...(out.get(name) ?? []), line.slice(at + 1)])
  }
  return out
}

/**
 * Appointments' mails and reminders through the whole portal and a real SMTP server (Mailpit):
 * appointments announces, notifications decides and renders, auth addresses, the sender delivers.
 */
describe('appointment mails, .ics and reminders (Mailpit)', () => {
  let mailpit: Mailpit
  let portal: TestPortal
  let database: Database
  let buyer: { id: string; email: string; token: string }

  /** The .ics attached to a message, parsed. */
  async function icsOf(m: Received): Promise<Map<string, string[]>> {
    const full = (await (await fetch(`${mailpit.apiUrl}/api/v1/message/${m.ID}`)).json()) as {
      Attachments: { PartID: string; FileName: string; ContentType: string }[]
    }
    const part = full.Attachments.find((a) => a.FileName.endsWith('.ics'))
    expect(part, 'an .ics attachment').toBeTruthy()
    expect(part!.ContentType).toMatch(/^text\/calendar/)
    return parseIcs(await (await fetch(`${mailpit.apiUrl}/api/v1/message/${m.ID}/part/${part!.PartID}`)).text())
  }
  const utc = (iso: string) =>
    new Date(iso)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '')

  beforeAll(async () => {
    mailpit = await startTestMailpit()
    portal = await startTestPortal({
      stones: 1,
      env: { SMTP_URL: `smtp://127.0.0.1:${mailpit.smtpPort}`, AUTH_DIGESTS: 'false' },
    })
    database = createDatabase(portal.databaseUrl, 'notifications', { max: 2 })
    const [u] = await portal.sql<
      { id: string; email: string }[]
    >`select id, email from auth.users where username = 'buyer1'`
    buyer = {
      ...u!,
      token: portal.tokens.sign({
        id: u!.id,
        username: 'buyer1',
        userType: 'buyer',
        perms: { office: 'vi' },
        noPrice: false,
        ver: 0,
        guest: false,
        trusted: true,
      }),
    }
  }, 90_000)
  afterAll(async () => {
    await database?.sql.end()
    await portal?.close()
    await mailpit?.stop()
  })

  it('mails the confirmation with an .ics, an update with a higher SEQUENCE, a cancel with METHOD:CANCEL; reminders once each', async () => {
    const board = await portal.call('cabin-slot/paginate', { officeId: DEMO_OFFICE_IDS.belgium, days: 14 }, buyer.token)
    const later = Date.now() + 2 * 86_400_000
    const [first, second] = (
      board.body.data.list as { id: string; startsAt: string; endsAt: string; free: number }[]
    ).filter((s) => s.free > 0 && Date.parse(s.startsAt) > later)
    const booked = await portal.call('cabin-schedule/create', { slotId: first!.id, purpose: 'Two pears' }, buyer.token)
    expect(booked.body.code).toBe('OK')
    const id = booked.body.data.id as string

    const confirmation = await nextMessage(mailpit.apiUrl, buyer.email, { subject: /^Appointment confirmed/ })
    expect(confirmation.Text).toContain('Belgium')
    expect(confirmation.Text).toContain('Europe/Brussels')
    const ics = await icsOf(confirmation)
    expect(ics.get('METHOD')).toEqual(['REQUEST'])
    expect(ics.get('UID')).toEqual([`${id}@appointments.diamond-portal`])
    expect(ics.get('DTSTART')).toEqual([utc(first!.startsAt)])
    expect(ics.get('DTEND')).toEqual([utc(first!.endsAt)])
    expect(ics.get('X-WR-TIMEZONE')).toEqual(['Europe/Brussels'])
    expect(ics.get('SEQUENCE')).toEqual(['0'])
    expect(ics.has('URL')).toBe(false)

    expect((await portal.call('cabin-schedule/reschedule', { id, slotId: second!.id }, buyer.token)).body.code).toBe(
      'OK',
    )
    const updated = await icsOf(await nextMessage(mailpit.apiUrl, buyer.email, { subject: /^Appointment moved/ }))
    expect(updated.get('UID')).toEqual(ics.get('UID'))
    expect(updated.get('DTSTART')).toEqual([utc(second!.startsAt)])
    expect(Number(updated.get('SEQUENCE')![0])).toBeGreaterThan(0)

    // Reminders by a clock passed in: the day before and the hour before, each once.
    const reminders = new AppointmentNotices(database)
    const start = Date.parse(second!.startsAt)
    await waitFor(
      async () =>
        (
          await database.sql`select 1 from notifications.appointment_reminders where appointment_id = ${id} and version = 2`
        ).length > 0,
    )
    expect(await reminders.sweep(start - 2 * 86_400_000)).toBe(0)
    expect(await reminders.sweep(start - 23 * 3_600_000)).toBe(1)
    expect(await reminders.sweep(start - 22 * 3_600_000)).toBe(0)
    expect(await reminders.sweep(start - 30 * 60_000)).toBe(1)
    expect(await reminders.sweep(start - 10 * 60_000)).toBe(0)
    await nextMessage(mailpit.apiUrl, buyer.email, { subject: /^Reminder: your appointment in one hour/ })
    const day = await nextMessage(mailpit.apiUrl, buyer.email, { subject: /^Reminder: your appointment tomorrow/ })
    expect(day.Text).toContain('Two pears')
    const notices = await database.sql<{ params: { soon: string } }[]>`
      select params from notifications.notifications where user_id = ${buyer.id} and kind = 'appointment.reminder' and params->>'appointmentId' = ${id}`
    expect(notices.map((n) => n.params.soon).sort()).toEqual(['day', 'hour'])

    expect((await portal.call('cabin-schedule/destroyDiamondAndSlot', { id }, buyer.token)).body.code).toBe('OK')
    const cancel = await icsOf(await nextMessage(mailpit.apiUrl, buyer.email, { subject: /^Appointment cancelled/ }))
    expect(cancel.get('METHOD')).toEqual(['CANCEL'])
    expect(cancel.get('STATUS')).toEqual(['CANCELLED'])
    expect(cancel.get('UID')).toEqual(ics.get('UID'))
    expect(Number(cancel.get('SEQUENCE')![0])).toBeGreaterThan(Number(updated.get('SEQUENCE')![0]))
    // Cancelled: no reminder any more.
    await waitFor(
      async () =>
        (
          await database.sql`select 1 from notifications.appointment_reminders where appointment_id = ${id} and cancelled`
        ).length > 0,
    )
    await database.sql`update notifications.appointment_reminders set day_sent_at = null, hour_sent_at = null where appointment_id = ${id}`
    expect(await reminders.sweep(start - 30 * 60_000)).toBe(0)
    // Each mail went out once.
    const all = await messagesTo(mailpit.apiUrl, buyer.email)
    expect(all.filter((m) => m.Subject.startsWith('Reminder: your appointment')).length).toBe(2)
  })
})
