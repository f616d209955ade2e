import { randomUUID } from 'node:crypto'
import { AppointmentEventTypes } from '@diamond/contracts/events/appointments'
import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { MailWantedEventTypes, NotificationEventTypes } from '@diamond/contracts/events/notifications'
import { enqueue, newEvent, type Database, type Tx } from '@diamond/runtime'
import { insertNotification } from '../inbox/inbox.repository'
import type { Notice } from '../inbox/inbox.rules'
import * as repo from './appointments.repository'
import {
  appointmentMail,
  appointmentNotices,
  dueReminder,
  factsOf,
  mailParams,
  reminderNotice,
  viewingRequestNotices,
  type AppointmentEvent,
  type ViewingRequestEvent,
} from './appointments.rules'

const PRODUCER = 'notifications'

/**
 * Appointments' events become notices for the other side, the buyer's mails (with the .ics), and the
 * projection the reminder sweep reads. Mails go to auth as `notifications.mail.wanted` (auth knows
 * the address and the language) and come back as `auth.mail.requested`, rendered here.
 */
export class AppointmentNotices {
  constructor(private readonly database: Database) {}

  /** In the consumer's transaction: the projection, the notices and the mail request commit with the event's record. */
  async onEvent(tx: Tx, e: AppointmentEvent): Promise<void> {
    const d = e.data
    const row = {
      appointmentId: d.appointmentId,
      buyerId: d.buyerId,
      startsAt: new Date(d.startsAt),
      endsAt: new Date(d.endsAt),
      version: d.version,
      facts: factsOf(d),
    }
    if (e.type === AppointmentEventTypes.booked) await repo.insertAppointment(tx, row)
    else if (e.type === AppointmentEventTypes.rescheduled) await repo.moveAppointment(tx, row)
    else if (e.type === AppointmentEventTypes.cancelled) await repo.cancelAppointment(tx, d.appointmentId)
    const mail = appointmentMail(e)
    await this.tell(tx, appointmentNotices(e), mail ? [{ userId: d.buyerId, ...mail }] : [])
  }

  /** A viewing request's news: the sales team hears of a new one, the buyer of a decline. */
  onViewingRequest(tx: Tx, e: ViewingRequestEvent): Promise<void> {
    return this.tell(tx, viewingRequestNotices(e), [])
  }

  /**
   * Sends the reminders due at `nowMs` (the clock is passed in: tests and the periodic sweep), each
   * once: marked sent in the transaction that writes its notice and asks for its mail.
   */
  async sweep(nowMs: number, max = 200): Promise<number> {
    const now = new Date(nowMs)
    return this.database.sql.begin(async (tx) => {
      let sent = 0
      for (const a of await repo.dueCandidates(tx, now, max)) {
        const soon = dueReminder(a, nowMs)
        if (!soon) continue
        await repo.markSent(tx, a.appointmentId, soon, now)
        const params = mailParams(
          { ...a, startsAt: a.startsAt.toISOString(), endsAt: a.endsAt.toISOString() },
          { method: null, stamp: now.toISOString(), soon },
        )
        await this.tell(
          tx,
          [reminderNotice(a, soon)],
          [{ userId: a.buyerId, template: 'appointment-reminder', params }],
        )
        sent++
      }
      return sent
    })
  }

  private async tell(
    tx: Tx,
    notices: Notice[],
    mails: { userId: string; template: string; params: Record<string, string> }[],
  ): Promise<void> {
    const events: AnyEvent[] = []
    for (const notice of notices) {
      const n = await insertNotification(tx, { id: randomUUID(), ...notice })
      events.push(newEvent(PRODUCER, NotificationEventTypes.created, n.userId ?? `audience:${n.audience}`, n))
    }
    for (const m of mails) events.push(newEvent(PRODUCER, MailWantedEventTypes.wanted, m.userId, m))
    if (events.length) await enqueue(tx, PRODUCER, events)
  }
}
