import { AppointmentEventTypes } from '@diamond/contracts/events/appointments'
import type { AppointmentView } from '@diamond/contracts/http/appointments'
import type {
  AppointmentMark,
  AppointmentMarkName,
  CalendarPage,
  CalendarRequest,
} from '@diamond/contracts/http/appointments-calendar'
import { AppError, enqueue, newEvent, type Database, type Principal } from '@diamond/runtime'
import * as bookingsRepo from '../bookings/bookings.repository'
import { eventData, roleOf, toView } from '../bookings/bookings.rules'
import { isOfficeStaff, type AppointmentService } from '../bookings/bookings.service'
import * as offices from '../offices/offices.repository'
import * as repo from './calendar.repository'
import { calendarRange, calendarScope, marked, toEntry } from './calendar.rules'

const EVENT_OF = {
  confirm: AppointmentEventTypes.confirmed,
  done: AppointmentEventTypes.done,
  'no-show': AppointmentEventTypes.noShow,
} as const satisfies Record<AppointmentMarkName, string>

/** The sales calendar (a day or a week of an office) and the sales side's marks: confirm, done, no-show. */
export class CalendarService {
  constructor(
    private readonly database: Database,
    private readonly bookings: AppointmentService,
    private readonly settings: { meetingBaseUrl: string },
    private readonly onEvents: () => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  async calendar(p: Principal, req: CalendarRequest): Promise<CalendarPage> {
    await this.bookings.know(p)
    const sql = this.database.sql
    const own = await repo.salesPersonOfUser(sql, p.id)
    const scope = calendarScope({ staff: isOfficeStaff(p), salesPersonId: own?.id ?? null }, req)
    if (scope === 'forbidden') throw new AppError('E_FORBIDDEN')
    if (scope === 'not-found') throw new AppError('E_NOT_FOUND', { field: 'salesPersonId' })
    const officeId = req.officeId ?? own?.officeId ?? (await offices.activeOffices(sql))[0]?.id
    const office = officeId ? await offices.officeRow(sql, officeId) : null
    if (!office) throw new AppError('E_NOT_FOUND', { field: 'officeId' })
    const { fromMs, toMs } = calendarRange(office.timeZone, req.from, req.days)
    const [list, cabins, salesPersons] = await Promise.all([
      repo.calendarRecords(sql, office.id, fromMs, toMs, { cabinId: req.cabinId, salesPersonId: scope.salesPersonId }),
      offices.cabinsOf(sql, office.id),
      repo.salesPersonNames(sql, office.id),
    ])
    return {
      office: { id: office.id, code: office.code, name: office.name, timeZone: office.timeZone },
      from: req.from,
      days: req.days,
      cabins: cabins.map((c) => ({ id: c.id, name: c.name })),
      salesPersons,
      list: list.map((r) => toEntry(r, this.settings.meetingBaseUrl)),
    }
  }

  /**
   * Marks an appointment (its sales person's, or any for office staff); its buyer may read it but
   * not mark it (forbidden), anyone else is told it is not found.
   */
  async mark(p: Principal, mark: AppointmentMarkName, body: AppointmentMark): Promise<AppointmentView> {
    await this.bookings.know(p)
    await this.database.sql.begin(async (tx) => {
      await bookingsRepo.lockAppointment(tx, body.id)
      const r = await this.bookings.record(body.id, p, tx)
      if (roleOf(r, p.id) === 'buyer' && !isOfficeStaff(p)) throw new AppError('E_FORBIDDEN')
      if (body.version !== undefined && body.version !== r.row.version)
        throw new AppError('E_APPOINTMENT_MARK', { field: 'version' })
      const to = marked(r.row, mark, this.now())
      if (!to) throw new AppError('E_APPOINTMENT_MARK', { field: 'id', status: r.row.status })
      await repo.setStatus(tx, r.row.id, to)
      const after = (await bookingsRepo.appointmentById(tx, r.row.id))!
      await enqueue(tx, this.database.schema, [
        newEvent('appointments', EVENT_OF[mark], r.row.id, eventData(after, p.id)),
      ])
    })
    this.onEvents()
    return toView(await this.bookings.record(body.id, p), this.settings.meetingBaseUrl)
  }
}
