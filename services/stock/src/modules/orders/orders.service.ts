import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { StockEventTypes, TradeEventTypes, type TradeEvent } from '@diamond/contracts/events/stock'
import type {
  BillTypeList,
  Calculation,
  CalculationRequest,
  ConfirmedPage,
  ConfirmResult,
  Order,
  OrderPage,
  Shipment,
  ShipmentPage,
  ShipmentPageRequest,
  ShipmentUpdate,
  TrackResult,
} from '@diamond/contracts/http/orders'
import type { LotClosed } from '@diamond/contracts/events/bidding'
import {
  AUCTION_BILL_TYPE,
  BILL_TYPES,
  billType,
  DEFAULT_BILL_TYPE,
  trackingLink,
  type BillTypeInfo,
} from '@diamond/contracts/http/orders.values'
import type { PageRequest } from '@diamond/contracts/common'
import { can } from '@diamond/contracts/permissions'
import { AppError, enqueue, newEvent, type Database, type Principal, type Tx } from '@diamond/runtime'
import type { StoneService } from '../stones/stones.service'
import type { Invoice } from './invoice.pdf'
import * as repo from './orders.repository'
import {
  auctionPayBy,
  canAdvance,
  decideConfirm,
  deliveryWindow,
  isRetryable,
  lineFigures,
  meetsMinimum,
  noticesFor,
  requestFingerprint,
  sellersOf,
  totalFigures,
  type LineFigures,
  type PricedStone,
} from './orders.rules'

const PRODUCER = 'stock'
/** Deadlocks and serialization failures are retried here, so none reaches the user. */
const MAX_ATTEMPTS = 12

/** Who confirms: the signed-in buyer, or a buyer named by the server itself (an accepted quote). */
export interface Buyer {
  id: string
  username: string
  noPrice?: boolean
}

export interface ConfirmInput {
  ids: string[]
  billType: number
  companyName?: string
  /** The idempotency key; null only for server-side confirms that bring their own guard. */
  key: string | null
  /** Price per carat fixed elsewhere (an accepted quote or offer), by stone id; the server's own only. */
  prices?: Record<string, number>
  offerId?: string | null
}

/** What another module calls when a sales person accepts a buyer's quote or offer. */
export interface AcceptedConfirm {
  buyerId: string
  /** The buyer's username, as the offer recorded it (the order and invoice show it). */
  buyerName: string
  stoneId: string
  pricePerCaratCents: number
  offerId: string
}

const isStaff = (who: Principal, module: 'order' | 'shipment') => can(who.perms, module, 'all')

function billOf(code: number): BillTypeInfo {
  const b = billType(code)
  if (!b)
    throw new AppError(
      'E_VALIDATION',
      { fields: [{ field: 'billType', in: 'body', message: 'is not a bill type' }] },
      'Invalid Fields: billType is not a bill type',
    )
  return b
}

export class OrderService {
  constructor(
    private readonly database: Database,
    private readonly stones: StoneService,
  ) {}

  billTypes(): BillTypeList {
    return { list: BILL_TYPES.map((b) => ({ ...b })), defaultCode: DEFAULT_BILL_TYPE }
  }

  /** `diamond/get-discount-calculations`: the figures the confirm would fix, per stone and in total. */
  async calculate(who: Principal, req: CalculationRequest): Promise<Calculation> {
    const bill = billOf(req.billType)
    // Ids as PostgreSQL writes them (an upper-case uuid is the same stone).
    const ids = req.ids.map((id) => id.toLowerCase())
    const { stones, holders } = await repo.readStones(this.database.sql, ids)
    const byId = new Map(stones.map((s) => [s.id, s]))
    const missing = ids.filter((id) => !byId.has(id))
    if (missing.length) throw new AppError('E_NOT_FOUND', { ids: missing })
    const ordered = ids.map((id) => byId.get(id)!)
    const { unavailable } = decideConfirm(ids, byId, holders, who.id)
    const figures = ordered.map((s) => lineFigures(s, bill))
    const totals = totalFigures(ordered, figures)
    const hide = who.noPrice
    return {
      billType: { ...bill },
      lines: ordered.map((s, i) => ({
        ...stoneFacts(s),
        available: !unavailable.includes(s.id),
        ...(hide ? {} : figures[i]!),
      })),
      totals: hide ? { pcs: totals.pcs, crt: totals.crt } : totals,
      meetsMinimum: meetsMinimum(bill, totals.finalAmountCents),
      notices: noticesFor(ordered),
      unavailableIds: unavailable,
    }
  }

