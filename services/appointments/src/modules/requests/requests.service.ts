import { randomUUID } from 'node:crypto'
import { ViewingRequestEventTypes } from '@diamond/contracts/events/appointments'
import type {
  ViewingRequestAccept,
  ViewingRequestAccepted,
  ViewingRequestCreate,
  ViewingRequestDecline,
  ViewingRequestPage,
  ViewingRequestPageRequest,
  ViewingRequestView,
  ViewingRequestWithdraw,
} from '@diamond/contracts/http/viewing-requests'
import { AppError, enqueue, newEvent, type Database, type Principal, type Tx } from '@diamond/runtime'
import { buyerOf, isOfficeStaff, type AppointmentService } from '../bookings/bookings.service'
import { salesPersonOfUser } from '../calendar/calendar.repository'
import * as offices from '../offices/offices.repository'
import { parseSlotId } from '../slots/slots.rules'
import * as repo from './requests.repository'
import {
  actionProblem,
  listScope,
  purposeOf,
  requestEventData,
  standing,
  toRequestView,
  type Caller,
} from './requests.rules'
import { invalidField } from '@diamond/runtime/errors'

const invalid = invalidField

/**
 * Office viewing requests: a buyer asks to see stones at an office without a slot; the sales side
 * books one of the office's slots for it (through the booking path, so every booking guarantee
 * holds) or declines it with a note; the buyer may withdraw it while it is open.
 */
export class ViewingRequestService {
  constructor(
    private readonly database: Database,
    private readonly bookings: AppointmentService,
    private readonly onEvents: () => void = () => {},
  ) {}

  private async caller(p: Principal): Promise<Caller> {
    await this.bookings.know(p)
    const own =
      p.userType === 'buyer' || p.userType === 'seller' ? null : await salesPersonOfUser(this.database.sql, p.id)
    return { id: p.id, staff: isOfficeStaff(p), salesOfficeId: own?.officeId ?? null }
  }

  private async event(tx: Tx, r: repo.RequestRecord, p: Principal, role: 'buyer' | 'sales' | 'staff') {
    const type = {
      open: ViewingRequestEventTypes.created,
      accepted: ViewingRequestEventTypes.accepted,
      declined: ViewingRequestEventTypes.declined,
      withdrawn: ViewingRequestEventTypes.withdrawn,
    }[r.row.status]
    const data = requestEventData(r.row, r.office.name, p.id, role)
    // A new request is for the office's sales persons to answer: the event names whom to tell.
    if (type === ViewingRequestEventTypes.created) data.salesUserIds = await offices.salesUserIdsOf(tx, r.row.officeId)
    await enqueue(tx, this.database.schema, [newEvent('appointments', type, r.row.id, data)])
  }

  async create(p: Principal, body: ViewingRequestCreate): Promise<ViewingRequestView> {
    const office = await offices.officeById(this.database.sql, body.officeId)
    if (!office) throw new AppError('E_NOT_FOUND', { field: 'officeId' })
    const buyer = buyerOf(p)
    const id = randomUUID()
    await this.database.sql.begin(async (tx) => {
      await repo.insertRequest(tx, {
        id,
        buyerId: buyer.id,
        buyerName: buyer.name,
        buyerCompany: buyer.company,
        officeId: office.id,
        stoneIds: body.stoneIds,
        note: body.note?.trim() || null,
      })
      await this.event(tx, (await repo.requestById(tx, id))!, p, 'buyer')
    })
    this.onEvents()
    const r = (await repo.requestById(this.database.sql, id))!
    return toRequestView(r.row, r.office)
  }

  async page(p: Principal, req: ViewingRequestPageRequest): Promise<ViewingRequestPage> {
    const c = await this.caller(p)
    const limit = req.limit ?? 20
    const { list, count } = await repo.requestPage(
      this.database.sql,
      { ...listScope(c, req), status: req.status },
      req.page ?? 1,
      limit,
    )
    return { list: list.map((r) => toRequestView(r.row, r.office)), count }
  }

  /** The request if the caller may see it, and how they stand to it; a stranger's is not found. */
  private async visible(c: Caller, id: string, action: 'accept' | 'decline' | 'withdraw') {
    const r = await repo.requestById(this.database.sql, id)
    const role = r ? standing(c, r.row) : null
    if (!r || !role) throw new AppError('E_NOT_FOUND', { field: 'id' })
    const problem = actionProblem(role, r.row.status, action)
    if (problem) throw new AppError(problem, { field: 'id' })
    return { r, role }
  }

  async accept(p: Principal, body: ViewingRequestAccept): Promise<ViewingRequestAccepted> {
    const c = await this.caller(p)
    const { r, role } = await this.visible(c, body.id, 'accept')
    if (parseSlotId(body.slotId)?.officeId !== r.row.officeId)
      throw invalid('slotId', "is not a slot of the request's office")
    const appointment = await this.bookings.book(
      p,
      { id: r.row.buyerId, name: r.row.buyerName, company: r.row.buyerCompany },
      {
        slotId: body.slotId,
        purpose: purposeOf(body.purpose, r.row.note),
        stoneIds: r.row.stoneIds,
        ...(body.virtual === undefined ? {} : { virtual: body.virtual }),
      },
      async (tx, appointmentId) => {
        // Answered or withdrawn meanwhile: the booking is rolled back with it.
        if (!(await repo.closeRequest(tx, r.row.id, { status: 'accepted', by: p.id, appointmentId })))
          throw new AppError('E_REQUEST_CLOSED', { field: 'id' })
        await this.event(tx, (await repo.requestById(tx, r.row.id))!, p, role)
      },
    )
    const after = (await repo.requestById(this.database.sql, r.row.id))!
    return { request: toRequestView(after.row, after.office), appointment }
  }

  async decline(p: Principal, body: ViewingRequestDecline): Promise<ViewingRequestView> {
    return this.close(p, body.id, 'decline', body.note.trim() || body.note)
  }

  async withdraw(p: Principal, body: ViewingRequestWithdraw): Promise<ViewingRequestView> {
    return this.close(p, body.id, 'withdraw')
  }

  private async close(p: Principal, id: string, action: 'decline' | 'withdraw', answer?: string) {
    const c = await this.caller(p)
    const { r, role } = await this.visible(c, id, action)
    await this.database.sql.begin(async (tx) => {
      const status = action === 'decline' ? 'declined' : 'withdrawn'
      if (!(await repo.closeRequest(tx, r.row.id, { status, by: p.id, answer })))
        throw new AppError('E_REQUEST_CLOSED', { field: 'id' })
      await this.event(tx, (await repo.requestById(tx, r.row.id))!, p, role)
    })
    this.onEvents()
    const after = (await repo.requestById(this.database.sql, r.row.id))!
    return toRequestView(after.row, after.office)
  }
}
