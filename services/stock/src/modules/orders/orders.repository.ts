import { and, count, desc, eq, getTableColumns, ne, sql, type Column, type SQL } from 'drizzle-orm'
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
  type BillTo,
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

/** A won lot's order as one row: the order, its one line, its shipment (see insertWonOrders). */
export interface WonOrderRow {
  order: Omit<typeof orders.$inferInsert, 'orderNo' | 'createdAt' | 'lotId' | 'payBy' | 'billTo'> & {
    lotId: string
    payBy: string
    billTo: BillTo | null
  }
  line: { stone: PricedStone; f: LineFigures }
  shipment: { steps: Shipment['steps']; expectedFrom: string; expectedTo: string }
}

const columns = (...cs: Column[]) => sql.join(cs.map(name), sql`, `)

/**
 * Won lots' orders, once per lot, in ONE statement (bench:wonorder: an auction's lots close
 * together): each order, its line and its shipment, and the stone leaves the winner's cart. A lot
 * that has its order already (a redelivered result that got past the stone's conditional update)
 * gets nothing, neither line nor shipment nor cart change: `orders.lot_id` is unique and the rest
 * joins the orders this statement inserted. Answers those it placed, created at the transaction's
 * time (`now()`).
 */
export async function insertWonOrders(
  tx: Tx,
  rows: readonly WonOrderRow[],
): Promise<{ id: string; orderNo: string; createdAt: Date }[]> {
  if (!rows.length) return []
  const input = rows.map(({ order: o, line: { stone: s, f }, shipment: sh }, n) => ({
    n,
    id: o.id,
    buyer_id: o.buyerId,
    buyer_name: o.buyerName,
    company_name: o.companyName ?? '',
    bill_type: o.billType,
    pcs: o.pcs,
    carat: o.carat,
    amount_cents: o.amountCents,
    adjustment_cents: o.adjustmentCents,
    final_cents: o.finalCents,
    source: o.source ?? 'auction',
    lot_id: o.lotId,
    pay_by: o.payBy,
    bill_to: o.billTo,
    stone_id: s.id,
    v_stn_id: s.vStnId,
    shape: s.shape,
    line_carat: s.carat,
    color: s.color,
    clarity: s.clarity,
    lab: s.lab,
    location: s.location,
    rap_cents: f.rapCents,
    back: f.back,
    ppc: f.pricePerCaratCents,
    line_amount: f.amountCents,
    line_adjustment: f.adjustmentCents,
    final_ppc: f.finalPricePerCaratCents,
    line_final: f.finalAmountCents,
    seller: s.seller ?? '',
    steps: sh.steps,
    expected_from: sh.expectedFrom,
    expected_to: sh.expectedTo,
  }))
  const o = orders
  const l = orderLines
  const sh = shipments
  return query<{ id: string; orderNo: string; createdAt: Date }>(
    tx,
    sql`
    with input as (
      select * from jsonb_to_recordset(${sql.param(input)}::jsonb) as x(
        n int, id uuid, buyer_id uuid, buyer_name text, company_name text, bill_type smallint, pcs int,
        carat numeric, amount_cents bigint, adjustment_cents bigint, final_cents bigint, source text,
        lot_id uuid, pay_by date, bill_to jsonb, stone_id uuid, v_stn_id text, shape text,
        line_carat numeric, color text, clarity text, lab text, location text, rap_cents bigint,
        back numeric, ppc bigint, line_amount bigint, line_adjustment bigint, final_ppc bigint,
        line_final bigint, seller text, steps jsonb, expected_from date, expected_to date)
    ),
    placed as (
      insert into ${o} (${columns(o.id, o.orderNo, o.buyerId, o.buyerName, o.companyName, o.billType, o.pcs, o.carat, o.amountCents, o.adjustmentCents, o.finalCents, o.source, o.lotId, o.payBy, o.billTo)})
      select id, 'OR' || nextval('stock.order_numbers'), buyer_id, buyer_name, company_name, bill_type, pcs,
             carat, amount_cents, adjustment_cents, final_cents, source, lot_id, pay_by, bill_to
        from input order by n
      on conflict (${name(o.lotId)}) do nothing
      returning ${o.id}, ${o.orderNo}, ${o.createdAt}
    ),
    lined as (
      insert into ${l} (${columns(l.orderId, l.stoneId, l.vStnId, l.shape, l.carat, l.color, l.clarity, l.lab, l.location, l.rapCents, l.back, l.pricePerCaratCents, l.amountCents, l.adjustmentCents, l.finalPricePerCaratCents, l.finalCents, l.fromHold, l.seller)})
      select i.id, i.stone_id, i.v_stn_id, i.shape, i.line_carat, i.color, i.clarity, i.lab, i.location, i.rap_cents,
             i.back, i.ppc, i.line_amount, i.line_adjustment, i.final_ppc, i.line_final, false, i.seller
        from input i join placed p on p.id = i.id
    ),
    shipped as (
      insert into ${sh} (${columns(sh.orderId, sh.steps, sh.expectedFrom, sh.expectedTo)})
      select i.id, i.steps, i.expected_from, i.expected_to from input i join placed p on p.id = i.id
    ),
    uncarted as (
      delete from ${tracks} t using input i join placed p on p.id = i.id
       where t.${name(tracks.userId)} = i.buyer_id and t.${name(tracks.trackType)} = ${TRACK_TYPES.cart}
         and t.${name(tracks.stoneId)} = i.stone_id
    )
    select p.id, p.order_no as "orderNo", p.created_at as "createdAt" from placed p join input i on i.id = p.id order by i.n`,
  )
}

/** Stones as a confirm prices them, with who listed each (a seller's user, told when it sells), and the transaction's time. */
export async function pricedStones(tx: Tx, ids: readonly string[]) {
  return query<PricedStone & { listedBy: string | null; now: Date }>(
    tx,
    sql`select ${PRICED}, ${fields(stones, ['listedBy'])}, now() as now from ${stones} where ${anyOf(stones.id, ids)}`,
  )
}

/** What stock knows of these buyers (auth's profile events), by user id. */
export async function buyersOf(client: Sql | Tx, userIds: readonly string[]): Promise<Map<string, BuyerRow>> {
  if (!userIds.length) return new Map()
  const rows = await orm(client).select().from(buyers).where(anyOf(buyers.userId, userIds))
  return new Map(rows.map((b) => [b.userId, b]))
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

/**
 * Orders of one buyer (or, with buyerId null, of everyone: staff), newest first; with `open`, only
 * those whose shipment is not delivered yet (the desk's work, however many orders came after).
 */
export async function listOrders(
  client: Sql,
  buyerId: string | null,
  limit: number,
  offset: number,
  opts: { open?: boolean } = {},
): Promise<{ rows: OrderRecord[]; count: number }> {
  const mine = buyerId === null ? undefined : eq(orders.buyerId, buyerId)
  const where = opts.open ? and(mine, ne(shipments.status, 'delivered')) : mine
  const [rows, count] = await Promise.all([
    ordersWhere(client, where).orderBy(desc(orders.createdAt), desc(orders.orderNo)).limit(limit).offset(offset),
    opts.open
      ? orm(client)
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .innerJoin(shipments, eq(shipments.orderId, orders.id))
          .where(where)
          .then((r) => r[0]!.n)
      : orm(client).$count(orders, mine),
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
