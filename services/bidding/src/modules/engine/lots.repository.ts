import { and, asc, eq, getTableColumns, gte, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm'
import { alias, PgDialect } from 'drizzle-orm/pg-core'
import type { OutboxRow } from '@diamond/runtime'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { anyOf, name } from '@diamond/runtime/statements'
import { auctions, lots } from '../auctions/auctions.schema'
import { outbox } from '../../pg-schema'
import { bids } from './engine.schema'
import type { LogEntry } from './winner.rules'

type LotRow = typeof lots.$inferSelect & Pick<typeof auctions.$inferSelect, 'title'>

/**
 * A lot as the engine and the views use it: its row and its auction's title, with times in epoch ms
 * of the database clock (the soft-close terms too) and money in cents per carat.
 */
export type Lot = Omit<
  LotRow,
  'opensAt' | 'scheduledClose' | 'closesAt' | 'closedAt' | 'softWindowS' | 'softExtendS' | 'createdAt'
> & {
  opensAt: number
  scheduledClose: number
  closesAt: number
  closedAt: number | null
  softWindowMs: number | null
  softExtendMs: number | null
}

export function toLot(r: LotRow): Lot {
  return {
    id: r.id,
    auctionId: r.auctionId,
    title: r.title,
    kind: r.kind,
    stoneId: r.stoneId,
    vStnId: r.vStnId,
    crt: r.crt,
    rapCents: r.rapCents,
    seller: r.seller,
    shape: r.shape,
    color: r.color,
    clarity: r.clarity,
    opensAt: r.opensAt.getTime(),
    scheduledClose: r.scheduledClose.getTime(),
    closesAt: r.closesAt.getTime(),
    extensions: r.extensions,
    startCents: r.startCents,
    incrementCents: r.incrementCents,
    reserveCents: r.reserveCents,
    buyNowCents: r.buyNowCents,
    softWindowMs: r.softWindowS === null ? null : r.softWindowS * 1000,
    softExtendMs: r.softExtendS === null ? null : r.softExtendS * 1000,
    highCents: r.highCents,
    highBidder: r.highBidder,
    highBidId: r.highBidId,
    bidCount: r.bidCount,
    lastSeq: r.lastSeq,
    closedAt: r.closedAt ? r.closedAt.getTime() : null,
    state: r.state,
    winnerId: r.winnerId,
    winningBidId: r.winningBidId,
    resultCents: r.resultCents,
  }
}

const lotsJoined = (client: Sql | Tx) =>
  orm(client)
    .select({ ...getTableColumns(lots), title: auctions.title })
    .from(lots)
    .innerJoin(auctions, eq(auctions.id, lots.auctionId))

// PostgreSQL takes only unqualified names in FOR UPDATE OF: the locking read names the lot by an alias.
const l = alias(lots, 'l')

/** The lot; with `lock`, its row (not its auction's) is locked until the transaction ends. */
export async function findLot(client: Sql | Tx, lotId: string, opts: { lock?: boolean } = {}): Promise<Lot | null> {
  const q = orm(client)
    .select({ ...getTableColumns(l), title: auctions.title })
    .from(l)
    .innerJoin(auctions, eq(auctions.id, l.auctionId))
    .where(eq(l.id, lotId))
  const [row] = opts.lock ? await q.for('update', { of: l }) : await q
  return row ? toLot(row) : null
}

/** The lots that match, in `order`, a page of them when `limit` is given. */
export async function findLots(
  client: Sql | Tx,
  where: SQL | undefined,
  order: SQL[],
  page: { limit?: number; offset?: number } = {},
): Promise<Lot[]> {
  const q = lotsJoined(client)
    .where(where)
    .orderBy(...order)
    .$dynamic()
  if (page.limit !== undefined) q.limit(page.limit).offset(page.offset ?? 0)
  return (await q).map(toLot)
}

/** Lots by id (a missing id is absent). */
export const lotsById = (client: Sql | Tx, ids: readonly string[]) => findLots(client, anyOf(lots.id, ids), [])

/** Lots closed since `since` whose result their bids decided (not withdrawn), in order of closing. */
export const closedLotsSince = (client: Sql | Tx, since: Date) =>
  findLots(client, and(isNotNull(lots.closedAt), gte(lots.closedAt, since), ne(lots.state, 'withdrawn')), [
    asc(lots.closedAt),
  ])

export interface StoredEntry extends LogEntry {
  requestId: string
}

const LOG = {
  lotId: bids.lotId,
  id: bids.id,
  bidderId: bids.bidderId,
  seq: bids.seq,
  kind: bids.kind,
  priceCents: bids.priceCents,
  requestId: bids.requestId,
  createdAt: bids.createdAt,
}
type LogRow = Pick<typeof bids.$inferSelect, keyof typeof LOG>
const toEntry = (r: LogRow): StoredEntry => ({
  id: r.id,
  bidderId: r.bidderId,
  seq: r.seq,
  kind: r.kind,
  priceCents: r.priceCents,
  requestId: r.requestId,
  at: r.createdAt.getTime(),
})

/** A lot's whole bid log, in order. */
export async function logOf(client: Sql | Tx, lotId: string): Promise<StoredEntry[]> {
  const rows = await orm(client).select(LOG).from(bids).where(eq(bids.lotId, lotId)).orderBy(bids.seq)
  return rows.map(toEntry)
}

/** The whole bid logs of several lots, each in order (a lot without bids is absent). */
export async function logsOf(client: Sql | Tx, lotIds: readonly string[]): Promise<Map<string, StoredEntry[]>> {
  const rows = await orm(client).select(LOG).from(bids).where(anyOf(bids.lotId, lotIds)).orderBy(bids.lotId, bids.seq)
  const out = new Map<string, StoredEntry[]>()
  for (const r of rows) {
    const list = out.get(r.lotId)
    if (list) list.push(toEntry(r))
    else out.set(r.lotId, [toEntry(r)])
  }
  return out
}

/*
 * A batch travels as three jsonb parameters, one array of rows each, read back with
 * jsonb_to_recordset: its times are ISO text (what JSON makes of them anyway).
 */

/** What one committed batch moves a lot to: the state after its last bid in the batch. */
export type LotMove = Pick<
  typeof lots.$inferSelect,
  'lastSeq' | 'extensions' | 'highCents' | 'highBidder' | 'highBidId' | 'bidCount'
> & {
  lotId: string
  /** The last seq stored before the batch: the lot moves only if it is still the database's. */
  prevSeq: number
  /** The batch's first and last arrival, and the close after it. */
  minAt: string
  maxAt: string
  closesAt: string
}

/** A bid log row of a batch. */
export type BidRow = Omit<Required<typeof bids.$inferInsert>, 'storedAt' | 'createdAt'> & { createdAt: string }

/** An outbox row of one lot's batch: written only if that lot moved. `n` keeps the events' order. */
export interface LotEventRow extends OutboxRow {
  lotId: string
  n: number
}

/**
 * Stores a batch of bids of many lots, the lots' new state and their events in ONE statement, so
 * in one round trip and one transaction (a single statement outside BEGIN is its own transaction):
 * the change and its announcement commit or roll back together. No NOTIFY: PostgreSQL serialises
 * the commits of notifying transactions on one lock, which would undo the group commit; the engine
 * wakes its own process's relay once the batch is stored (the relays also poll).
 *
 * Each lot moves only if its last stored seq is still the one this writer started from (no other
 * writer got in between), it is not closed, and every bid came after the opening and before the
 * close: the database, not this process, is the judge. Answers the lots that moved; the bids and
 * events of the others are not stored.
 *
 * Written out over the schema's tables (the UPDATE target is not aliased, so that its columns are
 * named through the schema), rendered once when the module loads (rendering it at every batch cost
 * 40 µs) and prepared; the three arrays are its $1, $2 and $3.
 */
const STORE_BATCH = new PgDialect().sqlToQuery(sql`
  with l_in as (
    select * from jsonb_to_recordset(${sql.placeholder('moves')}::jsonb) as y("lotId" uuid, "prevSeq" bigint, "lastSeq" bigint, "minAt" timestamptz,
      "maxAt" timestamptz, "closesAt" timestamptz, extensions integer, "highCents" bigint, "highBidder" uuid, "highBidId" uuid, "bidCount" integer)
  ), moved as (
    update ${lots}
       set ${name(lots.lastSeq)} = y."lastSeq", ${name(lots.closesAt)} = y."closesAt", ${name(lots.extensions)} = y.extensions,
           ${name(lots.highCents)} = y."highCents", ${name(lots.highBidder)} = y."highBidder", ${name(lots.highBidId)} = y."highBidId",
           ${name(lots.bidCount)} = y."bidCount"
      from l_in y
     where ${lots.id} = y."lotId" and ${lots.lastSeq} = y."prevSeq" and ${lots.closedAt} is null
       and y."minAt" >= ${lots.opensAt} and y."minAt" < ${lots.closesAt} and y."maxAt" < y."closesAt"
    returning ${lots.id}
  ), stored as (
    insert into ${bids} (${name(bids.id)}, ${name(bids.lotId)}, ${name(bids.bidderId)}, ${name(bids.seq)}, ${name(bids.kind)},
                         ${name(bids.priceCents)}, ${name(bids.requestId)}, ${name(bids.createdAt)})
    select b.id, b."lotId", b."bidderId", b.seq, b.kind, b."priceCents", b."requestId", b."createdAt"
      from jsonb_to_recordset(${sql.placeholder('bids')}::jsonb) as b(id uuid, "lotId" uuid, "bidderId" uuid, seq bigint, kind text, "priceCents" bigint,
        "requestId" uuid, "createdAt" timestamptz)
     where b."lotId" in (select id from moved)
    returning 1
  ), announced as (
    insert into ${outbox} (${name(outbox.id)}, ${name(outbox.topic)}, ${name(outbox.key)}, ${name(outbox.type)}, ${name(outbox.event)})
    select x.id, x.topic, x.key, x.type, x.event
      from jsonb_to_recordset(${sql.placeholder('events')}::jsonb) as x("lotId" uuid, n integer, id uuid, topic text, key text, type text, event jsonb)
     where x."lotId" in (select id from moved)
     order by x.n
    returning 1
  )
  select m.id from moved m`).sql

export async function storeBatch(
  client: Sql,
  moves: LotMove[],
  rows: BidRow[],
  events: LotEventRow[],
): Promise<Set<string>> {
  const moved = await client.unsafe<{ id: string }[]>(STORE_BATCH, [moves, rows, events] as never[], { prepare: true })
  return new Set(moved.map((r) => r.id))
}

/**
 * Events of no batch (the repeats that name late outbid notices) in one statement, its own
 * transaction, without NOTIFY: the engine wakes its process's relay itself, as after a batch.
 */
const STORE_EVENTS = new PgDialect().sqlToQuery(sql`
  insert into ${outbox} (${name(outbox.id)}, ${name(outbox.topic)}, ${name(outbox.key)}, ${name(outbox.type)}, ${name(outbox.event)})
  select x.id, x.topic, x.key, x.type, x.event
    from rows from (jsonb_to_recordset(${sql.placeholder('events')}::jsonb) as (id uuid, topic text, key text, type text, event jsonb))
         with ordinality as x(id, topic, key, type, event, n)
   order by x.n`).sql

export async function storeEvents(client: Sql, events: OutboxRow[]): Promise<void> {
  if (events.length) await client.unsafe(STORE_EVENTS, [events] as never[], { prepare: true })
}

/** Lots not yet closed, soonest close first, with how long until each is due (ms, by the database clock). */
export async function nextCloses(
  client: Sql,
  limit: number,
  graceMs: number,
): Promise<{ id: string; dueInMs: number }[]> {
  return orm(client)
    .select({
      id: lots.id,
      dueInMs: sql<number>`(extract(epoch from (${lots.closesAt} - clock_timestamp())) * 1000 + ${graceMs})::float8`,
    })
    .from(lots)
    .where(isNull(lots.closedAt))
    .orderBy(lots.closesAt)
    .limit(limit)
}

export async function dbNow(client: Sql | Tx): Promise<number> {
  const [row] = await client<{ ms: number }[]>`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`
  return Math.floor(row!.ms)
}

/** Writes a lot's result, once. */
export async function storeResult(
  tx: Tx,
  lotId: string,
  r: Pick<typeof lots.$inferSelect, 'winnerId' | 'winningBidId' | 'resultCents'> & { state: 'won' | 'closed' },
): Promise<Date> {
  const [row] = await orm(tx)
    .update(lots)
    .set({
      closedAt: sql`clock_timestamp()`,
      state: r.state,
      winnerId: r.winnerId,
      winningBidId: r.winningBidId,
      resultCents: r.resultCents,
    })
    .where(and(eq(lots.id, lotId), isNull(lots.closedAt)))
    .returning({ closedAt: lots.closedAt })
  return row!.closedAt!
}