  /**
   * `diamond-confirm/request`: the whole basket becomes one order, or nothing changes. The same
   * key and request again (a double click, a retry, at the same time) answers the same order.
   */
  async confirm(who: Buyer, input: ConfirmInput): Promise<ConfirmResult> {
    const bill = billOf(input.billType)
    const ids = [...new Set(input.ids.map((id) => id.toLowerCase()))]
    const fingerprint = requestFingerprint(ids, bill.code, input.prices)
    for (let attempt = 1; ; attempt++) {
      try {
        const orderId = await this.attempt(who, { ...input, ids }, bill, fingerprint)
        return { order: await this.orderAnswer(orderId, who.noPrice ?? false) }
      } catch (err) {
        if (!isRetryable(err)) throw err
        if (attempt >= MAX_ATTEMPTS) throw new AppError('E_UNAVAILABLE')
        await sleep(5 + Math.random() * 20 * attempt)
      }
    }
  }

  /** A sales person accepted this buyer's price: that one stone, at that price, on the default bill type. */
  async confirmAccepted({
    buyerId,
    buyerName,
    stoneId,
    pricePerCaratCents,
    offerId,
  }: AcceptedConfirm): Promise<ConfirmResult> {
    return this.confirm(
      { id: buyerId, username: buyerName },
      {
        ids: [stoneId],
        billType: DEFAULT_BILL_TYPE,
        key: `offer-${offerId}`,
        prices: { [stoneId]: pricePerCaratCents },
        offerId,
      },
    )
  }

  private async attempt(who: Buyer, input: ConfirmInput, bill: BillTypeInfo, fingerprint: string): Promise<string> {
    return this.stones.changeMany(StockEventTypes.confirmed, async (tx) => {
      if (input.key) {
        const prior = await repo.claimKey(tx, who.id, input.key, fingerprint)
        if (prior) {
          if (prior.fingerprint !== fingerprint || !prior.orderId)
            throw new AppError('E_IDEMPOTENCY_MISMATCH', { field: 'Idempotency-Key' })
          return { changed: [], result: prior.orderId }
        }
      }
      const { stones, holders } = await repo.lockBasket(tx, input.ids)
      const byId = new Map(stones.map((s) => [s.id, s]))
      const missing = input.ids.filter((id) => !byId.has(id))
      if (missing.length) throw new AppError('E_NOT_FOUND', { ids: missing })
      const { unavailable, fromHold } = decideConfirm(input.ids, byId, holders, who.id)
      if (unavailable.length) {
        const names = unavailable.map((id) => byId.get(id)!.vStnId)
        throw new AppError(
          'E_STONE_UNAVAILABLE',
          { ids: unavailable, vStnIds: names },
          `These stones are no longer available: ${names.join(', ')}`,
        )
      }
      const basket = input.ids.map((id) => byId.get(id)!)
      const lines = basket.map((s) => ({
        stone: s,
        f: lineFigures(s, bill, input.prices?.[s.id]),
        fromHold: fromHold.has(s.id),
      }))
      const totals = totalFigures(
        basket,
        lines.map((l) => l.f),
      )
      if (!meetsMinimum(bill, totals.finalAmountCents)) {
        // A buyer who sees no prices is not told the basket's price this way either.
        throw new AppError('E_MIN_AMOUNT', {
          minAmountCents: bill.minAmountCents,
          ...(who.noPrice ? {} : { finalAmountCents: totals.finalAmountCents }),
        })
      }
      const orderId = randomUUID()
      const buyer = await repo.buyerOf(tx, who.id)
      const placed = await repo.insertOrder(tx, {
        id: orderId,
        buyerId: who.id,
        buyerName: who.username,
        companyName: input.companyName?.trim() || (buyer?.companyName ?? ''),
        billTo: billToOf(buyer),
        billType: bill.code,
        pcs: totals.pcs,
        carat: totals.crt,
        amountCents: totals.amountCents,
        adjustmentCents: totals.adjustmentCents,
        finalCents: totals.finalAmountCents,
        offerId: input.offerId ?? null,
      })
      await repo.insertLines(tx, orderId, lines)
      const window = deliveryWindow(placed.createdAt)
      await repo.insertShipment(tx, orderId, placed.createdAt, window.from, window.to)
      if (input.key) await repo.setKeyOrder(tx, who.id, input.key, orderId)
      const changed = await repo.confirmStones(tx, input.ids, who.id)
      await repo.leaveCart(tx, who.id, input.ids)
      await enqueue(tx, PRODUCER, [
        tradeEvent(TradeEventTypes.orderPlaced, orderId, who.id, 'order.placed', {
          orderNo: placed.orderNo,
          pcs: totals.pcs,
          amountCents: totals.finalAmountCents,
          // Issue 25: who sold it (comma-joined seller company ids; '' for house stock), so auth
          // knows which sellers the buyer may rate once the order is delivered.
          orderId,
          sellers: sellersOf(basket),
        }),
      ])
      return { changed, result: orderId }
    })
  }

