import { AppointmentEventTypes } from '@diamond/contracts/events/appointments'
import { BiddingEventTypes, type LotHighChanged } from '@diamond/contracts/events/bidding'
import { MemberEventTypes } from '@diamond/contracts/events/members'
import { STONE_CHANGE_TYPES, stoneCount, stoneEventsOf } from '@diamond/contracts/events/index'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import type { DashboardProjections } from './dashboard.projections'
import type { PriceIndexService } from './price-index.service'

/** The dashboards' projections wait this long for more events at moderate rates (one transaction per window). */
const DASHBOARD_LINGER_MS = 100

/**
 * The dashboards' inputs: stock's own stone events move the price index and the market's counters
 * (500 stones a transaction, an upload's bulk event of 500 alone), and other services' events keep stock's small
 * projections of follows, lots and bidders, and appointments.
 */
export function registerDashboards(rt: ServiceRuntime, index: PriceIndexService, p: DashboardProjections): void {
  rt.consume(
    consumer('stock.price-index')
      .on(STONE_CHANGE_TYPES, (e, { tx }) => index.apply(tx, stoneEventsOf(e)))
      .batch(500, (events, { tx }) => index.apply(tx, events.flatMap(stoneEventsOf)), { weight: stoneCount }),
  )
  rt.consume(
    consumer('stock.dashboard')
      .on(MemberEventTypes.followChanged, ({ data }, { tx }) => p.follow(tx, data))
      .on(BiddingEventTypes.opened, ({ data }, { tx }) => p.lotOpened(tx, data))
      .on(BiddingEventTypes.high, ({ data }, { tx }) => p.lotHigh(tx, data))
      .on(BiddingEventTypes.extended, ({ data }, { tx }) => p.lotExtended(tx, data))
      .on(BiddingEventTypes.closed, ({ data }, { tx }) => p.lotClosed(tx, data))
      .on(Object.values(AppointmentEventTypes), ({ data }, { tx }) => p.appointment(tx, data))
      // Positions follow the bids asynchronously and coalesced: what waited is applied in one
      // transaction, a run of highs once per lot (issue 27), everything else in its order.
      .batch(
        200,
        async (events, { tx }) => {
          let highs: LotHighChanged[] = []
          const flush = async () => {
            if (highs.length) await p.lotHighs(tx, highs)
            highs = []
          }
          for (const e of events) {
            if (e.type === BiddingEventTypes.high) {
              highs.push(e.data)
              continue
            }
            await flush()
            if (e.type === MemberEventTypes.followChanged) await p.follow(tx, e.data)
            else if (e.type === BiddingEventTypes.opened) await p.lotOpened(tx, e.data)
            else if (e.type === BiddingEventTypes.extended) await p.lotExtended(tx, e.data)
            else if (e.type === BiddingEventTypes.closed) await p.lotClosed(tx, e.data)
            else await p.appointment(tx, e.data)
          }
          await flush()
        },
        { lingerMs: DASHBOARD_LINGER_MS },
      ),
  )
}
