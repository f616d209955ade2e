import { OfficeEventTypes, type OfficeChanged } from '@diamond/contracts/events/appointments'
import type {
  CabinSave,
  HolidayDelete,
  HolidaySave,
  OfficeSave,
  OfficeSettings,
  OfficeSettingsList,
  SalesPersonSave,
} from '@diamond/contracts/http/appointments-settings'
import { AppError, enqueue, newEvent, type Database, type Tx } from '@diamond/runtime'
import type { AppointmentService } from '../bookings/bookings.service'
import * as offices from '../offices/offices.repository'
import type { WeeklyHours } from '../slots/slots.rules'
import * as repo from './settings.repository'
import { takesAway, weekProblem, zoneProblem } from './settings.rules'
import { invalidField } from '@diamond/runtime/errors'

const invalid = invalidField

function toSettings(w: repo.OfficeWhole): OfficeSettings {
  const o = w.office
  return {
    id: o.id,
    code: o.code,
    name: o.name,
    timeZone: o.timeZone,
    slotMinutes: o.slotMinutes,
    openingHours: o.openingHours,
    divisions: o.divisions,
    active: o.active,
    position: o.position,
    holidays: w.holidays,
    cabins: w.cabins.map((c) => ({ id: c.id, name: c.name, division: c.division, active: c.active })),
    salesPersons: w.salesPersons.map((p) => ({
      id: p.id,
      username: p.username,
      name: p.name,
      officeId: p.officeId,
      divisions: p.divisions,
      workingHours: p.workingHours,
      active: p.active,
      linked: p.userId !== null,
    })),
  }
}

/**
 * Staff settings (the office module's `all`): offices, holidays, cabins, sales persons. Each save is
 * checked (zone, hours, names, nothing taken from appointments to come), written with an
 * `appointments.office.changed` event in one transaction, and the booking service forgets the
 * office's cached facts at once: the next board and booking read the new ones.
 */
export class SettingsService {
  constructor(
    private readonly database: Database,
    private readonly bookings: AppointmentService,
    private readonly onEvents: () => void = () => {},
  ) {}

  async list(): Promise<OfficeSettingsList> {
    return { list: (await repo.officesWhole(this.database.sql)).map(toSettings) }
  }

  private async changed(tx: Tx, officeIds: string[], what: OfficeChanged['what']) {
    await enqueue(
      tx,
      this.database.schema,
      officeIds.map((officeId) => newEvent('appointments', OfficeEventTypes.changed, officeId, { officeId, what })),
    )
  }

  /** After the commit: the offices' caches dropped, the events on their way, the office as it now is. */
  private async done(officeIds: string[], answer: string): Promise<OfficeSettings> {
    for (const id of officeIds) this.bookings.forget(id)
    this.onEvents()
    const [w] = await repo.officesWhole(this.database.sql, answer)
    return toSettings(w!)
  }

  private static hours(field: string, hours: WeeklyHours | null | undefined) {
    const problem = hours ? weekProblem(hours) : null
    if (problem) throw invalid(field, problem)
  }

  async saveOffice(body: OfficeSave): Promise<OfficeSettings> {
    const zone = zoneProblem(body.timeZone)
    if (zone) throw invalid('timeZone', zone)
    SettingsService.hours('openingHours', body.openingHours)
    const id = await this.database.sql.begin(async (tx) => {
      const fields = {
        name: body.name.trim() || body.name,
        timeZone: body.timeZone,
        slotMinutes: body.slotMinutes,
        openingHours: body.openingHours,
        ...(body.divisions ? { divisions: body.divisions } : {}),
        ...(body.active === undefined ? {} : { active: body.active }),
        ...(body.position === undefined ? {} : { position: body.position }),
      }
      if (!body.id) {
        if (!body.code) throw invalid('code', 'is required for a new office')
        if (await repo.officeByCode(tx, body.code)) throw invalid('code', 'is taken')
        const created = await repo.insertOffice(tx, { ...fields, code: body.code, divisions: body.divisions ?? [] })
        await this.changed(tx, [created], 'office')
        return created
      }
      // Locked: a booking in flight (it shares this row) is waited for, so it is counted below.
      const before = await repo.officeForUpdate(tx, body.id)
      if (!before) throw new AppError('E_NOT_FOUND', { field: 'id' })
      if (body.code && body.code !== before.code) throw invalid('code', 'cannot change (links and flags name it)')
      if (before.active && body.active === false && (await repo.bookingsToCome(tx, { officeId: before.id })) > 0)
        throw new AppError('E_STILL_BOOKED', { field: 'active' })
      await repo.updateOffice(tx, before.id, fields)
      await this.changed(tx, [before.id], 'office')
      return before.id
    })
    return this.done([id], id)
  }