  /**
   * bidding.lot.closed, in the consumer's transaction: the stone takes the result (StoneService) and
   * a won lot becomes the winner's order in the same transaction, so the stone is never confirmed
   * without its order nor ordered twice (a redelivered result finds the stone confirmed already, and
   * the lot's unique id refuses a second order whatever gets past that).
   */
  async settleLot(tx: Tx, lot: LotClosed): Promise<void> {
    await this.settleLots(tx, [lot])
  }

  /**
   * `settleLot` for a batch of results, in order, set-based (bench:wonorder: an auction's lots close
   * together): a handful of statements for the whole batch rather than a dozen per result. A stone
   * that comes again (two results for one stone in a batch) starts a new run after the first's.
   */
  async settleLots(tx: Tx, lots: readonly LotClosed[]): Promise<void> {
    let run: LotClosed[] = []
    let stones = new Set<string>()
    for (const lot of lots) {
      if (stones.has(lot.stoneId)) {
        await this.settleRun(tx, run)
        run = []
        stones = new Set()
      }
      run.push(lot)
      stones.add(lot.stoneId)
    }
    await this.settleRun(tx, run)
  }

  /**
   * Results for distinct stones. The winners' orders at the winning price per carat, on the auction's
   * terms (AUCTION_BILL_TYPE: no term discount, pay within 3 business days of the invoice dated the
   * next business day). The buyer and the sales team hear of each as of any order; the seller who
   * listed the stone hears it sold.
   */
  private async settleRun(tx: Tx, lots: readonly LotClosed[]): Promise<void> {
    if (!lots.length) return
    const confirmed = await this.stones.settleLots(tx, lots)
    const wins = lots.flatMap((lot) =>
      confirmed.has(lot.lotId) && lot.winnerId && lot.pricePerCaratCents !== null
        ? [{ lot, winnerId: lot.winnerId, price: lot.pricePerCaratCents }]
        : [],
    )
    if (!wins.length) return
    const [stones, buyers] = await Promise.all([
      repo.pricedStones(
        tx,
        wins.map((w) => w.lot.stoneId),
      ),
      repo.buyersOf(tx, [...new Set(wins.map((w) => w.winnerId))]),
    ])
    const byId = new Map(stones.map((s) => [s.id, s]))
    const now = stones[0]?.now
    if (!now) return
    const window = deliveryWindow(now)
    const orders = wins.flatMap(({ lot, winnerId, price }) => {
      const stone = byId.get(lot.stoneId)
      if (!stone) return []
      const buyer = buyers.get(winnerId) ?? null
      const f = lineFigures(stone, AUCTION_BILL_TYPE, price)
      const totals = totalFigures([stone], [f])
      const row: repo.WonOrderRow = {
        order: {
          id: randomUUID(),
          buyerId: winnerId,
          buyerName: buyer?.username ?? '',
          companyName: buyer?.companyName ?? '',
          billType: AUCTION_BILL_TYPE.code,
          pcs: 1,
          carat: totals.crt,
          amountCents: totals.amountCents,
          adjustmentCents: totals.adjustmentCents,
          finalCents: totals.finalAmountCents,
          source: 'auction',
          lotId: lot.lotId,
          payBy: isoDate(auctionPayBy(new Date(lot.closedAt)).payBy),
          billTo: billToOf(buyer),
        },
        line: { stone, f },
        shipment: {
          steps: [{ status: 'confirmed', at: now.toISOString() }],
          expectedFrom: isoDate(window.from),
          expectedTo: isoDate(window.to),
        },
      }
      return [{ row, stone, winnerId, finalCents: totals.finalAmountCents }]
    })
    const placed = new Map(
      (
        await repo.insertWonOrders(
          tx,
          orders.map((o) => o.row),
        )
      ).map((p) => [p.id, p]),
    )
    await enqueue(
      tx,
      PRODUCER,
      orders.flatMap(({ row, stone, winnerId, finalCents }) => {
        const p = placed.get(row.order.id)
        if (!p) return []
        const orderId = p.id
        const sold = { orderNo: p.orderNo, orderId, vStnId: stone.vStnId, amountCents: finalCents }
        return [
          tradeEvent(TradeEventTypes.orderPlaced, orderId, winnerId, 'order.placed', {
            ...sold,
            pcs: 1,
            sellers: sellersOf([stone]),
            source: 'auction',
          }),
          ...(stone.listedBy
            ? [
                newEvent(PRODUCER, TradeEventTypes.orderSold, orderId, {
                  userIds: [stone.listedBy],
                  toSales: false,
                  kind: 'order.sold',
                  params: sold,
                } satisfies TradeEvent),
              ]
            : []),
        ]
      }),
    )
  }

