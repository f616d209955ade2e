import { randomBytes, randomUUID } from 'node:crypto'
import { AppointmentEventTypes, SlotEventTypes } from '@diamond/contracts/events/appointments'
import { BOOKING_HORIZON_DAYS } from '@diamond/contracts/http/appointments.values'
import { can } from '@diamond/contracts/permissions'
import type {
  AppointmentCreate,
  AppointmentDestroy,
  AppointmentPage,
  AppointmentPageRequest,
  AppointmentReschedule,
  AppointmentView,
  ShowSelectionPage,
  SlotPage,
  SlotPageRequest,
} from '@diamond/contracts/http/appointments'
import type { OfficeBlockAnswered, OfficeBlockReleased } from '@diamond/contracts/events/office-blocks'
import type { Event } from '@diamond/contracts/events/envelope'
import {
  AppError,
  enqueue,
  newEvent,
  type ConsumerContext,
  type Database,
  type Principal,
  type Tx,
} from '@diamond/runtime'
import { AnswerWaiters } from '../stones/answers'
import * as stoneAnswers from '../stones/stones.repository'
import { allAnswered, answerRows } from '../stones/stones.rules'
import * as offices from '../offices/offices.repository'
import type { Office } from '../offices/offices.schema'
import {
  board,
  freeCount,
  freeIn,
  officeSlots,
  parseSlotId,
  pick,
  slotAt,
  slotId,
  type OfficeCalendar,
  type SalesPersonHours,
  type Slot,
} from '../slots/slots.rules'
import { isoInZone, zonedDate } from '../slots/zone'
import * as repo from './bookings.repository'
import { changeable, eventData, statusAfterMove, toView } from './bookings.rules'
import { invalidField } from '@diamond/runtime/errors'

const HORIZON_MS = BOOKING_HORIZON_DAYS * 86_400_000

/** How long a staff user found not to be a sales person is not asked again. */
const NOT_LINKED_MS = 60_000

/** The cabin or sales person picked went inactive meanwhile: the slot is read and picked again. */
class PickAgain extends Error {}

const PRODUCER = 'appointments'
/** Tries at a slot when a racing booking took the cabin or sales person just picked (each try re-reads). */
const ATTEMPTS = 5
const DEFAULT_DAYS = 7
/**
 * How long an office's facts (zone, hours, holidays, cabins, sales persons) are reused for boards
 * and for refusing a full slot without a transaction. Never for a win: a booking reads them again
 * in its transaction, and PostgreSQL's constraints decide.
 */
const FACTS_MS = 5000

/**
 * How long a slot found full is refused from memory. Bookings made or freed through this process
 * clear its mark at once; one freed through another instance is bookable here at most this late.
 */
const FULL_MS = 1000

interface OfficeFacts {
  office: Office
  calendar: OfficeCalendar
  cabins: { id: string; name: string; division: string }[]
  salesPersons: SalesPersonHours[]
  until: number
}

const invalid = invalidField

/**
 * PostgreSQL's exclusion_violation and which of the three constraints refused, or a deadlock
 * between two bookings (`''`: read and pick again). An exclusion constraint enters a row in its
 * index before looking for conflicts, so two inserts can each wait for the other; PostgreSQL breaks
 * the cycle by failing one (40P01). The slot lock below keeps that to bookings of different slots
 * racing for one buyer.
 */
function conflict(err: unknown): string | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint_name?: string }
    if (pg.code === '23P01') return pg.constraint_name ?? ''
    if (pg.code === '40P01') return ''
  }
  return null
}

