import type { BidKind } from '@diamond/contracts/http/bidding'
import type { Sql, Tx } from '@diamond/runtime/db'
import type { OutboxRow } from '@diamond/runtime'
import type { LogEntry } from './winner.rules'

/** A lot as the engine and the views use it: money in cents, times in epoch ms of the database clock. */
export interface Lot {
  id: string
  auctionId: string
  title: string
  kind: BidKind
  stoneId: string
  vStnId: string
  crt: number
  rapCents: number
  seller: string
  opensAt: number
  scheduledClose: number
  closesAt: number
  extensions: number
  startCents: number
  incrementCents: number
  reserveCents: number | null
  buyNowCents: number | null
  softWindowMs: number | null
  softExtendMs: number | null
  highCents: number | null
  highBidder: string | null
  highBidId: string | null
  bidCount: number
  lastSeq: number
  closedAt: number | null
  /** withdrawn: ended before its close by staff or by its stone leaving bidding (no winner, whatever the bids). */
  state: 'won' | 'closed' | 'withdrawn' | null
  winnerId: string | null
  winningBidId: string | null
  resultCents: number | null
}

interface LotRow {
  id: string
  auction_id: string
  title: string
  kind: BidKind
  stone_id: string
  v_stn_id: string
  crt: string
  rap_cents: string
  seller: string
  opens_at: Date
  scheduled_close: Date
  closes_at: Date
  extensions: number
  start_cents: string
  increment_cents: string
  reserve_cents: string | null
  buy_now_cents: string | null
  soft_window_s: number | null
  soft_extend_s: number | null
  high_cents: string | null
  high_bidder: string | null
  high_bid_id: string | null
  bid_count: number
  last_seq: string
  closed_at: Date | null
  state: 'won' | 'closed' | 'withdrawn' | null
  winner_id: string | null
  winning_bid_id: string | null
  result_cents: string | null
}

const num = (v: string | null) => (v === null ? null : Number(v))

export function toLot(r: LotRow): Lot {
  return {
    id: r.id,
    auctionId: r.auction_id,
    title: r.title,
    kind: r.kind,
    stoneId: r.stone_id,
    vStnId: r.v_stn_id,
    crt: Number(r.crt),
    rapCents: Number(r.rap_cents),
    seller: r.seller,
    opensAt: r.opens_at.getTime(),
    scheduledClose: r.scheduled_close.getTime(),
    closesAt: r.closes_at.getTime(),
    extensions: r.extensions,
    startCents: Number(r.start_cents),
    incrementCents: Number(r.increment_cents),
    reserveCents: num(r.reserve_cents),
    buyNowCents: num(r.buy_now_cents),
    softWindowMs: r.soft_window_s === null ? null : r.soft_window_s * 1000,
    softExtendMs: r.soft_extend_s === null ? null : r.soft_extend_s * 1000,
    highCents: num(r.high_cents),
    highBidder: r.high_bidder,
    highBidId: r.high_bid_id,
    bidCount: r.bid_count,
    lastSeq: Number(r.last_seq),
    closedAt: r.closed_at ? r.closed_at.getTime() : null,
    state: r.state,
    winnerId: r.winner_id,
    winningBidId: r.winning_bid_id,
    resultCents: num(r.result_cents),
  }
}

export const LOT_COLUMNS = `l.id, l.auction_id, a.title, l.kind, l.stone_id, l.v_stn_id, l.crt, l.rap_cents, l.seller, l.opens_at,
  l.scheduled_close, l.closes_at, l.extensions, l.start_cents, l.increment_cents, l.reserve_cents, l.buy_now_cents, l.soft_window_s,
  l.soft_extend_s, l.high_cents, l.high_bidder, l.high_bid_id, l.bid_count, l.last_seq, l.closed_at, l.state, l.winner_id,
  l.winning_bid_id, l.result_cents`

export async function findLot(sql: Sql | Tx, lotId: string, opts: { lock?: boolean } = {}): Promise<Lot | null> {
  const rows = await sql.unsafe<LotRow[]>(
    `select ${LOT_COLUMNS} from bidding.lots l join bidding.auctions a on a.id = l.auction_id where l.id = $1 ${opts.lock ? 'for update of l' : ''}`,
    [lotId],
  )
  return rows[0] ? toLot(rows[0]) : null
}

export async function findLots(sql: Sql | Tx, where: string, params: unknown[], tail = ''): Promise<Lot[]> {
  const rows = await sql.unsafe<LotRow[]>(
    `select ${LOT_COLUMNS} from bidding.lots l join bidding.auctions a on a.id = l.auction_id where ${where} ${tail}`,
    params as never[],
  )
  return rows.map(toLot)
}

export interface StoredEntry extends LogEntry {
  requestId: string
}

type LogRow = {
  lot_id: string
  id: string
  bidder_id: string
  seq: string
  kind: 'bid' | 'withdraw'
  price_cents: string | null
  request_id: string
  created_at: Date
}
const toEntry = (r: LogRow): StoredEntry => ({
  id: r.id,
  bidderId: r.bidder_id,
  seq: Number(r.seq),
  kind: r.kind,
  priceCents: num(r.price_cents),
  requestId: r.request_id,
  at: r.created_at.getTime(),
})

