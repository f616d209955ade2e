import { randomUUID } from 'node:crypto'
import {
  BID_KIND_RULES,
  BID_KINDS,
  BIDDABLE_WSTS,
  type AuctionCreate,
  type AuctionPage,
  type AuctionPageRequest,
  type AuctionStonePage,
  type AuctionStonePageRequest,
  type BidConfig,
  type LotPage,
  type LotPageRequest,
  type LotView,
} from '@diamond/contracts/http/bidding'
import { seesPrices } from '@diamond/contracts/permissions'
import { BiddingEventTypes, type LotOpened } from '@diamond/contracts/events/bidding'
import { AppError, enqueue, newEvent, type Database, type Principal } from '@diamond/runtime'
import type { DbClock } from '../engine/clock'
import { PRODUCER, type BidEngine } from '../engine/engine'
import { withdrawLots } from '../engine/withdraw'
import { toLotView } from '../engine/lot.view'
import type { Lot } from '../engine/lots.repository'
import * as repo from './auctions.repository'
import { planAuction, type AuctionPlan } from './auctions.rules'

/** Prices are the point of an auction: without the pricing view right there is nothing to show or bid. */
export function requirePrices(who: Principal): void {
  if (!seesPrices(who.perms)) throw new AppError('E_BID_NO_PRICE')
}

const validation = (fields: { field: string; in: string; message: string }[]) =>
  new AppError('E_VALIDATION', { fields }, `Invalid Fields: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`)

export class AuctionService {
  constructor(
    private readonly database: Database,
    private readonly clock: DbClock,
    private readonly engine: BidEngine,
    private readonly onChanged: () => void = () => {},
  ) {}

  /** Staff: a new auction of stones put up for bid. All or nothing. */
  async create(
    who: Principal,
    req: AuctionCreate,
    opts: { demo?: boolean } = {},
  ): Promise<{ auctionId: string; lots: LotView[] }> {
    const planned = planAuction(req, this.clock.now())
    if ('fields' in planned) throw validation(planned.fields)
    const auctionId = await this.store(who.id, planned.plan, opts.demo ?? false)
    this.onChanged()
    const lots = await repo.lotsOfAuction(this.database.sql, auctionId)
    return { auctionId, lots: lots.map((l) => toLotView(l, who, null, this.clock.now())) }
  }

  private async store(createdBy: string, plan: AuctionPlan, demo: boolean): Promise<string> {
    const ids = plan.lots.map((l) => l.stoneId)
    const allowed = BID_KIND_RULES[plan.kind].allowDiamondFilterWSts
    const id = randomUUID()
    try {
      await this.database.sql.begin(async (tx) => {
        const stones = new Map((await repo.stonesForBid(tx, ids)).map((s) => [s.stoneId, s]))
        const unfit = ids.filter((s) => {
          const st = stones.get(s)
          return !st || !allowed.includes(st.wSts) || st.crt === null
        })
        const taken = await repo.stonesInUnfinishedLots(tx, ids)
        const refused = [...new Set([...unfit, ...taken])]
        if (refused.length) throw new AppError('E_STONE_UNAVAILABLE', { ids: refused })
        const lots = plan.lots.map((l) => ({ id: randomUUID(), stone: stones.get(l.stoneId)!, ...l }))
        await repo.insertAuction(tx, { id, plan, createdBy, demo }, lots)
        // Stock holds each stone in place until the lot's close (it refuses to move it meanwhile).
        await enqueue(
          tx,
          PRODUCER,
          lots.map((l) =>
            newEvent<LotOpened>(PRODUCER, BiddingEventTypes.opened, l.id, {
              lotId: l.id,
              auctionId: id,
              stoneId: l.stone.stoneId,
              ...(demo ? {} : { lots: lots.length }),
            }),
          ),
        )
      })
    } catch (err) {
      // Two auctions racing for one stone: the unique index lets one have it.
      if ((err as { code?: string }).code === '23505') throw new AppError('E_STONE_UNAVAILABLE', { ids })
      throw err
    }
    return id
  }

  /**
   * Staff: ends every running lot of the auction without a winner (a withdrawn auction); its bidders
   * are told and stock lets the stones go. An auction with nothing left running withdraws nothing.
   */
  async withdraw(auctionId: string): Promise<{ withdrawn: number }> {
    const lots = await this.database.sql.begin(async (tx) => {
      if (!(await repo.auctionExists(tx, auctionId))) throw new AppError('E_NOT_FOUND')
      return withdrawLots(tx, { auctionId })
    })
    for (const id of lots) this.engine.forget(id)
    if (lots.length) this.onChanged()
    return { withdrawn: lots.length }
  }

