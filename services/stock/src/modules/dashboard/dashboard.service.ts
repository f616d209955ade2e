import type { Dashboard, GlobalDashboard, PersonalDashboard } from '@diamond/contracts/http/dashboard'
import { DASHBOARD_NEW_DAYS, type DashboardKind } from '@diamond/contracts/http/dashboard.values'
import type { StoneFilter, StoneRow } from '@diamond/contracts/http/stock'
import type { ListType } from '@diamond/contracts/http/stock.values'
import { can, seesPrices } from '@diamond/contracts/permissions'
import type { Database, Principal } from '@diamond/runtime'
import type { Sql } from '@diamond/runtime/db'
import { asOf, priceIndex, priceSeries } from './dashboard.rules'
import * as repo from './dashboard.repository'
import { marketCounts, readDays } from './price-index.repository'

/** What the dashboard asks of the search (the in-memory index): deal and stone of the day, saved searches' new stones. */
export interface DashboardSearch {
  firstOf(who: Principal, list: ListType): Promise<StoneRow | null>
  countNew(filter: StoneFilter, days: number): number
}

/** The market's shared reads are kept this long: everyone's global dashboard reads the same numbers. */
const MARKET_TTL_MS = 5000
/** A saved search's count of new stones is kept this long (counted on the in-memory index, per filter). */
const SAVED_COUNT_TTL_MS = 30_000
const SAVED_COUNT_MAX = 10_000
const WINDOW_DAYS = 30

const iso = (d: Date | null) => (d ? d.toISOString() : null)
const isoOf = (d: Date) => d.toISOString()

export const showsPrices = (who: Principal): boolean => !who.noPrice && seesPrices(who.perms)

/**
 * `user/dashboard`: the personal dashboard is the caller's own rows, every card in one statement;
 * the global one is the market's price index and counters, shared by all and cached for a few seconds, with prices hidden for a reader who may not see them.
 */
export class DashboardService {
  private market: { at: number; value: Promise<MarketReads> } | null = null
  private savedCounts = new Map<string, { at: number; n: number }>()

  /**
   * `cards`: the pool the personal cards are read through, its connections set up with
   * `repo.DASHBOARD_SETTINGS` (the service's own pool when none is given: custom plans, same rows).
   */
  constructor(
    private readonly database: Database,
    private readonly search: DashboardSearch,
    private readonly now: () => number = Date.now,
    private readonly cards: Sql = database.sql,
  ) {}

  async dashboard(who: Principal, kind: DashboardKind): Promise<Dashboard> {
    if (kind === 'personal') {
      // `at` is this process's clock, for the screen's countdowns only (the database's clock decides expiries).
      const personal = await this.personal(who)
      return { kind, at: new Date(this.now()).toISOString(), personal }
    }
    const global = await this.global(who)
    return { kind, at: new Date(this.now()).toISOString(), global }
  }

  async personal(who: Principal): Promise<PersonalDashboard> {
    const prices = showsPrices(who)
    const money = (v: number | null) => (prices && v !== null ? Math.round(v) : null)
    const seller = who.userType === 'seller' && who.companyId ? who.companyId : null
    const { holds, offers, bids, appointments, orders, reminders, matches, savedSearches, followed, expiring, today } =
      await repo.personalCards(this.cards, who.id, seller)
    const count = (rows: readonly { total: number }[]) => rows[0]?.total ?? 0
    const line = (r: repo.Line) => ({ stoneId: r.stoneId, vStnId: r.vStnId, shape: r.shape, carat: r.carat })
    return {
      holds: { count: count(holds), list: holds.map((r) => ({ ...line(r), expiresAt: isoOf(r.expiresAt) })) },
      offers: {
        count: count(offers),
        list: offers.map((r) => ({
          ...line(r),
          trackId: r.trackId,
          priceCents: money(r.priceCents),
          expiresAt: iso(r.expiresAt),
        })),
      },
      bids: {
        leading: bids[0]?.leading ?? 0,
        outbid: count(bids) - (bids[0]?.leading ?? 0),
        list: bids.map((r) => ({
          ...line(r),
          lotId: r.lotId,
          auctionId: r.auctionId,
          state: r.state,
          highCents: money(r.highCents),
          closesAt: iso(r.closesAt),
        })),
      },
      appointments: {
        count: count(appointments),
        list: appointments.map((r) => ({
          appointmentId: r.appointmentId,
          officeName: r.officeName,
          startsAt: isoOf(r.startsAt),
          endsAt: isoOf(r.endsAt),
          status: r.status,
        })),
      },
      orders: {
        count: count(orders),
        list: orders.map((r) => ({
          orderId: r.orderId,
          orderNo: r.orderNo,
          pcs: r.pcs,
          finalCents: money(r.finalCents),
          createdAt: isoOf(r.createdAt),
          shipment: r.shipment,
        })),
      },
      reminders: {
        count: count(reminders),
        list: reminders.map((r) => ({ ...line(r), trackId: r.trackId, reminderAt: isoOf(r.reminderAt) })),
      },
      matches: {
        count: count(matches),
        list: matches.map((r) => ({ ...line(r), demandId: r.demandId, title: r.title, at: isoOf(r.at) })),
      },
      savedSearches: savedSearches.map((s) => ({
        searchId: s.searchId,
        title: s.title,
        newStones: this.newStones(s.filter),
      })),
      followed: {
        count: count(followed),
        list: followed.map((r) => ({ ...line(r), companyName: r.companyName, arrivedAt: isoOf(r.arrivedAt) })),
      },
      seller:
        seller && today
          ? {
              expiring: {
                count: count(expiring),
                list: expiring.map((r) => ({ ...line(r), listedUntil: isoOf(r.listedUntil) })),
              },
              ...today,
            }
          : null,
    }
  }