/** A lot's whole bid log, in order. */
export async function logOf(sql: Sql | Tx, lotId: string): Promise<StoredEntry[]> {
  const rows = await sql<LogRow[]>`
    select lot_id, id, bidder_id, seq, kind, price_cents, request_id, created_at from bidding.bids where lot_id = ${lotId} order by seq`
  return rows.map(toEntry)
}

/** The whole bid logs of several lots, each in order (a lot without bids is absent). */
export async function logsOf(sql: Sql | Tx, lotIds: readonly string[]): Promise<Map<string, StoredEntry[]>> {
  const rows = await sql<LogRow[]>`
    select lot_id, id, bidder_id, seq, kind, price_cents, request_id, created_at from bidding.bids
     where lot_id = any(${lotIds as string[]}::uuid[]) order by lot_id, seq`
  const out = new Map<string, StoredEntry[]>()
  for (const r of rows) {
    const list = out.get(r.lot_id)
    if (list) list.push(toEntry(r))
    else out.set(r.lot_id, [toEntry(r)])
  }
  return out
}

/** What one committed batch moves a lot to: the state after its last bid in the batch. */
export interface LotMove {
  lot_id: string
  prev_seq: number
  last_seq: number
  min_at: string
  max_at: string
  closes_at: string
  extensions: number
  high_cents: number | null
  high_bidder: string | null
  high_bid_id: string | null
  bid_count: number
}

export interface BidRow {
  id: string
  lot_id: string
  bidder_id: string
  seq: number
  kind: 'bid' | 'withdraw'
  price_cents: number | null
  request_id: string
  created_at: string
}

/** An outbox row of one lot's batch: written only if that lot moved. `n` keeps the events' order. */
export interface LotEventRow extends OutboxRow {
  lot_id: string
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
 */
export async function storeBatch(
  sql: Sql,
  moves: LotMove[],
  bids: BidRow[],
  events: LotEventRow[],
): Promise<Set<string>> {
  const rows = await sql.unsafe<{ id: string }[]>(
    `with l_in as (
       select * from jsonb_to_recordset($1::jsonb) as y(lot_id uuid, prev_seq bigint, last_seq bigint, min_at timestamptz, max_at timestamptz,
         closes_at timestamptz, extensions integer, high_cents bigint, high_bidder uuid, high_bid_id uuid, bid_count integer)
     ), moved as (
       update bidding.lots l
          set last_seq = y.last_seq, closes_at = y.closes_at, extensions = y.extensions, high_cents = y.high_cents,
              high_bidder = y.high_bidder, high_bid_id = y.high_bid_id, bid_count = y.bid_count
         from l_in y
        where l.id = y.lot_id and l.last_seq = y.prev_seq and l.closed_at is null
          and y.min_at >= l.opens_at and y.min_at < l.closes_at and y.max_at < y.closes_at
       returning l.id
     ), stored as (
       insert into bidding.bids (id, lot_id, bidder_id, seq, kind, price_cents, request_id, created_at)
       select b.id, b.lot_id, b.bidder_id, b.seq, b.kind, b.price_cents, b.request_id, b.created_at
         from jsonb_to_recordset($2::jsonb) as b(id uuid, lot_id uuid, bidder_id uuid, seq bigint, kind text, price_cents bigint,
           request_id uuid, created_at timestamptz)
        where b.lot_id in (select id from moved)
       returning 1
     ), announced as (
       insert into bidding.outbox (id, topic, key, type, event)
       select x.id, x.topic, x.key, x.type, x.event
         from jsonb_to_recordset($3::jsonb) as x(lot_id uuid, n integer, id uuid, topic text, key text, type text, event jsonb)
        where x.lot_id in (select id from moved)
        order by x.n
       returning 1
     )
     select m.id from moved m`,
    [moves as never, bids as never, events as never],
    { prepare: true },
  )
  return new Set(rows.map((r) => r.id))
}

/** Lots not yet closed, soonest close first, with how long until each is due (ms, by the database clock). */
export async function nextCloses(sql: Sql, limit: number, graceMs: number): Promise<{ id: string; dueInMs: number }[]> {
  const rows = await sql<{ id: string; due_in_ms: number }[]>`
    select id, (extract(epoch from (closes_at - clock_timestamp())) * 1000 + ${graceMs})::float8 as due_in_ms
      from bidding.lots where closed_at is null order by closes_at limit ${limit}`
  return rows.map((r) => ({ id: r.id, dueInMs: r.due_in_ms }))
}

export async function dbNow(sql: Sql | Tx): Promise<number> {
  const [row] = await sql<{ ms: number }[]>`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`
  return Math.floor(row!.ms)
}

/** Writes a lot's result, once. */
export async function storeResult(
  tx: Tx,
  lotId: string,
  r: { state: 'won' | 'closed'; winnerId: string | null; winningBidId: string | null; resultCents: number | null },
): Promise<Date> {
  const [row] = await tx<{ closed_at: Date }[]>`
    update bidding.lots set closed_at = clock_timestamp(), state = ${r.state}, winner_id = ${r.winnerId},
           winning_bid_id = ${r.winningBidId}, result_cents = ${r.resultCents}
     where id = ${lotId} and closed_at is null
    returning closed_at`
  return row!.closed_at
}
