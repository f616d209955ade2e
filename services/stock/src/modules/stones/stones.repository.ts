import { eq, sql, type SQL } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { topicOf } from '@diamond/contracts/events/envelope'
import { StockBulkEventTypes, STONES_PER_BULK_EVENT } from '@diamond/contracts/events/stock'
import type { EventStamp } from '@diamond/runtime/outbox'
import { fields, name, query } from '@diamond/runtime/statements'
import { blocks } from '../blocks/blocks.schema'
import { holds, stones, type Hold, type NewStone, type Stone } from './stones.schema'

/**
 * A stone's status after a change: what its event, the index and the caller need, with the hold a
 * change made (null otherwise) and, from the changes that can put a stone up for bid or reprice it,
 * the facts bidding needs or the new discount.
 */
export type StatusRecord = Pick<Stone, 'id' | 'vStnId' | 'wSts' | 'sSts' | 'statusVersion'> & {
  holderId: Hold['holderId'] | null
  expiresAt: Hold['expiresAt'] | null
  /** A bulk change's stone whose fields or price changed: the index reads it again. */
  reread?: boolean
} & Partial<Pick<Stone, 'back' | 'carat' | 'rapCents' | 'amtCents' | 'seller' | 'shape' | 'color' | 'clarity'>>

/** What a status change returns of the stone. */
export const STATUS = fields(stones, ['id', 'vStnId', 'wSts', 'sSts', 'statusVersion'])
/** …and of a hold: none, after any change but a hold. */
export const NO_HOLD = sql`null::uuid as "holderId", null::timestamptz as "expiresAt"`
export const BID_FACTS = fields(stones, ['carat', 'rapCents', 'amtCents', 'seller', 'shape', 'color', 'clarity'])

/**
 * The SET list of a status change: the codes, and the version and time every change moves on
 * (`webSts` too when staff or a block set the web status).
 */
export const statusSet = (wSts: string, sSts: string, webSts?: string): SQL =>
  sql.join(
    [
      sql`${name(stones.wSts)} = ${wSts}`,
      ...(webSts === undefined ? [] : [sql`${name(stones.webSts)} = ${webSts}`]),
      sql`${name(stones.sSts)} = ${sSts}`,
      sql`${name(stones.statusVersion)} = ${stones.statusVersion} + 1`,
      sql`${name(stones.updatedAt)} = now()`,
    ],
    sql`, `,
  )

/**
 * Takes an available stone for one holder in a single conditional statement: of any number of
 * concurrent callers exactly one finds w_sts = 'A'; the others update nothing. The hold's expiry
 * comes from the database clock.
 */
export async function takeHold(
  tx: Tx,
  stoneId: string,
  holderId: string,
  minutes: number,
): Promise<StatusRecord | null> {
  const [row] = await query<StatusRecord>(
    tx,
    sql`
    with taken as (
      update ${stones} set ${statusSet('H', 'Y')}
       where ${stones.id} = ${stoneId} and ${stones.wSts} = 'A'
      returning ${STATUS}
    ), hold as (
      insert into ${holds} (${name(holds.stoneId)}, ${name(holds.holderId)}, ${name(holds.expiresAt)})
      select id, ${holderId}, now() + make_interval(mins => ${minutes}) from taken
      returning ${fields(holds, ['stoneId', 'holderId', 'expiresAt'])}
    )
    select t.*, h."holderId", h."expiresAt" from taken t join hold h on h."stoneId" = t.id`,
  )
  return row ?? null
}

/** Gives held stones back (those `released` deleted the holds of): a statement's tail, after that CTE. */
const releaseHeld = sql`
    update ${stones} set ${statusSet('A', 'N')}
      from released r
     where ${stones.id} = r.stone_id and ${stones.wSts} = 'H'
    returning ${STATUS}, ${NO_HOLD}`

/** Gives a held stone back, only for its holder; returns null when it is not theirs to release. */
export async function releaseHold(tx: Tx, stoneId: string, holderId: string): Promise<StatusRecord | null> {
  const [row] = await query<StatusRecord>(
    tx,
    sql`
    with released as (
      delete from ${holds} where ${holds.stoneId} = ${stoneId} and ${holds.holderId} = ${holderId} returning ${holds.stoneId}
    )
    ${releaseHeld}`,
  )
  return row ?? null
}