  private async officeOf(tx: Tx, officeId: string, field = 'officeId') {
    const office = await offices.officeRow(tx, officeId)
    if (!office) throw new AppError('E_NOT_FOUND', { field })
    return office
  }

  async saveHoliday(body: HolidaySave): Promise<OfficeSettings> {
    await this.database.sql.begin(async (tx) => {
      await this.officeOf(tx, body.officeId)
      await repo.saveHoliday(tx, body.officeId, body.day, body.name.trim() || body.name)
      await this.changed(tx, [body.officeId], 'holiday')
    })
    return this.done([body.officeId], body.officeId)
  }

  async deleteHoliday(body: HolidayDelete): Promise<OfficeSettings> {
    await this.database.sql.begin(async (tx) => {
      await this.officeOf(tx, body.officeId)
      if (!(await repo.deleteHoliday(tx, body.officeId, body.day))) throw new AppError('E_NOT_FOUND', { field: 'day' })
      await this.changed(tx, [body.officeId], 'holiday')
    })
    return this.done([body.officeId], body.officeId)
  }

  async saveCabin(body: CabinSave): Promise<OfficeSettings> {
    const name = body.name.trim() || body.name
    const officeId = await this.database.sql.begin(async (tx) => {
      if (!body.id) {
        if (!body.officeId) throw invalid('officeId', 'is required for a new cabin')
        await this.officeOf(tx, body.officeId)
        if (await repo.cabinNamed(tx, body.officeId, name)) throw invalid('name', 'is taken in this office')
        await repo.insertCabin(tx, {
          officeId: body.officeId,
          name,
          division: body.division,
          active: body.active ?? true,
        })
        await this.changed(tx, [body.officeId], 'cabin')
        return body.officeId
      }
      // Locked: a booking of the cabin in flight (its key check shares this row) is waited for, so it is counted.
      const before = await repo.cabinById(tx, body.id)
      if (!before) throw new AppError('E_NOT_FOUND', { field: 'id' })
      if (body.officeId && body.officeId !== before.officeId) throw invalid('officeId', 'a cabin stays in its office')
      if (await repo.cabinNamed(tx, before.officeId, name, before.id)) throw invalid('name', 'is taken in this office')
      const active = body.active ?? before.active
      if (
        takesAway(before, { active, officeId: before.officeId }) &&
        (await repo.bookingsToCome(tx, { cabinId: before.id })) > 0
      )
        throw new AppError('E_STILL_BOOKED', { field: 'active' })
      await repo.updateCabin(tx, before.id, { name, division: body.division, active })
      await this.changed(tx, [before.officeId], 'cabin')
      return before.officeId
    })
    return this.done([officeId], officeId)
  }

  async saveSalesPerson(body: SalesPersonSave): Promise<OfficeSettings> {
    SettingsService.hours('workingHours', body.workingHours)
    const name = body.name.trim() || body.name
    const touched = await this.database.sql.begin(async (tx) => {
      await this.officeOf(tx, body.officeId)
      if (!body.id) {
        if (!body.username) throw invalid('username', 'is required for a new sales person')
        if (await repo.usernameTaken(tx, body.username)) throw invalid('username', 'is taken')
        await repo.insertSalesPerson(tx, {
          username: body.username,
          name,
          officeId: body.officeId,
          divisions: body.divisions ?? [],
          workingHours: body.workingHours ?? null,
          active: body.active ?? true,
        })
        await this.changed(tx, [body.officeId], 'sales-person')
        return [body.officeId]
      }
      const before = await repo.salesPersonById(tx, body.id)
      if (!before) throw new AppError('E_NOT_FOUND', { field: 'id' })
      if (body.username && body.username !== before.username)
        throw invalid('username', 'cannot change (it links the sales person to their sign-in)')
      const active = body.active ?? before.active
      if (
        takesAway(before, { active, officeId: body.officeId }) &&
        (await repo.bookingsToCome(tx, { salesPersonId: before.id })) > 0
      )
        throw new AppError('E_STILL_BOOKED', { field: body.officeId !== before.officeId ? 'officeId' : 'active' })
      await repo.updateSalesPerson(tx, before.id, {
        name,
        officeId: body.officeId,
        ...(body.divisions ? { divisions: body.divisions } : {}),
        ...(body.workingHours === undefined ? {} : { workingHours: body.workingHours }),
        active,
      })
      const officeIds = [...new Set([before.officeId, body.officeId])]
      await this.changed(tx, officeIds, 'sales-person')
      return officeIds
    })
    return this.done(touched, body.officeId)
  }
}
