import { eq, sql } from 'drizzle-orm'
import { orm, type Tx } from '@diamond/runtime/db'
import { anyOf, name, query } from '@diamond/runtime/statements'
import { BIDDABLE_WSTS } from '@diamond/contracts/http/bidding.values'
import { BID_FACTS, NO_HOLD, STATUS, statusSet, type StatusRecord } from '../stones/stones.repository'
import { stones } from '../stones/stones.schema'
import { auctionOpenings } from './bids.schema'

const biddable = sql`${stones.wSts} = any(${sql.param(BIDDABLE_WSTS)}::text[])`

/**
 * The stone is in a running lot: staff may not move it until the lot closes. Only while it is still
 * in a status bidding takes (otherwise bidding withdraws the lot on the status it hears).
 */
export async function enterLot(tx: Tx, stoneId: string, lotId: string): Promise<void> {
  await query(
    tx,
    sql`update ${stones} set ${name(stones.bidLotId)} = ${lotId} where ${stones.id} = ${stoneId} and ${biddable}`,
  )
}

/** One seller's stones in an auction that has opened whole. */
export interface OpenedAuctionSeller {
  companyId: string
  companyName: string
  stoneIds: string[]
}

/**
 * One lot of an auction of `lots` lots opened. Openings of one auction take turns on a transaction
 * lock, so however the lots' events are spread over consumers exactly one of them sees the last
 * lot arrive: that one gets the auction's stones grouped by seller (sellers with a company only;
 * the house's own stock tells no one) and the rows are gone. Any other gets null.
 */
export async function recordOpening(
  tx: Tx,
  lot: { lotId: string; auctionId: string; stoneId: string; lots: number },
): Promise<OpenedAuctionSeller[] | null> {
  await query(tx, sql`select pg_advisory_xact_lock(hashtext(${'auction-opening:' + lot.auctionId}))`)
  await orm(tx).insert(auctionOpenings).values(lot).onConflictDoNothing()
  const [seen] = await orm(tx)
    .select({ n: sql<number>`count(*)::int` })
    .from(auctionOpenings)
    .where(eq(auctionOpenings.auctionId, lot.auctionId))
  if ((seen?.n ?? 0) < lot.lots) return null
  const sellers = await query<OpenedAuctionSeller>(
    tx,
    sql`select ${stones.sellerCompanyId} as "companyId", min(${stones.seller}) as "companyName",
               array_agg(${stones.id} order by ${stones.vStnId})::text[] as "stoneIds"
          from ${auctionOpenings} join ${stones} on ${stones.id} = ${auctionOpenings.stoneId}
         where ${auctionOpenings.auctionId} = ${lot.auctionId} and ${stones.sellerCompanyId} is not null
         group by ${stones.sellerCompanyId}`,
  )
  await orm(tx).delete(auctionOpenings).where(eq(auctionOpenings.auctionId, lot.auctionId))
  return sellers
}

/**
 * Lots closed (sold, unsold or withdrawn), many in one statement (a batch of results,
 * bench:wonorder): each stone whose lot it still is becomes stock's to move again.
 */
export async function leaveLots(tx: Tx, lots: readonly { stoneId: string; lotId: string }[]): Promise<void> {
  if (!lots.length) return
  await query(
    tx,
    sql`update ${stones} set ${name(stones.bidLotId)} = null
          from unnest(${sql.param(lots.map((l) => l.stoneId))}::uuid[], ${sql.param(lots.map((l) => l.lotId))}::uuid[]) as x(stone_id, lot_id)
         where ${stones.id} = x.stone_id and ${stones.bidLotId} = x.lot_id`,
  )
}

/**
 * Stones won at auction (distinct), in one statement: each confirmed to its winner from any status a
 * bid kind offers it in. The rows of those it confirmed.
 */
export async function confirmWonMany(tx: Tx, stoneIds: readonly string[]): Promise<StatusRecord[]> {
  if (!stoneIds.length) return []
  return query<StatusRecord>(
    tx,
    sql`update ${stones} set ${statusSet('C', 'N', 'C')} where ${anyOf(stones.id, stoneIds)} and ${biddable} returning ${STATUS}, ${NO_HOLD}`,
  )
}

/**
 * Auctions ended without a winner, in one statement: stones that were up for bid (B) go back to
 * stock. The rows of those that went back.
 */
export async function returnUnsoldMany(tx: Tx, stoneIds: readonly string[]): Promise<StatusRecord[]> {
  if (!stoneIds.length) return []
  return query<StatusRecord>(
    tx,
    sql`update ${stones} set ${statusSet('A', 'N', 'A')} where ${anyOf(stones.id, stoneIds)} and ${stones.wSts} = 'B' returning ${STATUS}, ${NO_HOLD}`,
  )
}

/** The seeded stones up for bid, with the facts bidding needs. */
export async function bidStones(tx: Tx): Promise<StatusRecord[]> {
  return query<StatusRecord>(
    tx,
    sql`select ${STATUS}, ${NO_HOLD}, ${BID_FACTS}
          from ${stones} where ${stones.wSts} = 'B' order by ${stones.vStnId}`,
  )
}

/** Demo: every fourth stone up for bid (in stone-number order) becomes this seller's (by name and company id). */
export async function giveEveryFourth(tx: Tx, seller: string, companyId: string | null = null): Promise<void> {
  await query(
    tx,
    sql`
    update ${stones} set ${name(stones.seller)} = ${seller}, ${name(stones.sellerCompanyId)} = ${companyId}::uuid
     where ${stones.id} in (
       select id from (select ${stones.id}, row_number() over (order by ${stones.vStnId}) as n from ${stones} where ${stones.wSts} = 'B') b
        where b.n % 4 = 1)`,
  )
}