/** Releases every hold whose expiry has passed by the database clock. */
export async function releaseExpired(tx: Tx, max: number): Promise<StatusRecord[]> {
  return query<StatusRecord>(
    tx,
    sql`
    with released as (
      delete from ${holds}
       where ${holds.stoneId} in (
         select ${holds.stoneId} from ${holds} where ${holds.expiresAt} <= now() order by ${holds.expiresAt} limit ${max} for update skip locked)
      returning ${holds.stoneId}
    )
    ${releaseHeld}`,
  )
}

/** Staff give back anyone's hold (the holder's own release is `releaseHold`). */
export async function releaseAnyHold(tx: Tx, stoneId: string): Promise<StatusRecord | null> {
  const [row] = await query<StatusRecord>(
    tx,
    sql`
    with released as (
      delete from ${holds} where ${holds.stoneId} = ${stoneId} returning ${holds.stoneId}
    )
    ${releaseHeld}`,
  )
  return row ?? null
}

export async function stoneExists(client: Sql | Tx, stoneId: string): Promise<boolean> {
  const rows = await orm(client).select({ id: stones.id }).from(stones).where(eq(stones.id, stoneId))
  return rows.length > 0
}

/**
 * Staff set a stone's web status (memo, back to stock, on show, sold, …); a held stone is left alone.
 * A block on the stone (a memo to a buyer, a show) ends with the status it set.
 */
export async function setWebStatus(tx: Tx, stoneId: string, wSts: string): Promise<StatusRecord | null> {
  const [row] = await query<StatusRecord>(
    tx,
    sql`
    with changed as (
      update ${stones} set ${statusSet(wSts, 'N', wSts)}
       where ${stones.id} = ${stoneId} and ${stones.wSts} <> 'H' and ${stones.wSts} <> ${wSts} and ${stones.bidLotId} is null
      returning ${STATUS}, ${NO_HOLD}, ${BID_FACTS}
    ), unblocked as (
      delete from ${blocks} where ${blocks.stoneId} in (select id from changed)
    )
    select * from changed`,
  )
  return row ?? null
}

/** Whether the stone is in a running auction lot (bidding told stock so). */
export async function inRunningLot(client: Sql | Tx, stoneId: string): Promise<boolean> {
  const [row] = await orm(client).select({ lot: stones.bidLotId }).from(stones).where(eq(stones.id, stoneId))
  return row?.lot != null
}

/** A new discount: price per carat and amount follow from the Rap price, in whole cents. */
export async function setDiscount(tx: Tx, stoneId: string, back: number): Promise<StatusRecord | null> {
  const back100 = Math.round(back * 100)
  const amount = sql`round(${stones.rapCents} * (10000 + ${back100}) / 10000.0)`
  const [row] = await query<StatusRecord>(
    tx,
    sql`
    update ${stones}
       set ${name(stones.back)} = ${back100 / 100},
           ${name(stones.amtCents)} = ${amount},
           ${name(stones.ctprCents)} = round(${amount} * round(${stones.carat} * 100) / 100.0),
           ${name(stones.statusVersion)} = ${stones.statusVersion} + 1, ${name(stones.updatedAt)} = now()
     where ${stones.id} = ${stoneId} and ${stones.rapCents} > 0
    returning ${STATUS}, ${NO_HOLD}, ${fields(stones, ['back'])}`,
  )
  return row ?? null
}

/** A new stone, numbered from the stock's sequence; its event says it arrived. */
export async function insertStone(tx: Tx, row: Omit<NewStone, 'vStnId'>): Promise<StatusRecord> {
  const [{ n }] = (await tx`select nextval('stock.stone_numbers')::int as n`) as unknown as [{ n: number }]
  const [created] = await orm(tx)
    .insert(stones)
    .values({ ...row, vStnId: `N${n}` })
    .returning({
      id: stones.id,
      vStnId: stones.vStnId,
      wSts: stones.wSts,
      sSts: stones.sSts,
      statusVersion: stones.statusVersion,
    })
  return { ...created!, holderId: null, expiresAt: null }
}

/** A stone's status as the database has it now (null: no such stone). */
export async function statusOf(
  client: Sql | Tx,
  stoneId: string,
): Promise<Pick<Stone, 'wSts' | 'statusVersion'> | null> {
  const [row] = await orm(client)
    .select({ wSts: stones.wSts, statusVersion: stones.statusVersion })
    .from(stones)
    .where(eq(stones.id, stoneId))
  return row ?? null
}