/** Randomly ordered: racing bookings spread over the free cabins and people instead of all reaching for the first. */
function shuffled<T>(xs: T[]): T[] {
  const out = [...xs]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

export interface AppointmentsSettings {
  meetingBaseUrl: string
  /**
   * How long a booking (or a move) with stones waits for stock's answer before it answers with those
   * stones still `pending`. Stock answers through the bus in milliseconds when all is well.
   */
  blockWaitMs?: number
}

/** The default of AppointmentsSettings.blockWaitMs. */
export const BLOCK_WAIT_MS = 3000

/** Staff with the office module's `all` act on any appointment; others on their own (as buyer or as its sales person). */
export const isOfficeStaff = (p: Principal): boolean => !p.guest && can(p.perms, 'office', 'all')

/** The buyer an appointment is booked for, as they signed in (the calendar shows it). */
export interface BuyerFacts {
  id: string
  name: string
  company: string
}
export const buyerOf = (p: Principal): BuyerFacts => ({ id: p.id, name: p.username, company: p.company ?? '' })

/** A slot an appointment took or freed, to announce with what it takes now. */
interface TouchedSlot {
  startMs: number
  endMs: number
}

/**
 * Booking, moving and cancelling appointments. PostgreSQL decides every race (exclusion constraints
 * on cabin, sales person and buyer): this code picks a free cabin and sales person from what it
 * read, and when a racing booking took them first it reads again and picks again, or answers
 * E_SLOT_TAKEN once nothing is free.
 */
export class AppointmentService {
  constructor(
    private readonly database: Database,
    private readonly settings: AppointmentsSettings,
    private readonly onEvents: () => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  private readonly linked = new Set<string>()
  /** Staff found not to be a sales person, and until when that is trusted (ms). */
  private readonly notLinked = new Map<string, number>()
  private readonly answers = new AnswerWaiters()
  private readonly facts = new Map<string, Promise<OfficeFacts | null>>()
  /** Slots (office, start, virtual or not) found full, until when they are refused without a read. */
  private readonly full = new Map<string, number>()
  private static fullKey = (officeId: string, startMs: number, virtual: boolean) =>
    `${officeId}:${startMs}:${virtual ? 'v' : 'c'}`

  /** A slot freed here (cancel, move away) is bookable again at once, in person and virtual. */
  private freed(officeId: string, startMs: number): void {
    this.full.delete(AppointmentService.fullKey(officeId, startMs, false))
    this.full.delete(AppointmentService.fullKey(officeId, startMs, true))
  }

  private markFull(officeId: string, startMs: number, virtual: boolean): void {
    if (this.full.size > 10_000) this.full.clear()
    this.full.set(AppointmentService.fullKey(officeId, startMs, virtual), this.now() + FULL_MS)
  }

  /** The office's facts, read at most once per FACTS_MS (concurrent callers share one read). */
  private async factsOf(officeId: string): Promise<OfficeFacts | null> {
    const cached = this.facts.get(officeId)
    if (cached) {
      const f = await cached.catch(() => null)
      if (f && f.until > this.now()) return f
      if (this.facts.get(officeId) !== cached) return this.factsOf(officeId)
    }
    const read = (async (): Promise<OfficeFacts | null> => {
      const sql = this.database.sql
      const office = await offices.officeById(sql, officeId)
      if (!office) return null
      const [calendar, cabins, salesPersons] = await Promise.all([
        offices.calendarOf(sql, office),
        offices.cabinsOf(sql, office.id),
        offices.salesPersonsOf(sql, office.id),
      ])
      return { office, calendar, cabins, salesPersons, until: this.now() + FACTS_MS }
    })()
    this.facts.set(officeId, read)
    read.catch(() => this.facts.delete(officeId))
    return read
  }

  /**
   * Staff changed the office (hours, zone, holidays, cabins, sales persons): its facts are read
   * again at the next call, and no slot of it is refused from memory.
   */
  forget(officeId: string): void {
    this.facts.delete(officeId)
    // A sales person may have been added: staff found not to be one are asked again.
    this.notLinked.clear()
    for (const key of this.full.keys()) if (key.startsWith(`${officeId}:`)) this.full.delete(key)
  }

  /**
   * Staff are sales persons by username until their auth id is known: learnt at their first call
   * after staff made them one. Remembered once linked; a miss for a minute (staff who are no sales
   * person call often), forgotten at once when staff change an office here: a sales person added
   * later is linked at their next call (within the minute through another instance), not left
   * unlinked (no notices, no live push) until a restart.
   */
  async know(p: Principal): Promise<void> {
    if (p.guest || this.linked.has(p.id) || (p.userType !== 'sales' && p.userType !== 'admin')) return
    if ((this.notLinked.get(p.id) ?? 0) > this.now()) return
    if (await offices.linkSalesPerson(this.database.sql, p.id, p.username)) {
      this.linked.add(p.id)
      this.notLinked.delete(p.id)
    } else {
      if (this.notLinked.size >= 10_000) this.notLinked.clear()
      this.notLinked.set(p.id, this.now() + NOT_LINKED_MS)
    }
  }

  async officeList() {
    const list = await offices.activeOffices(this.database.sql)
    return {
      list: list.map((o) => ({
        id: o.id,
        code: o.code,
        name: o.name,
        timeZone: o.timeZone,
        slotMinutes: o.slotMinutes,
        divisions: o.divisions,
      })),
    }
  }

  private async office(id: string | undefined, field: string): Promise<OfficeFacts> {
    const officeId = id ?? (await offices.activeOffices(this.database.sql))[0]?.id
    const facts = officeId ? await this.factsOf(officeId) : null
    if (!facts) throw new AppError('E_NOT_FOUND', { field })
    return facts
  }

  async slots(req: SlotPageRequest): Promise<SlotPage> {
    const { office, calendar, cabins, salesPersons } = await this.office(req.officeId, 'officeId')
    const slots = officeSlots(
      calendar,
      req.date ?? zonedDate(office.timeZone, this.now()),
      req.days ?? DEFAULT_DAYS,
    ).filter((slot) => slot.startMs <= this.now() + HORIZON_MS)
    if (!slots.length) return { list: [] }
    const bookings = await offices.bookingsBetween(this.database.sql, office.id, slots[0]!.startMs, slots.at(-1)!.endMs)
    const rows = board(
      calendar,
      slots,
      { cabins: cabins.map((c) => c.id), salesPersons, bookings },
      { virtual: req.virtual ?? false, nowMs: this.now() },
    )
    return {
      list: rows.map(({ slot, free }) => ({
        id: slotId(slot),
        officeId: office.id,
        startsAt: isoInZone(office.timeZone, slot.startMs),
        endsAt: isoInZone(office.timeZone, slot.endMs),
        free,
      })),
    }
  }

  /** The office and the slot a slot id names, if it is one of the office's slots and has not begun. */
  private async slotOf(id: string): Promise<{ office: Office; facts: OfficeFacts; slot: Slot }> {
    const parsed = parseSlotId(id)
    if (!parsed) throw invalid('slotId', 'is not a slot')
    const facts = await this.factsOf(parsed.officeId)
    if (!facts) throw invalid('slotId', 'names no office')
    // Beyond the horizon is no slot of the office's (and a year past 9999 is no date to reckon with).
    if (parsed.startMs > this.now() + HORIZON_MS) throw new AppError('E_SLOT_INVALID', { field: 'slotId' })
    const slot = slotAt(facts.calendar, parsed.startMs)
    if (!slot || slot.startMs <= this.now()) throw new AppError('E_SLOT_INVALID', { field: 'slotId' })
    return { office: facts.office, facts, slot }
  }

  /**
   * A slot the bookings already fill is refused with one read and no transaction: the many losers
   * of a race for the last cabin cost a select each once the winner has committed.
   */
  private async refuseIfFull(facts: OfficeFacts, slot: Slot, virtual: boolean): Promise<void> {
    const key = AppointmentService.fullKey(facts.office.id, slot.startMs, virtual)
    if ((this.full.get(key) ?? 0) > this.now()) throw new AppError('E_SLOT_TAKEN', { field: 'slotId' })
    const bookings = await offices.bookingsBetween(this.database.sql, facts.office.id, slot.startMs, slot.endMs)
    const free = freeIn(facts.calendar, slot, {
      cabins: facts.cabins.map((c) => c.id),
      salesPersons: facts.salesPersons,
      bookings,
    })
    if (freeCount(free, virtual) === 0) {
      this.markFull(facts.office.id, slot.startMs, virtual)
      throw new AppError('E_SLOT_TAKEN', { field: 'slotId' })
    }
  }

  /**
   * Picks a free cabin (none for a virtual meeting) and sales person for the slot and runs `write`
   * with them in one transaction; a racing booking that took them first makes it read and pick
   * again. The buyer's own overlap is E_APPOINTMENT_OVERLAP, a full slot E_SLOT_TAKEN.
   */
  private async claim<T>(
    who: {
      buyerId: string
      office: Office
      slot: Slot
      virtual: boolean
      moving?: string
      /** The slot an appointment being moved leaves: locked with the new one (in time order), its free count announced. */
      leaving?: TouchedSlot
      keep?: { cabinId: string | null; salesPersonId: string }
    },
    write: (tx: Tx, picked: { cabinId: string | null; salesPersonId: string }) => Promise<T>,
  ): Promise<T> {
    const { office, slot } = who
    for (let attempt = 1; ; attempt++) {
      try {
        return (await this.database.sql.begin(async (tx) => {
          // Bookings of one slot take turns: each reads what the one before committed, and their
          // inserts never wait on each other inside the constraints' indexes (which can deadlock).
          await this.lockSlots(tx, office.id, who.leaving ? [slot, who.leaving] : [slot])
          // The office may have closed since its facts were read (staff, or another instance's cache).
          if (!(await offices.officeStillActive(tx, office.id))) throw invalid('slotId', 'names no office')
          if (who.moving) await repo.lockAppointment(tx, who.moving)
          if (await repo.buyerBusy(tx, who.buyerId, slot.startMs, slot.endMs, who.moving))
            throw new AppError('E_APPOINTMENT_OVERLAP', { field: 'slotId' })
          const [cabins, salesPersons, bookings] = await Promise.all([
            offices.cabinsOf(tx, office.id),
            offices.salesPersonsOf(tx, office.id),
            offices.bookingsBetween(tx, office.id, slot.startMs, slot.endMs, who.moving),
          ])
          const calendar = {
            id: office.id,
            timeZone: office.timeZone,
            slotMinutes: office.slotMinutes,
            openingHours: office.openingHours,
            holidays: [],
          }
          const free = freeIn(calendar, slot, { cabins: cabins.map((c) => c.id), salesPersons, bookings })
          // Keep the cabin of an appointment being moved when it is free in the new slot.
          const cabinsInOrder =
            who.keep?.cabinId && free.cabins.includes(who.keep.cabinId)
              ? [who.keep.cabinId, ...free.cabins.filter((c) => c !== who.keep!.cabinId)]
              : shuffled(free.cabins)
          const picked = pick(
            { cabins: cabinsInOrder, salesPersons: shuffled(free.salesPersons) },
            { virtual: who.virtual, preferredSalesPerson: who.keep?.salesPersonId },
          )
          if (!picked) {
            this.markFull(office.id, slot.startMs, who.virtual)
            throw new AppError('E_SLOT_TAKEN', { field: 'slotId' })
          }
          // Read before staff may have taken the cabin or sales person away: shared now, and checked again.
          if (!(await offices.pickStillActive(tx, office.id, picked))) throw new PickAgain()
          const out = await write(tx, picked)
          await this.announceSlots(tx, office, who.leaving ? [slot, who.leaving] : [slot])
          return out
        })) as T
      } catch (err) {
        if (err instanceof PickAgain) {
          if (attempt >= ATTEMPTS) throw new AppError('E_SLOT_TAKEN', { field: 'slotId' })
          continue
        }
        const constraint = conflict(err)
        if (constraint === null) throw err
        if (constraint === 'appointments_buyer_free') throw new AppError('E_APPOINTMENT_OVERLAP', { field: 'slotId' })
        if (attempt >= ATTEMPTS) throw new AppError('E_SLOT_TAKEN', { field: 'slotId' })
      }
    }
  }

  /** Slot locks in time order, so two moves between the same two slots never wait for each other. */
  private async lockSlots(tx: Tx, officeId: string, slots: readonly TouchedSlot[]): Promise<void> {
    const starts = [...new Set(slots.map((s) => s.startMs))].sort((a, b) => a - b)
    for (const startMs of starts) await repo.lockSlot(tx, officeId, startMs)
  }

  /**
   * `appointments.slot.changed` for each slot touched, with what it takes now: read under the
   * slots' locks, after the change, so the last announcement of a slot is the truth.
   */
  private async announceSlots(tx: Tx, office: Office, slots: readonly TouchedSlot[]): Promise<void> {
    const [cabins, salesPersons] = await Promise.all([
      offices.cabinsOf(tx, office.id),
      offices.salesPersonsOf(tx, office.id),
    ])
    const calendar = { ...office, holidays: [] }
    const events: Event<unknown>[] = []
    for (const slot of slots) {
      const bookings = await offices.bookingsBetween(tx, office.id, slot.startMs, slot.endMs)
      const free = freeIn(
        calendar,
        { officeId: office.id, ...slot },
        { cabins: cabins.map((c) => c.id), salesPersons, bookings },
      )
      events.push(
        newEvent(PRODUCER, SlotEventTypes.changed, office.id, {
          officeId: office.id,
          slotId: slotId({ officeId: office.id, startMs: slot.startMs }),
          startsAt: new Date(slot.startMs).toISOString(),
          endsAt: new Date(slot.endMs).toISOString(),
          free: freeCount(free, false),
          freeVirtual: freeCount(free, true),
        }),
      )
    }
    await enqueue(tx, this.database.schema, events)
  }

  /** An appointment the caller may see: theirs as buyer or sales person, or any for office staff. */
  async record(id: string, p: Principal, client: Tx | Database['sql'] = this.database.sql) {
    const r = isOfficeStaff(p) ? await repo.appointmentById(client, id) : await repo.appointmentFor(client, id, p.id)
    if (!r) throw new AppError('E_NOT_FOUND', { field: 'id' })
    return r
  }

  async create(p: Principal, body: AppointmentCreate): Promise<AppointmentView> {
    // Spaces alone said nothing to the sales person, and were booked.
    if (!body.purpose.trim())
      throw new AppError('E_VALIDATION', { fields: [{ field: 'purpose', in: 'body', message: 'must not be blank' }] })
    await this.know(p)
    return this.book(p, buyerOf(p), body)
  }

  /**
   * Books a slot for `buyer` (the caller, or a viewing request's buyer when the sales side accepts
   * it), acted by `p`; `also` runs in the booking's transaction (the request marked accepted).
   */
  async book(
    p: Principal,
    buyer: BuyerFacts,
    body: AppointmentCreate,
    also?: (tx: Tx, appointmentId: string) => Promise<void>,
  ): Promise<AppointmentView> {
    const { office, facts, slot } = await this.slotOf(body.slotId)
    const virtual = body.virtual ?? false
    await this.refuseIfFull(facts, slot, virtual)
    const id = randomUUID()
    const stoneIds = body.stoneIds ?? []
    await this.claim({ buyerId: buyer.id, office, slot, virtual }, async (tx, picked) => {
      await repo.insertAppointment(
        tx,
        {
          id,
          buyerId: buyer.id,
          buyerName: buyer.name,
          buyerCompany: buyer.company,
          officeId: office.id,
          cabinId: picked.cabinId,
          salesPersonId: picked.salesPersonId,
          startsAt: new Date(slot.startMs),
          endsAt: new Date(slot.endMs),
          purpose: body.purpose.trim() || body.purpose,
          virtual,
          room: virtual ? randomBytes(18).toString('base64url') : null,
          demandId: body.demandId ?? null,
        },
        stoneIds,
      )
      const r = (await repo.appointmentById(tx, id))!
      await enqueue(tx, this.database.schema, [
        newEvent(PRODUCER, AppointmentEventTypes.booked, id, eventData(r, p.id, {}, this.settings.meetingBaseUrl)),
      ])
      await also?.(tx, id)
    })
    this.onEvents()
    return toView(await this.settled(id, 1), this.settings.meetingBaseUrl)
  }

  /**
   * The appointment once stock has answered for its stones at `version`, or as it is when the wait
   * (blockWaitMs) ran out: stones not answered yet are shown pending, never blocked. The caller has
   * already been let at it (it booked or moved it).
   */
  private async settled(id: string, version: number) {
    const read = async () => (await repo.appointmentById(this.database.sql, id))!
    let r = await read()
    if (!r.stones.length) return r
    await this.answers.until(
      id,
      async () => {
        r = await read()
        return allAnswered(r.stones, version)
      },
      this.settings.blockWaitMs ?? BLOCK_WAIT_MS,
    )
    return r
  }

  /** Stock's answer about an appointment's stones (in the consumer's transaction); a booking waiting for it is woken after the commit. */
  async answered(a: OfficeBlockAnswered, ctx: ConsumerContext): Promise<void> {
    await stoneAnswers.applyAnswer(ctx.tx, a.appointmentId, a.version, answerRows(a))
    ctx.afterCommit(() => this.answers.answered(a.appointmentId))
  }

  /** Stock gave some of the appointment's stones back by hand (staff): they show as released. */
  async releasedByHand(r: OfficeBlockReleased, ctx: ConsumerContext): Promise<void> {
    await stoneAnswers.releasedByHand(ctx.tx, r.appointmentId, r.stoneIds)
  }

  async reschedule(p: Principal, body: AppointmentReschedule): Promise<AppointmentView> {
    await this.know(p)
    const current = await this.record(body.id, p)
    if (!changeable(current.row, this.now())) throw new AppError('E_APPOINTMENT_CLOSED', { field: 'id' })
    const { office, slot } = await this.slotOf(body.slotId)
    if (office.id !== current.office.id) throw invalid('slotId', "is not a slot of the appointment's office")
    if (slot.startMs === current.row.startsAt.getTime()) return toView(current, this.settings.meetingBaseUrl)
    await this.claim(
      {
        buyerId: current.row.buyerId,
        office,
        slot,
        virtual: current.row.virtual,
        moving: current.row.id,
        leaving: { startMs: current.row.startsAt.getTime(), endMs: current.row.endsAt.getTime() },
        keep: { cabinId: current.row.cabinId, salesPersonId: current.row.salesPersonId },
      },
      async (tx, picked) => {
        // Read again under the lock: a cancel or another move may have come first.
        const before = await this.record(body.id, p, tx)
        if (!changeable(before.row, this.now()) || before.row.version !== current.row.version)
          throw new AppError('E_APPOINTMENT_CLOSED', { field: 'id' })
        await repo.moveAppointment(tx, before.row.id, {
          ...picked,
          startMs: slot.startMs,
          endMs: slot.endMs,
          status: statusAfterMove(before.row, p.id, picked.salesPersonId),
        })
        // Stock is asked again for the new slot: until it answers, no stone is shown blocked.
        if (before.stones.length) await stoneAnswers.askAgain(tx, before.row.id)
        const after = (await repo.appointmentById(tx, before.row.id))!
        const previous = {
          startsAt: before.row.startsAt.toISOString(),
          endsAt: before.row.endsAt.toISOString(),
          // Another sales person took it over: the one it leaves is told too.
          ...(after.row.salesPersonId !== before.row.salesPersonId
            ? { salesPersonUserId: before.salesPerson.userId }
            : {}),
        }
        await enqueue(tx, this.database.schema, [
          newEvent(
            PRODUCER,
            AppointmentEventTypes.rescheduled,
            after.row.id,
            eventData(after, p.id, { previous }, this.settings.meetingBaseUrl),
          ),
        ])
      },
    )
    this.freed(office.id, current.row.startsAt.getTime())
    this.onEvents()
    return toView(await this.settled(body.id, current.row.version + 1), this.settings.meetingBaseUrl)
  }

  /** With stoneIds: those stones leave the appointment. Without: the appointment is cancelled. */
  async destroy(p: Principal, body: AppointmentDestroy): Promise<AppointmentView> {
    await this.know(p)
    for (let attempt = 1; ; attempt++) {
      const current = await this.record(body.id, p)
      const slot = { startMs: current.row.startsAt.getTime(), endMs: current.row.endsAt.getTime() }
      const moved = await this.database.sql.begin(async (tx) => {
        // A cancel frees the slot: it takes the slot's lock before the row's, as bookings and moves do.
        if (!body.stoneIds) await repo.lockSlot(tx, current.office.id, slot.startMs)
        await repo.lockAppointment(tx, body.id)
        const r = await this.record(body.id, p, tx)
        if (!changeable(r.row, this.now())) throw new AppError('E_APPOINTMENT_CLOSED', { field: 'id' })
        // Moved since it was read: the lock taken is another slot's; read and lock again.
        if (!body.stoneIds && r.row.startsAt.getTime() !== slot.startMs) return true
        if (body.stoneIds) {
          const on = new Set(r.stones.map((s) => s.id))
          const stranger = body.stoneIds.find((s) => !on.has(s))
          if (stranger) throw invalid('stoneIds', `${stranger} is not on this appointment`)
          await repo.removeStones(tx, r.row.id, body.stoneIds)
          const after = (await repo.appointmentById(tx, r.row.id))!
          await enqueue(tx, this.database.schema, [
            newEvent(
              PRODUCER,
              AppointmentEventTypes.stonesRemoved,
              r.row.id,
              eventData(after, p.id, { removedStoneIds: body.stoneIds }, this.settings.meetingBaseUrl),
            ),
          ])
          return false
        }
        await repo.cancelAppointment(tx, r.row.id, p.id)
        const after = (await repo.appointmentById(tx, r.row.id))!
        await enqueue(tx, this.database.schema, [
          newEvent(
            PRODUCER,
            AppointmentEventTypes.cancelled,
            r.row.id,
            eventData(after, p.id, {}, this.settings.meetingBaseUrl),
          ),
        ])
        const office = await offices.officeRow(tx, r.office.id)
        if (office) await this.announceSlots(tx, office, [slot])
        return false
      })
      if (moved && attempt < 3) continue
      if (moved) throw new AppError('E_APPOINTMENT_CLOSED', { field: 'id' })
      if (!body.stoneIds) this.freed(current.office.id, slot.startMs)
      this.onEvents()
      return toView(await this.record(body.id, p), this.settings.meetingBaseUrl)
    }
  }

  async list(p: Principal, req: AppointmentPageRequest): Promise<AppointmentPage> {
    const limit = req.limit ?? 20
    const { list, count } = await repo.buyerPage(this.database.sql, p.id, req.tab, req.page ?? 1, limit)
    return { list: list.map((r) => toView(r, this.settings.meetingBaseUrl)), count }
  }

  async stones(p: Principal, appointmentId: string): Promise<ShowSelectionPage> {
    await this.know(p)
    const r = await repo.appointmentFor(this.database.sql, appointmentId, p.id)
    if (!r) throw new AppError('E_NOT_FOUND', { field: 'appointmentId' })
    const { stones } = toView(r, this.settings.meetingBaseUrl)
    return { list: stones, count: stones.length }
  }
}
