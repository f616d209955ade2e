import { type AuctionCreate, type BidKind } from '@diamond/contracts/http/bidding'
import { sql } from 'drizzle-orm'
import type { Database, Principal } from '@diamond/runtime'
import { fields, query } from '@diamond/runtime/statements'
import { auctions as auctionTable, lots } from '../auctions/auctions.schema'
import type { AuctionService } from '../auctions/auctions.service'
import { stoneStatus } from '../stones/stones.schema'

/** The company of the demo seller (seller1): some demo bid stones are theirs, so the own-stone rule shows. */
export const DEMO_SELLER_COMPANY = 'Shah Diamonds'
const SYSTEM: Principal = {
  id: '00000000-0000-4000-8000-000000000000',
  username: 'demo',
  userType: 'admin',
  perms: { bid: 'via', pricing: 'va' },
  noPrice: false,
  ver: 0,
  guest: false,
  trusted: true,
}

/** Minutes until each demo kind closes: all within the hour, so a newcomer sees bidding live. */
const CLOSE_MINUTES: Record<BidKind, number> = { live: 40, lookAndBid: 50, blind: 55, justBidIt: 60 }
const LOTS_PER_AUCTION = 2
/** Live first: when bid stones are few, the live room is the one a newcomer should see. */
const DEMO_ORDER: BidKind[] = ['live', 'blind', 'lookAndBid', 'justBidIt']

const dollars = (cents: number) => Math.max(1, Math.round(cents / 100))

/** A demo auction's lot terms from the stone's asking price per carat. */
export function demoLot(kind: BidKind, stoneId: string, askingCents: number): AuctionCreate['lots'][number] {
  const asking = dollars(askingCents)
  const start = Math.max(1, Math.round(asking * 0.85))
  return {
    stoneId,
    startPerCarat: start,
    ...(kind === 'live' ? { reservePerCarat: Math.max(start, Math.round(asking * 0.95)) } : {}),
    ...(kind === 'justBidIt' ? { buyNowPerCarat: Math.max(start + 1, Math.round(asking * 1.1)) } : {}),
  }
}

/**
 * Demo mode only: keeps one unfinished demo auction of each kind, built from the stones bidding
 * learnt are up for bid (stock announces its seeded bid stones with their facts). Runs now and
 * then; builds nothing while the projection has no free bid stones.
 */
export async function ensureDemoAuctions(database: Database, auctions: AuctionService, now: number): Promise<number> {
  const missing = await query<{ kind: BidKind }>(
    database.sql,
    sql`
    select k.kind from unnest(${sql.param(DEMO_ORDER)}::text[]) with ordinality as k(kind, n)
     where not exists (select 1 from ${auctionTable} join ${lots} on ${lots.auctionId} = ${auctionTable.id}
                        where ${auctionTable.demo} and ${auctionTable.kind} = k.kind and ${lots.closedAt} is null)
     order by k.n`,
  )
  let built = 0
  for (const { kind } of missing) {
    // Only stones as the demo seed left them (status version 0), so a stone someone just put up
    // for bid stays theirs; the demo seller's company's stones and others' taken in turn, so while
    // both last an auction has one of each: seller1 meets E_BID_OWN_STONE on one lot and can bid on
    // the other.
    const s = stoneStatus
    const stones = await query<Pick<typeof s.$inferSelect, 'stoneId' | 'amtCents'>>(
      database.sql,
      sql`
      select ${fields(s, ['stoneId', 'amtCents'])} from ${s}
       where ${s.wSts} = 'B' and ${s.statusVersion} = 0 and ${s.crt} is not null and ${s.amtCents} > 0
         and not exists (select 1 from ${lots} where ${lots.stoneId} = ${s.stoneId} and (${lots.closedAt} is null or ${lots.winnerId} is not null))
       order by row_number() over (partition by ${s.seller} = ${DEMO_SELLER_COMPANY} order by ${s.vStnId}), (${s.seller} = ${DEMO_SELLER_COMPANY}) desc
       limit ${LOTS_PER_AUCTION}`,
    )
    if (!stones.length) break
    const closes = now + CLOSE_MINUTES[kind] * 60_000
    const req: AuctionCreate = {
      title: `Demo ${kind === 'justBidIt' ? 'just bid it' : kind === 'lookAndBid' ? 'look and bid' : kind} auction`,
      kind,
      opensAt: new Date(now - 60_000).toISOString(),
      closesAt: new Date(closes).toISOString(),
      incrementPerCarat: 10,
      lots: stones.map((st) => demoLot(kind, st.stoneId, st.amtCents!)),
    }
    try {
      await auctions.create(SYSTEM, req, { demo: true })
      built++
    } catch {
      // Another instance took these stones first: the next round picks others.
    }
  }
  return built
}
