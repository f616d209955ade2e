import type { OfferSide, OfferStatus } from '@diamond/contracts/http/tracks.values'
import type { Sql, Tx } from '@diamond/runtime/db'

export interface TrackRecord {
  id: string
  user_id: string
  stone_id: string
  track_type: number
  owner_name: string
  remarks: string
  enquiry: string | null
  reminder_at: Date | null
  reminded_at: Date | null
  offer_status: OfferStatus | null
  offer_turn: OfferSide | null
  asking_cents: string | null
  buyer_cents: string | null
  sales_cents: string | null
  offer_expires_at: Date | null
  created_at: Date
  updated_at: Date
}

export interface StepRecord {
  track_id: string
  side: OfferSide
  action: 'offer' | 'counter' | 'accept' | 'reject' | 'expire'
  price_cents: string | null
  created_at: Date
}

/** What a list action needs to know of a stone: its number, status, price and holder. */
export interface StoneFacts {
  id: string
  v_stn_id: string
  w_sts: string
  amt_cents: string
  rap_cents: string
  holder_id: string | null
}

export async function stoneFacts(sql: Sql | Tx, ids: readonly string[]): Promise<StoneFacts[]> {
  return sql<StoneFacts[]>`
    select s.id, s.v_stn_id, s.w_sts, s.amt_cents::text, s.rap_cents::text, h.holder_id
      from stock.stones s left join stock.holds h on h.stone_id = s.id
     where s.id = any(${ids as string[]}::uuid[])`
}

export async function dbNow(sql: Sql | Tx): Promise<Date> {
  const [row] = await sql<{ now: Date }[]>`select now() as now`
  return row!.now
}

/** Adds the stones to one list; those already there are left as they are. Returns the stones added. */
export async function addTracks(
  tx: Tx,
  t: { userId: string; ownerName: string; type: number; stoneIds: readonly string[]; remarks: string; enquiry: string | null; reminderAt: string | null },
): Promise<string[]> {
  const rows = await tx<{ stone_id: string }[]>`
    insert into stock.tracks (user_id, owner_name, stone_id, track_type, remarks, enquiry, reminder_at)
    select ${t.userId}, ${t.ownerName}, x, ${t.type}, ${t.remarks}, ${t.enquiry}, ${t.reminderAt}::timestamptz
      from unnest(${t.stoneIds as string[]}::uuid[]) as x
    on conflict (user_id, track_type, stone_id) do nothing
    returning stone_id`
  return rows.map((r) => r.stone_id)
}

/**
 * Opens a quote on a stone: a new track, or a closed offer of the same buyer opened again. An open
 * offer is left alone (null): the buyer answers it with a counter instead.
 */
export async function openOffer(
  tx: Tx,
  o: { userId: string; ownerName: string; stoneId: string; remarks: string; askingCents: number; buyerCents: number; minutes: number },
): Promise<TrackRecord | null> {
  const [row] = await tx<TrackRecord[]>`
    insert into stock.tracks (user_id, owner_name, stone_id, track_type, remarks, offer_status, offer_turn, asking_cents, buyer_cents, offer_expires_at)
    values (${o.userId}, ${o.ownerName}, ${o.stoneId}, 4, ${o.remarks}, 'open', 'sales', ${o.askingCents}, ${o.buyerCents}, now() + make_interval(mins => ${o.minutes}))
    on conflict (user_id, track_type, stone_id) do update
       set offer_status = 'open', offer_turn = 'sales', asking_cents = excluded.asking_cents, buyer_cents = excluded.buyer_cents,
           sales_cents = null, offer_expires_at = excluded.offer_expires_at, remarks = excluded.remarks, updated_at = now()
     where tracks.offer_status is distinct from 'open'
    returning *`
  return row ?? null
}

export async function addStep(tx: Tx, trackId: string, side: OfferSide, actorId: string | null, action: StepRecord['action'], priceCents: number | null) {
  await tx`insert into stock.offer_steps (track_id, side, actor_id, action, price_cents) values (${trackId}, ${side}, ${actorId}, ${action}, ${priceCents})`
}

/**
 * Moves an offer on only from the state the caller decided on: status open, the same turn and
 * the same prices. Of two answers racing on one offer, the first changes that state and the
 * second updates nothing (null).
 */
export async function moveOffer(
  tx: Tx,
  id: string,
  from: { turn: OfferSide; buyerCents: number; salesCents: number | null },
  to: { status: OfferStatus; turn: OfferSide; buyerCents: number; salesCents: number | null },
  minutes: number,
): Promise<TrackRecord | null> {
  const [row] = await tx<TrackRecord[]>`
    update stock.tracks
       set offer_status = ${to.status}, offer_turn = ${to.turn}, buyer_cents = ${to.buyerCents}, sales_cents = ${to.salesCents},
           offer_expires_at = case when ${to.status} = 'open' then now() + make_interval(mins => ${minutes}) else offer_expires_at end,
           updated_at = now()
     where id = ${id} and track_type = 4 and offer_status = 'open' and offer_turn = ${from.turn}
       and buyer_cents = ${from.buyerCents} and sales_cents is not distinct from ${from.salesCents}::bigint
    returning *`
  return row ?? null
}

