import type { Sql, Tx } from '@diamond/runtime/db'
import type { StatusRecord } from '../stones/stones.repository'
import type { LineFigures, PricedStone } from './orders.rules'

const STONE_COLUMNS = `id, v_stn_id, shape, carat::float8 as carat, color, clarity, lab, location, rap_cents::float8 as rap_cents,
  back::float8 as back, amt_cents::float8 as amt_cents, ctpr_cents::float8 as ctpr_cents, w_sts`

/** The stones of a selection with their current prices and the holder of each held one (no locks: a preview). */
export async function readStones(sql: Sql, ids: readonly string[]) {
  const [stones, holds] = await Promise.all([
    sql.unsafe<PricedStone[]>(`select ${STONE_COLUMNS} from stock.stones where id = any($1::uuid[])`, [ids as string[]] as never),
    sql<{ stone_id: string; holder_id: string }[]>`select stone_id, holder_id from stock.holds where stone_id = any(${ids as string[]}::uuid[])`,
  ])
  return { stones, holders: new Map(holds.map((h) => [h.stone_id, h.holder_id])) }
}

/**
 * Locks the hold rows and then the stones of a basket, each in id order. Holds come first, as in
 * the expiry sweep (which locks hold rows, then updates stones), so the two wait for each other
 * instead of deadlocking; the fixed order does the same between overlapping baskets.
 */
export async function lockBasket(tx: Tx, ids: readonly string[]) {
  const holds = await tx<{ stone_id: string; holder_id: string }[]>`
    select stone_id, holder_id from stock.holds where stone_id = any(${ids as string[]}::uuid[]) order by stone_id for update`
  const stones = await tx.unsafe<PricedStone[]>(
    `select ${STONE_COLUMNS} from stock.stones where id = any($1::uuid[]) order by id for update`,
    [ids as string[]] as never,
  )
  return { stones, holders: new Map(holds.map((h) => [h.stone_id, h.holder_id])) }
}

/** Ends the buyer's holds on the basket and marks every stone confirmed; the caller holds the locks. */
export async function confirmStones(tx: Tx, ids: readonly string[], buyerId: string): Promise<StatusRecord[]> {
  await tx`delete from stock.holds where stone_id = any(${ids as string[]}::uuid[]) and holder_id = ${buyerId}`
  return tx<StatusRecord[]>`
    update stock.stones
       set w_sts = 'C', web_sts = 'C', s_sts = 'N', status_version = status_version + 1, updated_at = now()
     where id = any(${ids as string[]}::uuid[])
    returning id, v_stn_id, w_sts, s_sts, status_version, null::uuid as holder_id, null::timestamptz as expires_at`
}

/**
 * Claims an idempotency key for this user. A second request with the same key waits here on the
 * primary key until the first commits or rolls back; it then gets the first one's row (or the
 * claim, if the first rolled back).
 */
export async function claimKey(tx: Tx, userId: string, key: string, fingerprint: string) {
  const claimed = await tx`
    insert into stock.idempotency_keys (user_id, key, fingerprint) values (${userId}, ${key}, ${fingerprint})
    on conflict do nothing returning key`
  if (claimed.length) return null
  const [row] = await tx<{ fingerprint: string; order_id: string | null }[]>`
    select fingerprint, order_id from stock.idempotency_keys where user_id = ${userId} and key = ${key}`
  return row ?? null
}

export async function setKeyOrder(tx: Tx, userId: string, key: string, orderId: string) {
  await tx`update stock.idempotency_keys set order_id = ${orderId} where user_id = ${userId} and key = ${key}`
}

export interface OrderInsert {
  id: string
  buyerId: string
  buyerName: string
  companyName: string
  billType: number
  pcs: number
  carat: number
  amountCents: number
  adjustmentCents: number
  finalCents: number
  offerId: string | null
}