  /** New stones a saved filter finds: counted on the index, and kept a while per filter (many users save the same). */
  private newStones(filter: StoneFilter): number {
    const key = JSON.stringify(filter)
    const t = this.now()
    const hit = this.savedCounts.get(key)
    if (hit && t - hit.at < SAVED_COUNT_TTL_MS) return hit.n
    const n = this.search.countNew(filter, DASHBOARD_NEW_DAYS)
    if (this.savedCounts.size >= SAVED_COUNT_MAX) this.savedCounts.clear()
    this.savedCounts.set(key, { at: t, n })
    return n
  }

  async global(who: Principal): Promise<GlobalDashboard> {
    const prices = showsPrices(who)
    const [m, deal, stone] = await Promise.all([
      this.marketReads(),
      can(who.perms, 'quoteDay', 'view') ? this.search.firstOf(who, 'dealOfDay') : Promise.resolve(null),
      can(who.perms, 'stoneOfDay', 'view') ? this.search.firstOf(who, 'stoneOfDay') : Promise.resolve(null),
    ])
    const now = asOf(m.days, m.today)
    const pick = (r: StoneRow | null) =>
      r
        ? {
            stoneId: r.id,
            vStnId: r.vStnId,
            shape: r.shpNm,
            carat: Number(r.crt),
            priceCents: prices && r.amt !== undefined && r.amt !== null ? Math.round(Number(r.amt) * 100) : null,
            back: prices && r.back !== undefined && r.back !== null ? Number(r.back) : null,
          }
        : null
    return {
      listed: [...now.values()].reduce((n, r) => n + r.stones, 0),
      arrivalsToday: m.counts.arrivalsToday,
      soldThisWeek: m.counts.soldThisWeek,
      pricesShown: prices,
      index: priceIndex(m.days, m.today, prices),
      series: prices ? priceSeries(m.days, m.today, WINDOW_DAYS) : [],
      dealOfDay: pick(deal),
      stoneOfDay: pick(stone),
      auctions: m.auctions.map((a) => ({ auctionId: a.auctionId, lots: a.lots, closesAt: iso(a.closesAt) })),
    }
  }

  /** The market's reads, shared by every reader for a few seconds. */
  private marketReads(): Promise<MarketReads> {
    const t = this.now()
    if (this.market && t - this.market.at < MARKET_TTL_MS) return this.market.value
    const c = this.database.sql
    const value = Promise.all([repo.clock(c), readDays(c, WINDOW_DAYS), marketCounts(c), repo.runningAuctions(c)]).then(
      ([clock, days, counts, auctions]) => ({ today: clock.today, days, counts, auctions }),
    )
    this.market = { at: t, value }
    // A failed read is not kept: the next reader asks again.
    value.catch(() => {
      if (this.market?.value === value) this.market = null
    })
    return value
  }
}

interface MarketReads {
  today: string
  days: Awaited<ReturnType<typeof readDays>>
  counts: Awaited<ReturnType<typeof marketCounts>>
  auctions: Awaited<ReturnType<typeof repo.runningAuctions>>
}
