import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type { OfferSide, OfferStatus } from '@diamond/contracts/http/tracks.values'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { anyOf, fields, name, query } from '@diamond/runtime/statements'
import { holds, stones, type Stone } from '../stones/stones.schema'
import { offerSteps, tracks, type OfferAction, type OfferStep, type Track } from './tracks.schema'

export type TrackRecord = Track
export type StepRecord = Pick<OfferStep, 'trackId' | 'side' | 'action' | 'priceCents' | 'createdAt'>
/** What a list action needs to know of a stone: its number, status, price and holder. */
export type StoneFacts = Pick<Stone, 'id' | 'vStnId' | 'wSts' | 'amtCents' | 'rapCents'> & { holderId: string | null }

const TRACK = fields(tracks)

export async function stoneFacts(client: Sql | Tx, ids: readonly string[]): Promise<StoneFacts[]> {
  return orm(client)
    .select({
      id: stones.id,
      vStnId: stones.vStnId,
      wSts: stones.wSts,
      amtCents: stones.amtCents,
      rapCents: stones.rapCents,
      holderId: holds.holderId,
    })
    .from(stones)
    .leftJoin(holds, eq(holds.stoneId, stones.id))
    .where(anyOf(stones.id, ids))
}

export async function dbNow(client: Sql | Tx): Promise<Date> {
  const [row] = await query<{ now: Date }>(client, sql`select now() as now`)
  return row!.now
}

/** Adds the stones to one list; those already there are left as they are. Returns the stones added. */
export async function addTracks(
  tx: Tx,
  t: {
    userId: string
    ownerName: string
    type: number
    stoneIds: readonly string[]
    remarks: string
    enquiry: string | null
    reminderAt: string | null
  },
): Promise<string[]> {
  // The reminder's time as PostgreSQL reads the text (as the update does), not as JavaScript would.
  const reminderAt = t.reminderAt === null ? null : sql`${t.reminderAt}::timestamptz`
  const rows = await orm(tx)
    .insert(tracks)
    .values(
      t.stoneIds.map((stoneId) => ({
        userId: t.userId,
        ownerName: t.ownerName,
        stoneId,
        trackType: t.type,
        remarks: t.remarks,
        enquiry: t.enquiry,
        reminderAt,
      })),
    )
    .onConflictDoNothing({ target: [tracks.userId, tracks.trackType, tracks.stoneId] })
    .returning({ stoneId: tracks.stoneId })
  return rows.map((r) => r.stoneId)
}

/**
 * Opens a quote on a stone: a new track, or a closed offer of the same buyer opened again. An open
 * offer is left alone (null): the buyer answers it with a counter instead.
 */
export async function openOffer(
  tx: Tx,
  o: {
    userId: string
    ownerName: string
    stoneId: string
    remarks: string
    askingCents: number
    buyerCents: number
    minutes: number
  },
): Promise<TrackRecord | null> {
  const t = tracks
  const [row] = await query<TrackRecord>(
    tx,
    sql`
    insert into ${t} (${name(t.userId)}, ${name(t.ownerName)}, ${name(t.stoneId)}, ${name(t.trackType)}, ${name(t.remarks)}, ${name(t.offerStatus)},
                      ${name(t.offerTurn)}, ${name(t.askingCents)}, ${name(t.buyerCents)}, ${name(t.offerExpiresAt)})
    values (${o.userId}, ${o.ownerName}, ${o.stoneId}, 4, ${o.remarks}, 'open', 'sales', ${o.askingCents}, ${o.buyerCents},
            now() + make_interval(mins => ${o.minutes}))
    on conflict (${name(t.userId)}, ${name(t.trackType)}, ${name(t.stoneId)}) do update
       set ${name(t.offerStatus)} = 'open', ${name(t.offerTurn)} = 'sales', ${name(t.askingCents)} = excluded.${name(t.askingCents)},
           ${name(t.buyerCents)} = excluded.${name(t.buyerCents)}, ${name(t.salesCents)} = null,
           ${name(t.offerExpiresAt)} = excluded.${name(t.offerExpiresAt)}, ${name(t.remarks)} = excluded.${name(t.remarks)}, ${name(t.updatedAt)} = now()
     where ${t.offerStatus} is distinct from 'open'
    returning ${TRACK}`,
  )
  return row ?? null
}

export async function addStep(
  tx: Tx,
  trackId: string,
  side: OfferSide,
  actorId: string | null,
  action: OfferAction,
  priceCents: number | null,
) {
  await orm(tx).insert(offerSteps).values({ trackId, side, actorId, action, priceCents })
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
  const t = tracks
  const [row] = await query<TrackRecord>(
    tx,
    sql`
    update ${t}
       set ${name(t.offerStatus)} = ${to.status}, ${name(t.offerTurn)} = ${to.turn}, ${name(t.buyerCents)} = ${to.buyerCents},
           ${name(t.salesCents)} = ${to.salesCents},
           ${name(t.offerExpiresAt)} = case when ${to.status} = 'open' then now() + make_interval(mins => ${minutes}) else ${t.offerExpiresAt} end,
           ${name(t.updatedAt)} = now()
     where ${t.id} = ${id} and ${t.trackType} = 4 and ${t.offerStatus} = 'open' and ${t.offerTurn} = ${from.turn}
       and ${t.buyerCents} = ${from.buyerCents} and ${t.salesCents} is not distinct from ${from.salesCents}::bigint
    returning ${TRACK}`,
  )
  return row ?? null
}