export async function insertOrder(tx: Tx, o: OrderInsert): Promise<{ order_no: string; created_at: Date }> {
  const [row] = await tx<{ order_no: string; created_at: Date }[]>`
    insert into stock.orders (id, order_no, buyer_id, buyer_name, company_name, bill_type, pcs, carat, amount_cents, adjustment_cents, final_cents, offer_id)
    values (${o.id}, 'OR' || nextval('stock.order_numbers'), ${o.buyerId}, ${o.buyerName}, ${o.companyName}, ${o.billType}, ${o.pcs},
            ${o.carat}, ${o.amountCents}, ${o.adjustmentCents}, ${o.finalCents}, ${o.offerId})
    returning order_no, created_at`
  return row!
}

export async function insertLines(tx: Tx, orderId: string, lines: { stone: PricedStone; f: LineFigures; fromHold: boolean }[]) {
  const rows = lines.map(({ stone: s, f, fromHold }) => ({
    order_id: orderId, stone_id: s.id, v_stn_id: s.v_stn_id, shape: s.shape, carat: s.carat, color: s.color, clarity: s.clarity,
    lab: s.lab, location: s.location, rap_cents: f.rapCents, back: f.back, price_per_carat_cents: f.pricePerCaratCents,
    amount_cents: f.amountCents, adjustment_cents: f.adjustmentCents, final_price_per_carat_cents: f.finalPricePerCaratCents,
    final_cents: f.finalAmountCents, from_hold: fromHold,
  }))
  await tx`insert into stock.order_lines ${tx(rows as never)}`
}

export async function insertShipment(tx: Tx, orderId: string, at: Date, from: Date, to: Date) {
  await tx`
    insert into stock.shipments (order_id, steps, expected_from, expected_to)
    values (${orderId}, ${tx.json([{ status: 'confirmed', at: at.toISOString() }] as never)}, ${iso(from)}, ${iso(to)})`
}
const iso = (d: Date) => d.toISOString().slice(0, 10)

export interface OrderRecord {
  id: string
  order_no: string
  buyer_id: string
  buyer_name: string
  company_name: string
  bill_type: number
  pcs: number
  carat: number
  amount_cents: number
  adjustment_cents: number
  final_cents: number
  created_at: Date
  status: string
  steps: { status: string; at: string }[]
  tracking_no: string | null
  expected_from: string
  expected_to: string
  shipment_updated_at: Date
}

export interface LineRecord {
  order_id: string
  stone_id: string
  v_stn_id: string
  shape: string
  carat: number
  color: string
  clarity: string
  lab: string
  location: string
  rap_cents: number
  back: number | null
  price_per_carat_cents: number
  amount_cents: number
  adjustment_cents: number
  final_price_per_carat_cents: number
  final_cents: number
}

const ORDER_COLUMNS = `o.id, o.order_no, o.buyer_id, o.buyer_name, o.company_name, o.bill_type, o.pcs, o.carat::float8 as carat,
  o.amount_cents::float8 as amount_cents, o.adjustment_cents::float8 as adjustment_cents, o.final_cents::float8 as final_cents,
  o.created_at, s.status, s.steps, s.tracking_no, s.expected_from::text as expected_from, s.expected_to::text as expected_to,
  s.updated_at as shipment_updated_at`

/** Orders of one buyer (or, with buyerId null, of everyone: staff), newest first. */
export async function listOrders(sql: Sql, buyerId: string | null, limit: number, offset: number) {
  const [rows, [counted]] = await Promise.all([
    sql.unsafe<OrderRecord[]>(
      `select ${ORDER_COLUMNS} from stock.orders o join stock.shipments s on s.order_id = o.id
        where ($1::uuid is null or o.buyer_id = $1) order by o.created_at desc, o.order_no desc limit $2 offset $3`,
      [buyerId, limit, offset] as never,
    ),
    sql<{ n: number }[]>`select count(*)::int as n from stock.orders where (${buyerId}::uuid is null or buyer_id = ${buyerId})`,
  ])
  return { rows, count: counted?.n ?? 0 }
}