/**
 * A stone changed by a bulk statement (`withStatusEvents`): its new status, and whether the index
 * must read it again (its fields or price changed) rather than take the status alone.
 */
export type BulkChanged = StatusRecord & { reread: boolean }

/** `availabilityOf` (stones.rules) as SQL over a status column; a test holds the two to the same answers. */
export const availabilitySql = (wSts: SQL): SQL =>
  sql`case when ${wSts} in ('A', 'H', 'M', 'U', 'B', 'S', 'O', 'E') then ${wSts} when ${wSts} = 'D' then 'M' else 'NA' end`

/**
 * The envelope of a bulk change's events (`eventStamp`'s) and their key: the seller whose stones
 * change, or null when they are many sellers' (the listing sweep): then the statement answers each
 * stone's seller as `"eventKey"` and each event holds one seller's stones, keyed by it. Keyed by the
 * seller either way, a seller's bulk events stay in order with each other on the bus (one partition).
 */
export type BulkStamp = EventStamp & { key: string | null }

/**
 * Wraps a statement that changes many stones (an upload's commit: 100,000 of them) so that
 * PostgreSQL writes their status events into the outbox in the same statement: one
 * `stock.stone.bulk-changed` for every `STONES_PER_BULK_EVENT` stones, each change as `statusEvent`
 * would make the stone's own event (data without a hold, `back` where the price changed, its type;
 * a test compares the two), under `newEvent`'s envelope. The rows never travel to the service and
 * back as events, and the relay, the bus and the consumers handle a few hundred events, not one a
 * stone. `dml` returns `STATUS` and an `"eventType"` column (`"back"` when `reread`, `"eventKey"` when
 * the stamp has no key); the statement answers each stone's status for the index. The caller wakes the relays once (`wakeRelays`).
 */
export function withStatusEvents(dml: SQL, stamp: BulkStamp, reread: boolean): SQL {
  const type = StockBulkEventTypes.changed
  // Built as json and made jsonb once an event (json_build_object writes text; jsonb's would build and
  // copy a binary tree for each of the 500 changes and again for the envelope around them), from the
  // few columns an event needs, not the whole rows `dml` answers.
  const back = reread ? sql`, 'back', e."back"::float8` : sql``
  const request = stamp.requestId ? sql`, 'requestId', ${stamp.requestId}::text` : sql``
  // One seller: numbered in the statement's order (a window over a constant would sort, and PostgreSQL's
  // sort is not stable). Many: numbered within each seller's stones.
  const key = stamp.key === null ? sql`c."eventKey"::text` : sql`${stamp.key}::text`
  return sql`
    with c as (${dml}),
    e as (select c."id", c."vStnId", c."wSts", c."sSts", c."statusVersion", c."eventType"${reread ? sql`, c."back"` : sql``},
                 ${key} as k, row_number() over (${stamp.key === null ? sql`partition by c."eventKey"` : sql``}) - 1 as n
            from c),
    b as (
      select gen_random_uuid() as eid, e.k,
             json_agg(json_build_object('type', e."eventType", 'stoneId', e."id", 'vStnId', e."vStnId", 'wSts', e."wSts",
                        'sSts', e."sSts", 'availability', ${availabilitySql(sql.raw('e."wSts"'))},
                        'statusVersion', e."statusVersion", 'holderId', null, 'expiresAt', null${back})
                      order by e.n) as changes
        from e group by e.k, e.n / ${STONES_PER_BULK_EVENT}::int
    ),
    o as (
      insert into ${sql.raw(`"${stamp.producer}".outbox`)} (id, topic, key, type, event)
      select b.eid, ${topicOf(type)}::text, b.k, ${type}::text,
             json_build_object('id', b.eid, 'type', ${type}::text, 'key', b.k, 'time', ${stamp.time}::text,
                               'producer', ${stamp.producer}::text, 'version', 1,
                               'data', json_build_object('changes', b.changes)${request})::jsonb
        from b
    )
    select c."id", c."vStnId", c."wSts", c."sSts", c."statusVersion", ${NO_HOLD},
           ${reread}::boolean as "reread"
      from c`
}