  /** Staff: the stones a new auction may take (of the kind's statuses when one is named). */
  async freeStones(q: AuctionStonePageRequest): Promise<AuctionStonePage> {
    const statuses = q.kind ? BID_KIND_RULES[q.kind].allowDiamondFilterWSts : BIDDABLE_WSTS
    const limit = q.limit ?? 50
    const search = q.search?.trim() || null
    const { list, count } = await repo.freeStones(
      this.database.sql,
      statuses,
      search,
      limit,
      ((q.page ?? 1) - 1) * limit,
    )
    return {
      list: list.map((s) => ({
        stoneId: s.stoneId,
        vStnId: s.vStnId,
        crt: s.crt!,
        wSts: s.wSts,
        rapPerCaratCents: s.rapCents ?? 0,
        askingPerCaratCents: s.amtCents ?? 0,
        seller: s.seller ?? '',
      })),
      count,
    }
  }

  /** Staff: the auctions, newest first. A sealed kind's bids are not counted for anyone. */
  async auctions(q: AuctionPageRequest): Promise<AuctionPage> {
    const limit = q.limit ?? 50
    const { list, count } = await repo.pageAuctions(this.database.sql, limit, ((q.page ?? 1) - 1) * limit)
    return {
      list: list.map((a) => ({
        id: a.id,
        title: a.title,
        kind: a.kind,
        opensAt: a.opensAt.toISOString(),
        closesAt: a.closesAt.toISOString(),
        lots: a.lots,
        unfinished: a.unfinished,
        sold: a.sold,
        withdrawn: a.withdrawn,
        bids: BID_KIND_RULES[a.kind].sealed ? null : a.bids,
        createdAt: a.createdAt.toISOString(),
      })),
      count,
      serverTime: new Date(this.clock.now()).toISOString(),
    }
  }

  /** The bid type call: the kinds with their sub types, and the lots open or coming, on the server clock. */
  async config(who: Principal): Promise<BidConfig> {
    const now = this.clock.now()
    const kinds = BID_KINDS.map((kind) => {
      const r = BID_KIND_RULES[kind]
      return {
        kind,
        subTypeCode: r.subTypeCode,
        bidType: r.bidType,
        sub_types: { allowDiamondFilterWSts: [...r.allowDiamondFilterWSts], subTypeCode: r.subTypeCode },
      }
    })
    if (!seesPrices(who.perms)) return { serverTime: new Date(now).toISOString(), kinds, lots: [] }
    const lots = await repo.unfinishedLots(this.database.sql, 200)
    return { serverTime: new Date(now).toISOString(), kinds, lots: await this.views(who, lots) }
  }

  async page(who: Principal, q: LotPageRequest, opts: { cartOnly?: boolean } = {}): Promise<LotPage> {
    requirePrices(who)
    const { list, count } = await repo.pageLots(this.database.sql, who.id, q, opts)
    return { list: await this.views(who, list), count, serverTime: new Date(this.clock.now()).toISOString() }
  }

  /** One lot; the writer's view when this process bids on it (the freshest there is). */
  async view(who: Principal, lotId: string): Promise<LotView> {
    requirePrices(who)
    const found = await this.engine.lot(lotId)
    if (!found) throw new AppError('E_NOT_FOUND')
    return toLotView(found.lot, who, found.standing(who.id), this.clock.now())
  }

  async addToCart(who: Principal, asked: string[]): Promise<LotPage> {
    requirePrices(who)
    const lotIds = asked.map((id) => id.toLowerCase())
    const known = await repo.existingLots(this.database.sql, lotIds)
    const missing = lotIds.filter((id) => !known.has(id))
    if (missing.length) throw new AppError('E_NOT_FOUND', { ids: missing })
    await repo.addToCart(this.database.sql, who.id, lotIds)
    return this.page(who, { page: 1, limit: 100 }, { cartOnly: true })
  }

  async removeFromCart(who: Principal, lotIds: string[]): Promise<{ removed: number }> {
    return { removed: await repo.removeFromCart(this.database.sql, who.id, lotIds) }
  }

  private async views(who: Principal, lots: Lot[]): Promise<LotView[]> {
    const ids = lots.map((l) => l.id)
    const [mine, cart] = await Promise.all([
      repo.standingsOf(this.database.sql, who.id, ids),
      repo.inCart(this.database.sql, who.id, ids),
    ])
    const now = this.clock.now()
    return lots.map((l) => ({ ...toLotView(l, who, mine.get(l.id) ?? null, now), inCart: cart.has(l.id) }))
  }
}