/** One order, by id or order number; with buyerId, only if it is that buyer's. */
export async function findOrder(sql: Sql | Tx, by: { id?: string; orderNo?: string }, buyerId: string | null): Promise<OrderRecord | null> {
  const [row] = await sql.unsafe<OrderRecord[]>(
    `select ${ORDER_COLUMNS} from stock.orders o join stock.shipments s on s.order_id = o.id
      where ($1::uuid is null or o.id = $1) and ($2::text is null or o.order_no = $2) and ($3::uuid is null or o.buyer_id = $3)`,
    [by.id ?? null, by.orderNo ?? null, buyerId] as never,
  )
  return row ?? null
}

export async function linesOf(sql: Sql | Tx, orderIds: readonly string[]): Promise<LineRecord[]> {
  if (!orderIds.length) return []
  return sql.unsafe<LineRecord[]>(
    `select order_id, stone_id, v_stn_id, shape, carat::float8 as carat, color, clarity, lab, location, rap_cents::float8 as rap_cents,
            back::float8 as back, price_per_carat_cents::float8 as price_per_carat_cents, amount_cents::float8 as amount_cents,
            adjustment_cents::float8 as adjustment_cents, final_price_per_carat_cents::float8 as final_price_per_carat_cents,
            final_cents::float8 as final_cents
       from stock.order_lines where order_id = any($1::uuid[]) order by v_stn_id`,
    [orderIds as string[]] as never,
  )
}

/** The buyer's confirmed stones, newest order first. */
export async function listConfirmed(sql: Sql, buyerId: string, limit: number, offset: number) {
  const [rows, [counted]] = await Promise.all([
    sql.unsafe<(LineRecord & { order_no: string; created_at: Date; bill_type: number })[]>(
      `select l.order_id, l.stone_id, l.v_stn_id, l.shape, l.carat::float8 as carat, l.color, l.clarity, l.lab, l.location,
              l.rap_cents::float8 as rap_cents, l.back::float8 as back, l.price_per_carat_cents::float8 as price_per_carat_cents,
              l.amount_cents::float8 as amount_cents, l.adjustment_cents::float8 as adjustment_cents,
              l.final_price_per_carat_cents::float8 as final_price_per_carat_cents, l.final_cents::float8 as final_cents,
              o.order_no, o.created_at, o.bill_type
         from stock.order_lines l join stock.orders o on o.id = l.order_id
        where o.buyer_id = $1 order by o.created_at desc, l.v_stn_id limit $2 offset $3`,
      [buyerId, limit, offset] as never,
    ),
    sql<{ n: number }[]>`select count(*)::int as n from stock.order_lines l join stock.orders o on o.id = l.order_id where o.buyer_id = ${buyerId}`,
  ])
  return { rows, count: counted?.n ?? 0 }
}

/** The order whose line holds this stone number, if it is the buyer's (the newest such order). */
export async function orderOfStone(sql: Sql, vStnId: string, buyerId: string): Promise<string | null> {
  const [row] = await sql<{ id: string }[]>`
    select o.id from stock.order_lines l join stock.orders o on o.id = l.order_id
     where upper(l.v_stn_id) = upper(${vStnId}) and o.buyer_id = ${buyerId} order by o.created_at desc limit 1`
  return row?.id ?? null
}

/** Moves a shipment from `from` to `to` (a conditional update: two staff clicks move it once). */
export async function advanceShipment(tx: Tx, orderId: string, from: string, to: string, trackingNo: string | null) {
  const rows = await tx`
    update stock.shipments
       set status = ${to},
           steps = steps || jsonb_build_array(jsonb_build_object('status', ${to}::text, 'at', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
           tracking_no = coalesce(${trackingNo}, tracking_no), updated_at = now()
     where order_id = ${orderId} and status = ${from}
    returning order_id`
  return rows.length > 0
}
