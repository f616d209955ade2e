import { and, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { anyOf, fields, name, query } from '@diamond/runtime/statements'
import { STATUS, statusSet, type StatusRecord } from '../stones/stones.repository'
import { holds, stones } from '../stones/stones.schema'
import { tracks } from '../tracks/tracks.schema'
import { TRACK_TYPES } from '@diamond/contracts/http/tracks.values'
import type { LineFigures, PricedStone } from './orders.rules'
import {
  buyers,
  idempotencyKeys,
  orderLines,
  orders,
  shipments,
  type BuyerRow,
  type Order,
  type OrderLine,
  type Shipment,
} from './orders.schema'

/** What a confirm prices a stone by (carat and discount as numbers: the figures are computed). */
const PRICED = sql`${fields(stones, ['id', 'vStnId', 'shape', 'color', 'clarity', 'lab', 'location', 'rapCents', 'amtCents', 'ctprCents', 'wSts', 'sellerCompanyId', 'seller'])},
  ${stones.carat}::float8 as carat, ${stones.back}::float8 as back`

const holdersOf = (rows: readonly Pick<typeof holds.$inferSelect, 'stoneId' | 'holderId'>[]) =>
  new Map(rows.map((h) => [h.stoneId, h.holderId]))

/** The stones of a selection with their current prices and the holder of each held one (no locks: a preview). */
export async function readStones(client: Sql, ids: readonly string[]) {
  const [priced, held] = await Promise.all([
    query<PricedStone>(client, sql`select ${PRICED} from ${stones} where ${anyOf(stones.id, ids)}`),
    orm(client)
      .select({ stoneId: holds.stoneId, holderId: holds.holderId })
      .from(holds)
      .where(anyOf(holds.stoneId, ids)),
  ])
  return { stones: priced, holders: holdersOf(held) }
}

/**
 * Locks the hold rows and then the stones of a basket, each in id order. Holds come first, as in
 * the expiry sweep (which locks hold rows, then updates stones), so the two wait for each other
 * instead of deadlocking; the fixed order does the same between overlapping baskets.
 */
export async function lockBasket(tx: Tx, ids: readonly string[]) {
  const held = await query<Pick<typeof holds.$inferSelect, 'stoneId' | 'holderId'>>(
    tx,
    sql`select ${fields(holds, ['stoneId', 'holderId'])} from ${holds} where ${anyOf(holds.stoneId, ids)} order by ${holds.stoneId} for update`,
  )
  const priced = await query<PricedStone>(
    tx,
    sql`select ${PRICED} from ${stones} where ${anyOf(stones.id, ids)} order by ${stones.id} for update`,
  )
  return { stones: priced, holders: holdersOf(held) }
}

/**
 * Ends the buyer's holds on the basket and marks every stone confirmed; the caller holds the locks.
 * The status carries the buyer as its holder (inside the platform only), so those told that a stone
 * of their lists was taken are everyone but the buyer who took it.
 */
export async function confirmStones(tx: Tx, ids: readonly string[], buyerId: string): Promise<StatusRecord[]> {
  await query(tx, sql`delete from ${holds} where ${anyOf(holds.stoneId, ids)} and ${holds.holderId} = ${buyerId}`)
  return query<StatusRecord>(
    tx,
    sql`update ${stones} set ${statusSet('C', 'N', 'C')} where ${anyOf(stones.id, ids)}
        returning ${STATUS}, ${buyerId}::uuid as "holderId", null::timestamptz as "expiresAt"`,
  )
}

/** Issue 26: stones a buyer bought leave their cart (in the order's transaction). */
export async function leaveCart(tx: Tx, buyerId: string, ids: readonly string[]): Promise<void> {
  await orm(tx)
    .delete(tracks)
    .where(and(eq(tracks.userId, buyerId), eq(tracks.trackType, TRACK_TYPES.cart), anyOf(tracks.stoneId, ids)))
}

/**
 * Claims an idempotency key for this user. A second request with the same key waits here on the
 * primary key until the first commits or rolls back; it then gets the first one's row (or the
 * claim, if the first rolled back).
 */
export async function claimKey(tx: Tx, userId: string, key: string, fingerprint: string) {
  const claimed = await query(
    tx,
    sql`insert into ${idempotencyKeys} (${name(idempotencyKeys.userId)}, ${name(idempotencyKeys.key)}, ${name(idempotencyKeys.fingerprint)})
        values (${userId}, ${key}, ${fingerprint}) on conflict do nothing returning 1`,
  )
  if (claimed.length) return null
  const [row] = await orm(tx)
    .select({ fingerprint: idempotencyKeys.fingerprint, orderId: idempotencyKeys.orderId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  return row ?? null
}

export async function setKeyOrder(tx: Tx, userId: string, key: string, orderId: string) {
  await orm(tx)
    .update(idempotencyKeys)
    .set({ orderId })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
}

/** A new order, numbered from the stock's sequence. */
export async function insertOrder(
  tx: Tx,
  o: Omit<typeof orders.$inferInsert, 'orderNo' | 'createdAt'>,
): Promise<Pick<Order, 'orderNo' | 'createdAt'>> {
  const [row] = await orm(tx)
    .insert(orders)
    .values({ ...o, orderNo: sql`'OR' || nextval('stock.order_numbers')` })
    .returning({ orderNo: orders.orderNo, createdAt: orders.createdAt })
  return row!
}

/**
 * A won lot's order, once per lot: a second insert for the same lot (a redelivered result that got
 * past the stone's conditional update) inserts nothing and answers null.
 */
export async function insertWonOrder(
  tx: Tx,
  o: Omit<typeof orders.$inferInsert, 'orderNo' | 'createdAt'>,
): Promise<Pick<Order, 'orderNo' | 'createdAt'> | null> {
  const [row] = await orm(tx)
    .insert(orders)
    .values({ ...o, orderNo: sql`'OR' || nextval('stock.order_numbers')` })
    .onConflictDoNothing({ target: orders.lotId })
    .returning({ orderNo: orders.orderNo, createdAt: orders.createdAt })
  return row ?? null
}

/** One stone as a confirm prices it, with who listed it (a seller's user, told when it sells). */
export async function pricedStone(tx: Tx, id: string) {
  const [row] = await query<PricedStone & { listedBy: string | null }>(
    tx,
    sql`select ${PRICED}, ${fields(stones, ['listedBy'])} from ${stones} where ${stones.id} = ${id}`,
  )
  return row ?? null
}

/** What stock knows of a buyer (auth's profile events), or null. */
export async function buyerOf(client: Sql | Tx, userId: string): Promise<BuyerRow | null> {
  const [row] = await orm(client).select().from(buyers).where(eq(buyers.userId, userId))
  return row ?? null
}

/** Keeps a buyer's profile, the newest version winning (events of one user arrive in order, but a replay may not). */
export async function keepBuyer(tx: Tx, b: Omit<BuyerRow, 'updatedAt'>): Promise<void> {
  await orm(tx)
    .insert(buyers)
    .values(b)
    .onConflictDoUpdate({
      target: buyers.userId,
      set: {
        username: sql`excluded.username`,
        companyName: sql`excluded.company_name`,
        billing: sql`excluded.billing`,
        version: sql`excluded.version`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${buyers.version} < excluded.version`,
    })
}

export async function insertLines(
  tx: Tx,
  orderId: string,
  lines: { stone: PricedStone; f: LineFigures; fromHold: boolean }[],
) {
  await orm(tx)
    .insert(orderLines)
    .values(
      lines.map(({ stone: s, f, fromHold }) => ({
        orderId,
        stoneId: s.id,
        vStnId: s.vStnId,
        shape: s.shape,
        carat: s.carat,
        color: s.color,
        clarity: s.clarity,
        lab: s.lab,
        location: s.location,
        rapCents: f.rapCents,
        back: f.back,
        pricePerCaratCents: f.pricePerCaratCents,
        amountCents: f.amountCents,
        adjustmentCents: f.adjustmentCents,
        finalPricePerCaratCents: f.finalPricePerCaratCents,
        finalCents: f.finalAmountCents,
        fromHold,
        seller: s.seller ?? '',
      })),
    )
}

export async function insertShipment(tx: Tx, orderId: string, at: Date, from: Date, to: Date) {
  await orm(tx)
    .insert(shipments)
    .values({
      orderId,
      steps: [{ status: 'confirmed', at: at.toISOString() }],
      expectedFrom: iso(from),
      expectedTo: iso(to),
    })
}
const iso = (d: Date) => d.toISOString().slice(0, 10)

/** An order with its shipment. */
export type OrderRecord = Omit<Order, 'offerId'> &
  Pick<Shipment, 'status' | 'steps' | 'trackingNo' | 'carrier' | 'expectedFrom' | 'expectedTo'> & {
    shipmentUpdatedAt: Shipment['updatedAt']
  }

export type LineRecord = Omit<OrderLine, 'fromHold'>

const { offerId: _, ...orderColumns } = getTableColumns(orders)
const ORDER_WITH_SHIPMENT = {
  ...orderColumns,
  status: shipments.status,
  steps: shipments.steps,
  trackingNo: shipments.trackingNo,
  carrier: shipments.carrier,
  expectedFrom: shipments.expectedFrom,
  expectedTo: shipments.expectedTo,
  shipmentUpdatedAt: shipments.updatedAt,
}
const { fromHold: __, ...lineColumns } = getTableColumns(orderLines)

const ordersWhere = (client: Sql | Tx, where: SQL | undefined) =>
  orm(client)
    .select(ORDER_WITH_SHIPMENT)
    .from(orders)
    .innerJoin(shipments, eq(shipments.orderId, orders.id))
    .where(where)

/** Orders of one buyer (or, with buyerId null, of everyone: staff), newest first. */
export async function listOrders(
  client: Sql,
  buyerId: string | null,
  limit: number,
  offset: number,
): Promise<{ rows: OrderRecord[]; count: number }> {
  const mine = buyerId === null ? undefined : eq(orders.buyerId, buyerId)
  const [rows, count] = await Promise.all([
    ordersWhere(client, mine).orderBy(desc(orders.createdAt), desc(orders.orderNo)).limit(limit).offset(offset),
    orm(client).$count(orders, mine),
  ])
  return { rows, count }
}

/** One order, by id or order number; with buyerId, only if it is that buyer's. */
export async function findOrder(
  client: Sql | Tx,
  by: { id?: string; orderNo?: string },
  buyerId: string | null,
): Promise<OrderRecord | null> {
  const [row] = await ordersWhere(
    client,
    and(
      by.id === undefined ? undefined : eq(orders.id, by.id),
      by.orderNo === undefined ? undefined : eq(orders.orderNo, by.orderNo),
      buyerId === null ? undefined : eq(orders.buyerId, buyerId),
    ),
  )
  return row ?? null
}

export async function linesOf(client: Sql | Tx, orderIds: readonly string[]): Promise<LineRecord[]> {
  if (!orderIds.length) return []
  return orm(client)
    .select(lineColumns)
    .from(orderLines)
    .where(anyOf(orderLines.orderId, orderIds))
    .orderBy(orderLines.vStnId)
}

/** The buyer's confirmed stones, newest order first. */
export async function listConfirmed(client: Sql, buyerId: string, limit: number, offset: number) {
  const mine = eq(orders.buyerId, buyerId)
  const [rows, [counted]] = await Promise.all([
    orm(client)
      .select({ ...lineColumns, orderNo: orders.orderNo, createdAt: orders.createdAt, billType: orders.billType })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(mine)
      .orderBy(desc(orders.createdAt), orderLines.vStnId)
      .limit(limit)
      .offset(offset),
    orm(client)
      .select({ n: count() })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(mine),
  ])
  return { rows, count: counted?.n ?? 0 }
}

/** The order whose line holds this stone number, if it is the buyer's (the newest such order). */
export async function orderOfStone(client: Sql, vStnId: string, buyerId: string): Promise<string | null> {
  const [row] = await orm(client)
    .select({ id: orders.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(sql`upper(${orderLines.vStnId}) = upper(${vStnId})`, eq(orders.buyerId, buyerId)))
    .orderBy(desc(orders.createdAt))
    .limit(1)
  return row?.id ?? null
}

/** Moves a shipment from `from` to `to` (a conditional update: two staff clicks move it once). */
export async function advanceShipment(
  tx: Tx,
  orderId: string,
  from: string,
  to: string,
  trackingNo: string | null,
  carrier: string | null = null,
) {
  const rows = await query(
    tx,
    sql`
    update ${shipments}
       set ${name(shipments.status)} = ${to},
           ${name(shipments.steps)} = ${shipments.steps} || jsonb_build_array(jsonb_build_object('status', ${to}::text,
             'at', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
           ${name(shipments.trackingNo)} = coalesce(${trackingNo}, ${shipments.trackingNo}),
           ${name(shipments.carrier)} = coalesce(${carrier}, ${shipments.carrier}), ${name(shipments.updatedAt)} = now()
     where ${shipments.orderId} = ${orderId} and ${shipments.status} = ${from}
    returning ${shipments.orderId}`,
  )
  return rows.length > 0
}