  async orders(who: Principal, page: PageRequest): Promise<OrderPage> {
    const limit = page.limit ?? 250
    const { rows, count } = await repo.listOrders(this.database.sql, who.id, limit, ((page.page ?? 1) - 1) * limit)
    const lines = await repo.linesOf(
      this.database.sql,
      rows.map((r) => r.id),
    )
    return {
      list: rows.map((r) =>
        toOrder(
          r,
          lines.filter((l) => l.orderId === r.id),
          who.noPrice,
        ),
      ),
      count,
    }
  }

  /** One order: its owner's, or any for staff; someone else's is not found. */
  async order(who: Principal, id: string): Promise<Order> {
    const row = await repo.findOrder(this.database.sql, { id }, isStaff(who, 'order') ? null : who.id)
    if (!row) throw new AppError('E_NOT_FOUND')
    return toOrder(row, await repo.linesOf(this.database.sql, [row.id]), who.noPrice)
  }

  async confirmed(who: Principal, page: PageRequest): Promise<ConfirmedPage> {
    const limit = page.limit ?? 250
    const { rows, count } = await repo.listConfirmed(this.database.sql, who.id, limit, ((page.page ?? 1) - 1) * limit)
    return {
      list: rows.map((r) => ({
        ...toLine(r, who.noPrice),
        orderId: r.orderId,
        orderNo: r.orderNo,
        confirmedAt: r.createdAt.toISOString(),
        billTypeName: billType(r.billType)?.name ?? '',
        billTypeCode: r.billType,
      })),
      count,
    }
  }

  async shipment(who: Principal, orderId: string): Promise<Shipment> {
    const row = await repo.findOrder(this.database.sql, { id: orderId }, isStaff(who, 'shipment') ? null : who.id)
    if (!row) throw new AppError('E_NOT_FOUND')
    return toShipment(row)
  }

  /** My shipments; staff see every shipment (they move them on). */
  async shipments(who: Principal, page: ShipmentPageRequest): Promise<ShipmentPage> {
    const limit = page.limit ?? 250
    const { rows, count } = await repo.listOrders(
      this.database.sql,
      isStaff(who, 'shipment') ? null : who.id,
      limit,
      ((page.page ?? 1) - 1) * limit,
      { open: page.open ?? false },
    )
    return { list: rows.map(toShipment), count }
  }

  /** Staff: the next step of a shipment (shipping names the carrier and its tracking number); the buyer hears of it. */
  async advance(req: ShipmentUpdate): Promise<Shipment> {
    const row = await repo.findOrder(this.database.sql, { id: req.orderId }, null)
    if (!row) throw new AppError('E_NOT_FOUND')
    if (!canAdvance(row.status, req.status)) throw new AppError('E_SHIPMENT_STEP', { status: row.status })
    for (const field of ['trackingNo', 'carrier'] as const) {
      if (req.status === 'shipped' && !req[field]) {
        throw new AppError(
          'E_VALIDATION',
          { fields: [{ field, in: 'body', message: 'is required to ship' }] },
          `Invalid Fields: ${field} is required to ship`,
        )
      }
    }
    const carrier = req.carrier ?? row.carrier
    const trackingNo = req.trackingNo ?? row.trackingNo
    const moved = await this.database.sql.begin(async (tx) => {
      if (
        !(await repo.advanceShipment(tx, row.id, row.status, req.status, req.trackingNo ?? null, req.carrier ?? null))
      )
        return false
      await enqueue(tx, PRODUCER, [
        tradeEvent(TradeEventTypes.shipmentUpdated, row.id, row.buyerId, 'shipment.updated', {
          orderNo: row.orderNo,
          orderId: row.id,
          status: req.status,
          trackingNo,
          carrier,
          trackingUrl: trackingLink(carrier, trackingNo),
        }),
      ])
      return true
    })
    // Another click moved it first.
    if (!moved) throw new AppError('E_SHIPMENT_STEP', { status: row.status })
    return toShipment((await repo.findOrder(this.database.sql, { id: row.id }, null))!)
  }