export async function findTrack(sql: Sql | Tx, id: string): Promise<TrackRecord | null> {
  const [row] = await sql<TrackRecord[]>`select * from stock.tracks where id = ${id}`
  return row ?? null
}

/** One list of a user, newest first; with `userId` null, every buyer's offers (the sales team's view). */
export async function pageTracks(sql: Sql, userId: string | null, type: number, limit: number, offset: number) {
  const [rows, [counted]] = await Promise.all([
    userId
      ? sql<TrackRecord[]>`
          select * from stock.tracks where user_id = ${userId} and track_type = ${type}
           order by ${type === 4 ? sql`updated_at` : sql`created_at`} desc, id limit ${limit} offset ${offset}`
      : sql<TrackRecord[]>`
          select * from stock.tracks where track_type = ${type}
           order by (offer_status = 'open') desc, updated_at desc, id limit ${limit} offset ${offset}`,
    userId
      ? sql<{ n: number }[]>`select count(*)::int as n from stock.tracks where user_id = ${userId} and track_type = ${type}`
      : sql<{ n: number }[]>`select count(*)::int as n from stock.tracks where track_type = ${type}`,
  ])
  return { rows, count: counted?.n ?? 0 }
}

export async function stepsOf(sql: Sql | Tx, trackIds: readonly string[]): Promise<StepRecord[]> {
  if (!trackIds.length) return []
  return sql<StepRecord[]>`
    select track_id, side, action, price_cents::text, created_at from stock.offer_steps
     where track_id = any(${trackIds as string[]}::uuid[]) order by seq`
}

export async function updateTrack(
  sql: Sql,
  userId: string,
  id: string,
  f: { remarks?: string | undefined; enquiry?: string | undefined; reminderAt?: string | undefined },
): Promise<TrackRecord | null> {
  const [row] = await sql<TrackRecord[]>`
    update stock.tracks
       set remarks = coalesce(${f.remarks ?? null}, remarks),
           enquiry = coalesce(${f.enquiry ?? null}, enquiry),
           reminder_at = coalesce(${f.reminderAt ?? null}::timestamptz, reminder_at),
           reminded_at = case when ${f.reminderAt ?? null}::timestamptz is null then reminded_at else null end,
           updated_at = now()
     where id = ${id} and user_id = ${userId}
    returning *`
  return row ?? null
}

export async function ownTrackIds(sql: Sql, userId: string, ids: readonly string[]): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`select id from stock.tracks where user_id = ${userId} and id = any(${ids as string[]}::uuid[])`
  return rows.map((r) => r.id)
}

export async function deleteByIds(sql: Sql, userId: string, ids: readonly string[]): Promise<number> {
  const rows = await sql`delete from stock.tracks where user_id = ${userId} and id = any(${ids as string[]}::uuid[]) returning id`
  return rows.length
}

export async function deleteByStones(sql: Sql, userId: string, type: number, stoneIds: readonly string[]): Promise<number> {
  const rows = await sql`
    delete from stock.tracks where user_id = ${userId} and track_type = ${type} and stone_id = any(${stoneIds as string[]}::uuid[]) returning id`
  return rows.length
}

export interface DueRecord {
  id: string
  user_id: string
  stone_id: string
  v_stn_id: string
  remarks: string
}

/** Marks reminders whose date has come (by the database clock) as sent, each once; returns them. */
export async function takeDueReminders(tx: Tx, max: number): Promise<DueRecord[]> {
  return tx<DueRecord[]>`
    with due as (
      update stock.tracks set reminded_at = now()
       where id in (select id from stock.tracks
                     where reminder_at <= now() and reminded_at is null
                     order by reminder_at limit ${max} for update skip locked)
      returning id, user_id, stone_id, remarks
    )
    select d.*, s.v_stn_id from due d join stock.stones s on s.id = d.stone_id`
}

/** Closes open offers past their expiry; returns them. */
export async function expireOffers(tx: Tx, max: number): Promise<(TrackRecord & { v_stn_id: string })[]> {
  return tx<(TrackRecord & { v_stn_id: string })[]>`
    with gone as (
      update stock.tracks set offer_status = 'expired', updated_at = now()
       where id in (select id from stock.tracks
                     where offer_status = 'open' and offer_expires_at <= now()
                     order by offer_expires_at limit ${max} for update skip locked)
      returning *
    )
    select g.*, s.v_stn_id from gone g join stock.stones s on s.id = g.stone_id`
}

/** Users other than `except` who have the stone in one of these lists. */
export async function watchersOf(sql: Sql | Tx, stoneId: string, types: readonly number[], except: string | null): Promise<string[]> {
  const rows = await sql<{ user_id: string }[]>`
    select distinct user_id from stock.tracks
     where stone_id = ${stoneId} and track_type = any(${types as number[]}::smallint[])
       and (${except}::uuid is null or user_id <> ${except}::uuid)`
  return rows.map((r) => r.user_id)
}
