import { and, asc, count, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import type { AppointmentTab } from '@diamond/contracts/http/appointments'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { anyOf } from '@diamond/runtime/statements'
import { cabins } from '../offices/cabins.schema'
import { offices, salesPersons } from '../offices/offices.schema'
import { appointments, appointmentStones, notCancelled, type Appointment } from './bookings.schema'

type Client = Sql | Tx

const a = appointments

/** An appointment with what its view and its events name: office, cabin, sales person, stones. */
export interface AppointmentRecord {
  row: Appointment
  office: { id: string; code: string; name: string; timeZone: string }
  cabin: { id: string; name: string; division: string } | null
  salesPerson: { id: string; name: string; userId: string | null }
  stones: {
    id: string
    blocked: boolean | null
    reason: string | null
    location: string | null
    answerVersion: number | null
  }[]
}

export async function records(client: Client, where: SQL | undefined, order: SQL[], limit?: number, offset?: number) {
  let q = orm(client)
    .select({
      row: a,
      office: { id: offices.id, code: offices.code, name: offices.name, timeZone: offices.timeZone },
      cabin: { id: cabins.id, name: cabins.name, division: cabins.division },
      salesPerson: { id: salesPersons.id, name: salesPersons.name, userId: salesPersons.userId },
    })
    .from(a)
    .innerJoin(offices, eq(offices.id, a.officeId))
    .innerJoin(salesPersons, eq(salesPersons.id, a.salesPersonId))
    .leftJoin(cabins, eq(cabins.id, a.cabinId))
    .where(where)
    .orderBy(...order)
    .$dynamic()
  if (limit !== undefined) q = q.limit(limit).offset(offset ?? 0)
  const rows = await q
  if (!rows.length) return []
  const stones = await orm(client)
    .select({
      appointmentId: appointmentStones.appointmentId,
      id: appointmentStones.stoneId,
      blocked: appointmentStones.blocked,
      reason: appointmentStones.reason,
      location: appointmentStones.location,
      answerVersion: appointmentStones.answerVersion,
    })
    .from(appointmentStones)
    .where(
      anyOf(
        appointmentStones.appointmentId,
        rows.map((r) => r.row.id),
      ),
    )
    .orderBy(asc(appointmentStones.addedAt), asc(appointmentStones.position))
  const byAppointment = new Map<string, AppointmentRecord['stones']>()
  for (const s of stones) {
    const list = byAppointment.get(s.appointmentId) ?? []
    const { appointmentId: _, ...stone } = s
    list.push(stone)
    byAppointment.set(s.appointmentId, list)
  }
  return rows.map((r): AppointmentRecord => ({
    ...r,
    cabin: r.cabin?.id ? (r.cabin as AppointmentRecord['cabin']) : null,
    stones: byAppointment.get(r.row.id) ?? [],
  }))
}

/** One appointment, if `userId` is its buyer or its sales person; in a transaction, locked for a change. */
export async function appointmentFor(client: Client, id: string, userId: string): Promise<AppointmentRecord | null> {
  const [r] = await records(client, and(eq(a.id, id), or(eq(a.buyerId, userId), eq(salesPersons.userId, userId))), [])
  return r ?? null
}

/** One appointment by id, whoever's it is (office staff; or once the caller's right to it is settled). */
export async function appointmentById(client: Client, id: string): Promise<AppointmentRecord | null> {
  const [r] = await records(client, eq(a.id, id), [])
  return r ?? null
}

/** Until the transaction ends, the one booking of this slot of this office in progress (a transaction-scoped advisory lock). */
export async function lockSlot(tx: Tx, officeId: string, startMs: number): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`appointments:slot:${officeId}:${startMs}`}, 0))`
}

/** Locks the appointment row for a change (reschedule, cancel, stones) until the transaction ends. */
export async function lockAppointment(tx: Tx, id: string): Promise<void> {
  await orm(tx).select({ id: a.id }).from(a).where(eq(a.id, id)).for('update')
}

const OPEN = ['booked', 'confirmed'] as const

/** The buyer's tabs: upcoming (open, not ended), archived (done, no-show, or ended), cancelled. */
function tabWhere(tab: AppointmentTab): SQL {
  const open = inArray(a.status, [...OPEN])
  if (tab === 'upcoming') return and(open, gt(a.endsAt, sql`now()`))!
  if (tab === 'cancelled') return eq(a.status, 'cancelled')
  return or(inArray(a.status, ['done', 'no_show']), and(open, lte(a.endsAt, sql`now()`)))!
}

export async function buyerPage(
  client: Client,
  buyerId: string,
  tab: AppointmentTab,
  page: number,
  limit: number,
): Promise<{ list: AppointmentRecord[]; count: number }> {
  const where = and(eq(a.buyerId, buyerId), tabWhere(tab))
  const order = tab === 'upcoming' ? [asc(a.startsAt), asc(a.id)] : [desc(a.startsAt), asc(a.id)]
  const [list, [total]] = await Promise.all([
    records(client, where, order, limit, (page - 1) * limit),
    orm(client).select({ n: count() }).from(a).where(where),
  ])
  return { list, count: total?.n ?? 0 }
}

/** Whether the buyer has an appointment not cancelled overlapping [startMs, endMs), other than `except`. */
export async function buyerBusy(client: Client, buyerId: string, startMs: number, endMs: number, except?: string) {
  const rows = await orm(client)
    .select({ id: a.id })
    .from(a)
    .where(
      and(
        eq(a.buyerId, buyerId),
        notCancelled,
        sql`tstzrange(${a.startsAt}, ${a.endsAt}) && tstzrange(${new Date(startMs)}, ${new Date(endMs)})`,
        except ? sql`${a.id} <> ${except}` : undefined,
      ),
    )
    .limit(1)
  return rows.length > 0
}

export async function insertAppointment(
  tx: Tx,
  row: typeof appointments.$inferInsert & { id: string },
  stoneIds: readonly string[],
): Promise<void> {
  await orm(tx).insert(a).values(row)
  if (stoneIds.length)
    await orm(tx)
      .insert(appointmentStones)
      .values(stoneIds.map((stoneId, position) => ({ appointmentId: row.id, stoneId, position })))
}

export async function moveAppointment(
  tx: Tx,
  id: string,
  to: {
    cabinId: string | null
    salesPersonId: string
    startMs: number
    endMs: number
    status: (typeof a.$inferSelect)['status']
  },
): Promise<void> {
  await orm(tx)
    .update(a)
    .set({
      status: to.status,
      cabinId: to.cabinId,
      salesPersonId: to.salesPersonId,
      startsAt: new Date(to.startMs),
      endsAt: new Date(to.endMs),
      version: sql`${a.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(a.id, id))
}

export async function cancelAppointment(tx: Tx, id: string, by: string): Promise<void> {
  await orm(tx)
    .update(a)
    .set({ status: 'cancelled', cancelledBy: by, version: sql`${a.version} + 1`, updatedAt: sql`now()` })
    .where(eq(a.id, id))
}

export async function removeStones(tx: Tx, id: string, stoneIds: readonly string[]): Promise<void> {
  await orm(tx)
    .delete(appointmentStones)
    .where(and(eq(appointmentStones.appointmentId, id), anyOf(appointmentStones.stoneId, stoneIds)))
  await orm(tx)
    .update(a)
    .set({ version: sql`${a.version} + 1`, updatedAt: sql`now()` })
    .where(eq(a.id, id))
}
