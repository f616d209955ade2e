import {
  BID_KIND_RULES,
  type BidCreate,
  type BidDelete,
  type BidPage,
  type BidPageRequest,
  type BidResult,
  type LotView,
} from '@diamond/contracts/http/bidding'
import { AppError, type Database, type Principal } from '@diamond/runtime'
import { requirePrices } from '../auctions/auctions.service'
import { toCents } from '../engine/bid.rules'
import type { DbClock } from '../engine/clock'
import type { BidEngine } from '../engine/engine'
import { toBidView, toLotView } from '../engine/lot.view'
import { myBids } from './bids.repository'

export class BidService {
  constructor(
    private readonly database: Database,
    private readonly clock: DbClock,
    private readonly engine: BidEngine,
  ) {}

  /**
   * A bid (create), or a new bid that supersedes my standing one (update). Answered once stored;
   * the same requestId again answers the stored bid and counts once.
   */
  async place(who: Principal, req: BidCreate, mode: 'create' | 'update'): Promise<BidResult> {
    requirePrices(who)
    const priceCents = toCents(req.pricePerCarat)
    if (priceCents === null)
      throw new AppError('E_BID_PRECISION', {
        fields: [{ field: 'pricePerCarat', in: 'body', message: 'must have at most 2 decimals' }],
      })
    const at = this.clock.now()
    const { lot, entry, standing } = await this.engine.place({
      who,
      lotId: req.lotId,
      kind: 'bid',
      priceCents,
      requestId: req.requestId,
      mode,
      at,
    })
    return {
      bid: toBidView(lot, {
        id: entry.id,
        priceCents: entry.priceCents!,
        at: entry.at,
        withdrawn: false,
        replaced: false,
      }),
      lot: toLotView(lot, who, standing, this.clock.now()),
    }
  }

  /** Withdraws my sealed bid before the close: a marker in the log, nothing erased. */
  async withdraw(who: Principal, req: BidDelete): Promise<{ lot: LotView }> {
    requirePrices(who)
    const at = this.clock.now()
    const { lot, standing } = await this.engine.place({
      who,
      lotId: req.lotId,
      kind: 'withdraw',
      priceCents: null,
      requestId: req.requestId,
      mode: 'withdraw',
      at,
    })
    return { lot: toLotView(lot, who, standing, this.clock.now()) }
  }

  /** My bids, newest first, with the spec's type (blind 1, open 2) and status (pending 1, win 2, loss 3). */
  async page(who: Principal, q: BidPageRequest): Promise<BidPage> {
    requirePrices(who)
    const { rows, count } = await myBids(this.database.sql, who.id, q)
    return {
      list: rows.map((r) => {
        const view = toBidView(r.lot, r.bid)
        if (!r.stands || r.lot.closedAt !== null) return view
        return { ...view, position: BID_KIND_RULES[r.lot.kind].sealed ? 'sealed' : r.leads ? 'leading' : 'outbid' }
      }),
      count,
    }
  }
}