export async function findTrack(client: Sql | Tx, id: string): Promise<TrackRecord | null> {
  const [row] = await orm(client).select().from(tracks).where(eq(tracks.id, id))
  return row ?? null
}

/** One list of a user, newest first; with `userId` null, every buyer's offers (the sales team's view). */
export async function pageTracks(client: Sql, userId: string | null, type: number, limit: number, offset: number) {
  const db = orm(client)
  const where = and(userId === null ? undefined : eq(tracks.userId, userId), eq(tracks.trackType, type))
  const order =
    userId === null
      ? [sql`(${tracks.offerStatus} = 'open') desc`, desc(tracks.updatedAt), tracks.id]
      : [desc(type === 4 ? tracks.updatedAt : tracks.createdAt), tracks.id]
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(tracks)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.$count(tracks, where),
  ])
  return { rows, count }
}

export async function stepsOf(client: Sql | Tx, trackIds: readonly string[]): Promise<StepRecord[]> {
  if (!trackIds.length) return []
  return orm(client)
    .select({
      trackId: offerSteps.trackId,
      side: offerSteps.side,
      action: offerSteps.action,
      priceCents: offerSteps.priceCents,
      createdAt: offerSteps.createdAt,
    })
    .from(offerSteps)
    .where(anyOf(offerSteps.trackId, trackIds))
    .orderBy(offerSteps.seq)
}

/** Changes the given fields of a user's track; a new reminder time is read by PostgreSQL and is due again. */
export async function updateTrack(
  client: Sql,
  userId: string,
  id: string,
  f: { remarks?: string | undefined; enquiry?: string | undefined; reminderAt?: string | undefined },
): Promise<TrackRecord | null> {
  const reminder = f.reminderAt === undefined ? {} : { reminderAt: sql`${f.reminderAt}::timestamptz`, remindedAt: null }
  const [row] = await orm(client)
    .update(tracks)
    .set({ remarks: f.remarks, enquiry: f.enquiry, ...reminder, updatedAt: sql`now()` })
    .where(and(eq(tracks.id, id), eq(tracks.userId, userId)))
    .returning()
  return row ?? null
}

export async function ownTrackIds(client: Sql, userId: string, ids: readonly string[]): Promise<string[]> {
  const rows = await orm(client)
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(eq(tracks.userId, userId), anyOf(tracks.id, ids)))
  return rows.map((r) => r.id)
}

export async function deleteByIds(client: Sql, userId: string, ids: readonly string[]): Promise<number> {
  const rows = await orm(client)
    .delete(tracks)
    .where(and(eq(tracks.userId, userId), anyOf(tracks.id, ids)))
    .returning({ id: tracks.id })
  return rows.length
}

export async function deleteByStones(
  client: Sql,
  userId: string,
  type: number,
  stoneIds: readonly string[],
): Promise<number> {
  const rows = await orm(client)
    .delete(tracks)
    .where(and(eq(tracks.userId, userId), eq(tracks.trackType, type), anyOf(tracks.stoneId, stoneIds)))
    .returning({ id: tracks.id })
  return rows.length
}

export type DueRecord = Pick<Track, 'id' | 'userId' | 'stoneId' | 'remarks'> & Pick<Stone, 'vStnId'>

/** Marks reminders whose date has come (by the database clock) as sent, each once; returns them. */
export async function takeDueReminders(tx: Tx, max: number): Promise<DueRecord[]> {
  return query<DueRecord>(
    tx,
    sql`
    with due as (
      update ${tracks} set ${name(tracks.remindedAt)} = now()
       where ${tracks.id} in (select ${tracks.id} from ${tracks}
                     where ${tracks.reminderAt} <= now() and ${tracks.remindedAt} is null
                     order by ${tracks.reminderAt} limit ${max} for update skip locked)
      returning ${fields(tracks, ['id', 'userId', 'stoneId', 'remarks'])}
    )
    select d.*, ${stones.vStnId} as "vStnId" from due d join ${stones} on ${stones.id} = d."stoneId"`,
  )
}

/** Closes open offers past their expiry; returns them. */
export async function expireOffers(tx: Tx, max: number): Promise<(TrackRecord & Pick<Stone, 'vStnId'>)[]> {
  return query<TrackRecord & Pick<Stone, 'vStnId'>>(
    tx,
    sql`
    with gone as (
      update ${tracks} set ${name(tracks.offerStatus)} = 'expired', ${name(tracks.updatedAt)} = now()
       where ${tracks.id} in (select ${tracks.id} from ${tracks}
                     where ${tracks.offerStatus} = 'open' and ${tracks.offerExpiresAt} <= now()
                     order by ${tracks.offerExpiresAt} limit ${max} for update skip locked)
      returning ${TRACK}
    )
    select g.*, ${stones.vStnId} as "vStnId" from gone g join ${stones} on ${stones.id} = g."stoneId"`,
  )
}

/** Users other than `except` who have the stone in one of these lists. */
export async function watchersOf(
  client: Sql | Tx,
  stoneId: string,
  types: readonly number[],
  except: string | null,
): Promise<string[]> {
  const rows = await orm(client)
    .selectDistinct({ userId: tracks.userId })
    .from(tracks)
    .where(
      and(
        eq(tracks.stoneId, stoneId),
        anyOf(tracks.trackType, types),
        except === null ? undefined : ne(tracks.userId, except),
      ),
    )
  return rows.map((r) => r.userId)
}
