import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { ViewingRequestStatus } from '@diamond/contracts/http/viewing-requests.values'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { offices } from '../offices/offices.schema'
import { viewingRequests as v, type ViewingRequest } from './requests.schema'

type Client = Sql | Tx

export interface RequestRecord {
  row: ViewingRequest
  office: { id: string; code: string; name: string; timeZone: string }
}

const office = { id: offices.id, code: offices.code, name: offices.name, timeZone: offices.timeZone }

export async function requestById(client: Client, id: string): Promise<RequestRecord | null> {
  const [r] = await orm(client)
    .select({ row: v, office })
    .from(v)
    .innerJoin(offices, eq(offices.id, v.officeId))
    .where(eq(v.id, id))
  return r ?? null
}

export async function insertRequest(client: Client, row: typeof v.$inferInsert & { id: string }): Promise<void> {
  await orm(client).insert(v).values(row)
}

/** Newest first, narrowed to a buyer, an office and a status as given. */
export async function requestPage(
  client: Client,
  only: { buyerId?: string; officeId?: string; status?: ViewingRequestStatus },
  page: number,
  limit: number,
): Promise<{ list: RequestRecord[]; count: number }> {
  const where: SQL | undefined = and(
    only.buyerId ? eq(v.buyerId, only.buyerId) : undefined,
    only.officeId ? eq(v.officeId, only.officeId) : undefined,
    only.status ? eq(v.status, only.status) : undefined,
  )
  const [list, [total]] = await Promise.all([
    orm(client)
      .select({ row: v, office })
      .from(v)
      .innerJoin(offices, eq(offices.id, v.officeId))
      .where(where)
      .orderBy(desc(v.createdAt), desc(v.id))
      .limit(limit)
      .offset((page - 1) * limit),
    orm(client).select({ n: count() }).from(v).where(where),
  ])
  return { list, count: total?.n ?? 0 }
}

/**
 * Closes an open request (accepted with its appointment, declined with an answer, withdrawn): one
 * conditional update, so of two racing answers exactly one finds it open. False when it was not.
 */
export async function closeRequest(
  tx: Tx,
  id: string,
  to: { status: Exclude<ViewingRequestStatus, 'open'>; by: string; answer?: string; appointmentId?: string },
): Promise<boolean> {
  const rows = await orm(tx)
    .update(v)
    .set({
      status: to.status,
      handledBy: to.by,
      answer: to.answer ?? null,
      appointmentId: to.appointmentId ?? null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(v.id, id), eq(v.status, 'open')))
    .returning({ id: v.id })
  return rows.length > 0
}