  /** Track a diamond: by stone number or order number, the caller's own orders only. */
  async track(who: Principal, q: string): Promise<TrackResult> {
    const text = q.trim()
    let row = await repo.findOrder(this.database.sql, { orderNo: text.toUpperCase() }, who.id)
    if (!row) {
      const id = await repo.orderOfStone(this.database.sql, text, who.id)
      row = id ? await repo.findOrder(this.database.sql, { id }, who.id) : null
    }
    if (!row) throw new AppError('E_NOT_FOUND')
    return {
      order: toOrder(row, await repo.linesOf(this.database.sql, [row.id]), who.noPrice),
      shipment: toShipment(row),
    }
  }

  /** The order, its lines and whom it is billed to, for the invoice; only the owner's, or any for staff. */
  async invoiceData(who: Principal, id: string): Promise<Omit<Invoice, 'issuer' | 'taxes'>> {
    if (who.noPrice) throw new AppError('E_NOT_FOUND')
    const row = await repo.findOrder(this.database.sql, { id }, isStaff(who, 'order') ? null : who.id)
    if (!row) throw new AppError('E_NOT_FOUND')
    return { order: toOrder(row, await repo.linesOf(this.database.sql, [row.id]), false), billTo: row.billTo }
  }

  private async orderAnswer(orderId: string, noPrice: boolean): Promise<Order> {
    const row = await repo.findOrder(this.database.sql, { id: orderId }, null)
    return toOrder(row!, await repo.linesOf(this.database.sql, [orderId]), noPrice)
  }
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10)

/** The invoice's bill-to of a buyer as stock knows them (null: nothing known yet). */
const billToOf = (b: Awaited<ReturnType<typeof repo.buyerOf>>) =>
  b ? { company: b.companyName || b.username, lines: b.billing ?? [] } : null

function tradeEvent(type: string, key: string, userId: string, kind: string, params: TradeEvent['params']) {
  const data: TradeEvent = { userIds: [userId], toSales: true, kind, params }
  return newEvent(PRODUCER, type, key, data)
}

const stoneFacts = (s: PricedStone) => ({
  id: s.id,
  vStnId: s.vStnId,
  shpNm: s.shape,
  crt: s.carat,
  colNm: s.color,
  clrNm: s.clarity,
  lbNm: s.lab,
  locNm: s.location,
})

function toLine(l: repo.LineRecord, noPrice: boolean): Order['lines'][number] {
  const facts = {
    stoneId: l.stoneId,
    vStnId: l.vStnId,
    ...(l.seller ? { sellerNm: l.seller } : {}),
    shpNm: l.shape,
    crt: l.carat,
    colNm: l.color,
    clrNm: l.clarity,
    lbNm: l.lab,
    locNm: l.location,
  }
  if (noPrice) return facts
  const money: Omit<LineFigures, 'finalBack'> = {
    rapCents: l.rapCents,
    back: l.back,
    pricePerCaratCents: l.pricePerCaratCents,
    amountCents: l.amountCents,
    adjustmentCents: l.adjustmentCents,
    finalPricePerCaratCents: l.finalPricePerCaratCents,
    finalAmountCents: l.finalCents,
  }
  return { ...facts, ...money }
}

function toOrder(r: repo.OrderRecord, lines: repo.LineRecord[], noPrice: boolean): Order {
  const money = noPrice
    ? {}
    : { amountCents: r.amountCents, adjustmentCents: r.adjustmentCents, finalAmountCents: r.finalCents }
  return {
    id: r.id,
    orderNo: r.orderNo,
    createdAt: r.createdAt.toISOString(),
    billType: { ...billOf(r.billType) },
    companyName: r.companyName,
    buyerName: r.buyerName,
    pcs: r.pcs,
    crt: r.carat,
    ...money,
    shipmentStatus: r.status,
    lines: lines.map((l) => toLine(l, noPrice)),
    source: r.source,
    payBy: r.payBy,
  }
}

function toShipment(r: repo.OrderRecord): Shipment {
  return {
    orderId: r.id,
    orderNo: r.orderNo,
    status: r.status,
    steps: r.steps,
    trackingNo: r.trackingNo,
    carrier: r.carrier,
    trackingUrl: trackingLink(r.carrier, r.trackingNo),
    expectedFrom: r.expectedFrom,
    expectedTo: r.expectedTo,
    stones: r.pcs,
    updatedAt: r.shipmentUpdatedAt.toISOString(),
    buyerName: r.companyName ? `${r.buyerName} (${r.companyName})` : r.buyerName,
  }
}
