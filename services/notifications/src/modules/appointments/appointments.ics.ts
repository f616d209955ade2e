import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'

/** What an appointment's calendar file says; all from the mail's params, so rendering stays pure. */
export interface IcsFacts {
  /** Stable per appointment: every update and the cancel replace the same calendar entry. */
  uid: string
  /** Raised with every change (the appointment's version less one): calendars keep the highest. */
  sequence: number
  method: 'REQUEST' | 'CANCEL'
  /** UTC instants. */
  startsAt: string
  endsAt: string
  /** The office's IANA zone, named in the file (X-WR-TIMEZONE); times stay in UTC. */
  timeZone: string
  /** When the change happened (DTSTAMP). */
  stamp: string
  summary: string
  location: string
  description: string
  /** The meeting link, a virtual appointment's only. */
  room?: string | undefined
}

/** The iCalendar file of an appointment: an invitation (REQUEST) or its cancel (CANCEL). */
export function appointmentIcs(f: IcsFacts): string {
  const cal = ical({
    prodId: { company: 'Diamond Portal', product: 'Appointments', language: 'EN' },
    method: f.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  })
  cal.x([['X-WR-TIMEZONE', f.timeZone]])
  cal.createEvent({
    id: f.uid,
    sequence: f.sequence,
    start: new Date(f.startsAt),
    end: new Date(f.endsAt),
    stamp: new Date(f.stamp),
    summary: f.summary,
    location: f.room ?? f.location,
    description: f.room ? `${f.description}\n${f.room}` : f.description,
    status: f.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    ...(f.room ? { url: f.room } : {}),
  })
  return cal.toString()
}
