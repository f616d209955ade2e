import {
  StockEventTypes,
  TradeEventTypes,
  type StoneStatusChanged,
  type TradeEvent,
} from '@diamond/contracts/events/stock'
import {
  TRACK_TYPES,
  TRADE_KINDS,
  type OfferSide,
  type Track,
  type TrackCreate,
  type TrackCreateResult,
  type TrackDelete,
  type TrackPage,
  type TrackPaginate,
  type TrackType,
  type TrackUpdate,
} from '@diamond/contracts/http/tracks'
import { can, seesPrices } from '@diamond/contracts/permissions'
import {
  AppError,
  enqueue,
  newEvent,
  requirePermission,
  type Database,
  type Principal,
  type Tx,
} from '@diamond/runtime'
import type { SearchService } from '../search/search.service'
import { invalidFields } from '@diamond/runtime/errors'
import * as repo from './tracks.repository'
import {
  answer,
  counter,
  openQuote,
  reminderProblem,
  TAKEN_WATCH_TYPES,
  toCents,
  TRACK_MODULES,
  type Decision,
  type FieldProblem,
  type OfferState,
} from './tracks.rules'
import { toTrack } from './tracks.view'

const PRODUCER = 'stock'
/** The stone changes that take a stone from everyone else. */
export const TAKEN_EVENTS = [StockEventTypes.held, StockEventTypes.confirmed, StockEventTypes.sold] as const
/** How a stone was taken, as a notice tells it. */
const TAKEN_HOW = {
  [StockEventTypes.held]: 'held',
  [StockEventTypes.confirmed]: 'confirmed',
  [StockEventTypes.sold]: 'sold',
} as const satisfies Record<(typeof TAKEN_EVENTS)[number], string>
const MAX_RECIPIENTS = 10_000

/** Called once an offer's acceptance has committed: the lead wires it to the confirm of orders. */
export type ConfirmAccepted = (a: {
  buyerId: string
  buyerName: string
  stoneId: string
  pricePerCaratCents: number
  offerId: string
}) => Promise<unknown>

export interface TrackSettings {
  /** An open offer nobody answers within this many minutes expires (each answer restarts it). */
  offerMinutes: number
}

function trade(type: string, key: string, data: TradeEvent) {
  return newEvent<TradeEvent>(PRODUCER, type, key, data)
}

const stateOf = (r: repo.TrackRecord): OfferState => ({
  status: r.offerStatus ?? 'open',
  turn: r.offerTurn ?? 'sales',
  askingCents: r.askingCents ?? 0,
  buyerCents: r.buyerCents ?? 0,
  salesCents: r.salesCents,
})

function refuse(d: Extract<Decision, { ok: false }>): AppError {
  return new AppError(d.code, d.data ?? null)
}

/**
 * The track lists (cart, watchlist, reminders, enquiries, quotes, …): add, list, change, remove,
 * and the offer negotiation of quotes between a buyer and the sales team. Each change and the
 * notice it calls for commit together (outbox).
 */
export class TrackService {
  constructor(
    private readonly database: Database,
    private readonly search: SearchService,
    private readonly settings: TrackSettings,
    private confirmAccepted?: ConfirmAccepted,
    private readonly log: { warn(o: object, m: string): void } = console,
  ) {}

  /** Wires the confirm of an accepted offer after construction (orders are built beside this service). */
  onAccepted(fn: ConfirmAccepted): void {
    this.confirmAccepted = fn
  }

  private need(who: Principal, type: number, action: 'view' | 'insert') {
    requirePermission(who, TRACK_MODULES[type as TrackType], action)
  }

  async create(who: Principal, req: TrackCreate): Promise<TrackCreateResult> {
    this.need(who, req.trackType, 'insert')
    const stoneIds = [...new Set(req.stoneIds.map((s) => s.toLowerCase()))]
    const problems: FieldProblem[] = []
    const isQuote = req.trackType === TRACK_TYPES.quote
    if (req.trackType === TRACK_TYPES.reminder) {
      const p = reminderProblem(req.reminderAt, await repo.dbNow(this.database.sql))
      if (p) problems.push(p)
    } else if (req.reminderAt !== undefined)
      problems.push({ field: 'reminderAt', in: 'body', message: 'is for reminders only' })
    if (req.trackType === TRACK_TYPES.enquiry && !req.enquiry?.trim())
      problems.push({ field: 'enquiry', in: 'body', message: 'is required for an enquiry' })
    if (isQuote) {
      if ((req.offerPrice === undefined) === (req.offerDiscount === undefined))
        problems.push({ field: 'offerPrice', in: 'body', message: 'give a price per carat or a discount' })
      if (req.offerPrice !== undefined && toCents(req.offerPrice) === null)
        problems.push({ field: 'offerPrice', in: 'body', message: 'must have at most 2 decimals' })
      if (req.offerPrice !== undefined && stoneIds.length > 1)
        problems.push({
          field: 'stoneIds',
          in: 'body',
          message: 'a price per carat quotes one stone; use offerDiscount for several',
        })
    } else if (req.offerPrice !== undefined || req.offerDiscount !== undefined)
      problems.push({ field: 'offerPrice', in: 'body', message: 'is for quotes only' })
    if (problems.length) throw invalidFields(problems)

    const facts = await repo.stoneFacts(this.database.sql, stoneIds)
    const known = new Set(facts.map((f) => f.id))
    const unknown = stoneIds.filter((id) => !known.has(id))
    if (unknown.length) {
      throw new AppError(
        'E_VALIDATION',
        { fields: [{ field: 'stoneIds', in: 'body', message: `unknown stones: ${unknown.join(', ')}` }], unknown },
        `Invalid Fields: stoneIds unknown stones: ${unknown.join(', ')}`,
      )
    }
    if (isQuote) return this.quote(who, req, facts)

    return this.database.sql.begin(async (tx) => {
      const added = await repo.addTracks(tx, {
        userId: who.id,
        ownerName: who.username,
        type: req.trackType,
        stoneIds,
        remarks: req.remarks?.trim() ?? '',
        enquiry: req.enquiry?.trim() ?? null,
        reminderAt: req.reminderAt ?? null,
      })
      if (req.trackType === TRACK_TYPES.enquiry && added.length) {
        const names = facts
          .filter((f) => added.includes(f.id))
          .map((f) => f.vStnId)
          .join(', ')
        await enqueue(tx, 'stock', [
          trade(TradeEventTypes.enquiryMade, who.id, {
            userIds: [],
            toSales: true,
            kind: TRADE_KINDS.enquiryMade,
            params: { vStnIds: names, buyer: who.username, enquiry: req.enquiry!.trim().slice(0, 200) },
          }),
        ])
      }
      return { added: added.length, already: stoneIds.length - added.length }
    })
  }

  /** Quotes (spec: "quote apply"): each stone must be free for the buyer and the price 10 below asking. */
  private async quote(who: Principal, req: TrackCreate, facts: repo.StoneFacts[]): Promise<TrackCreateResult> {
    // A buyer who may not see prices cannot bargain over them; one who may not place orders
    // (Is_PlaceOrder off) cannot make a quote that becomes an order once its price is approved.
    requirePermission(who, 'pricing', 'view')
    requirePermission(who, 'order', 'insert')
    const taken = facts.filter((f) => !(f.wSts === 'A' || (f.wSts === 'H' && f.holderId === who.id)))
    if (taken.length)
      throw new AppError('E_STONE_UNAVAILABLE', {
        stoneIds: taken.map((f) => f.id),
        vStnIds: taken.map((f) => f.vStnId),
      })
    const plan = facts.map((f) => {
      const asking = f.amtCents
      const price =
        req.offerPrice !== undefined
          ? toCents(req.offerPrice)!
          : Math.round((f.rapCents * (10_000 + Math.round(req.offerDiscount! * 100))) / 10_000)
      return { f, asking, price, decision: openQuote(asking, price) }
    })
    const tooClose = plan.filter((p) => !p.decision.ok)
    if (tooClose.length) {
      const first = tooClose[0]!.decision as Extract<Decision, { ok: false }>
      throw new AppError('E_QUOTE_MIN_DIFF', {
        ...first.data,
        stoneIds: tooClose.map((p) => p.f.id),
        vStnIds: tooClose.map((p) => p.f.vStnId),
      })
    }
    return this.database.sql.begin(async (tx) => {
      let added = 0
      for (const p of plan) {
        const row = await repo.openOffer(tx, {
          userId: who.id,
          ownerName: who.username,
          stoneId: p.f.id,
          remarks: req.remarks?.trim() ?? '',
          askingCents: p.asking,
          buyerCents: p.price,
          minutes: this.settings.offerMinutes,
        })
        if (!row) continue
        added++
        await repo.addStep(tx, row.id, 'buyer', who.id, 'offer', p.price)
        await enqueue(tx, 'stock', [
          trade(TradeEventTypes.offerMade, row.id, {
            userIds: [],
            toSales: true,
            kind: TRADE_KINDS.offerMade,
            params: { trackId: row.id, stoneId: p.f.id, vStnId: p.f.vStnId, price: p.price / 100, buyer: who.username },
          }),
        ])
      }
      return { added, already: plan.length - added }
    })
  }

  async paginate(who: Principal, req: TrackPaginate): Promise<TrackPage> {
    this.need(who, req.trackType, 'view')
    const everyone = req.all === true
    if (everyone) {
      if (req.trackType !== TRACK_TYPES.quote)
        throw invalidFields([{ field: 'all', in: 'body', message: 'is for quotes only' }])
      requirePermission(who, 'quote', 'all')
    }
    const page = req.page ?? 1
    const limit = req.limit ?? 250
    const { rows, count } = await repo.pageTracks(
      this.database.sql,
      everyone ? null : who.id,
      req.trackType,
      limit,
      (page - 1) * limit,
    )
    const stones = await this.search.rows(who, [...new Set(rows.map((r) => r.stoneId))])
    const byId = new Map(stones.map((s) => [s.id, s]))
    const steps =
      req.trackType === TRACK_TYPES.quote
        ? await repo.stepsOf(
            this.database.sql,
            rows.map((r) => r.id),
          )
        : []
    const showPrices = seesPrices(who.perms)
    const list = rows.flatMap((r) => {
      const stone = byId.get(r.stoneId)
      return stone ? [{ ...stone, track: toTrack(r, steps, { showPrices, showOwner: everyone }) }] : []
    })
    return { list, count }
  }

  /** A track of the caller's own (someone else's is not found). */
  private async own(who: Principal, id: string): Promise<repo.TrackRecord> {
    const r = await repo.findTrack(this.database.sql, id)
    if (!r || r.userId !== who.id) throw new AppError('E_NOT_FOUND')
    return r
  }

  async update(who: Principal, req: TrackUpdate): Promise<Track> {
    const cur = await this.own(who, req.id)
    this.need(who, cur.trackType, 'insert')
    const problems: FieldProblem[] = []
    if (req.reminderAt !== undefined) {
      if (cur.trackType !== TRACK_TYPES.reminder)
        problems.push({ field: 'reminderAt', in: 'body', message: 'is for reminders only' })
      else {
        const p = reminderProblem(req.reminderAt, await repo.dbNow(this.database.sql))
        if (p) problems.push(p)
      }
    }
    if (req.enquiry !== undefined && cur.trackType !== TRACK_TYPES.enquiry)
      problems.push({ field: 'enquiry', in: 'body', message: 'is for enquiries only' })
    if (req.enquiry !== undefined && !req.enquiry.trim())
      problems.push({ field: 'enquiry', in: 'body', message: 'must not be empty' })
    if (problems.length) throw invalidFields(problems)
    const row = await repo.updateTrack(this.database.sql, who.id, req.id, {
      remarks: req.remarks?.trim(),
      enquiry: req.enquiry?.trim(),
      reminderAt: req.reminderAt,
    })
    if (!row) throw new AppError('E_NOT_FOUND')
    return this.view(who, row)
  }

  async remove(who: Principal, req: TrackDelete): Promise<{ deleted: number }> {
    const byIds = req.ids !== undefined
    const byStones = req.trackType !== undefined || req.stoneIds !== undefined
    if (byIds === byStones || (byStones && (req.trackType === undefined || req.stoneIds === undefined))) {
      throw invalidFields([{ field: 'ids', in: 'body', message: 'give ids, or trackType with stoneIds' }])
    }
    const { sql } = this.database
    if (req.ids) {
      const ids = [...new Set(req.ids.map((i) => i.toLowerCase()))]
      const mine = await repo.ownTrackIds(sql, who.id, ids)
      // All or nothing: any id that is not the caller's is not found, and nothing is removed.
      if (mine.length !== ids.length) throw new AppError('E_NOT_FOUND', { ids: ids.filter((i) => !mine.includes(i)) })
      for (const t of new Set((await Promise.all(mine.map((id) => repo.findTrack(sql, id)))).map((r) => r!.trackType)))
        this.need(who, t, 'insert')
      return { deleted: await repo.deleteByIds(sql, who.id, ids) }
    }
    this.need(who, req.trackType!, 'insert')
    return { deleted: await repo.deleteByStones(sql, who.id, req.trackType!, req.stoneIds!) }
  }

  private async view(who: Principal, r: repo.TrackRecord): Promise<Track> {
    const steps = r.trackType === TRACK_TYPES.quote ? await repo.stepsOf(this.database.sql, [r.id]) : []
    return toTrack(r, steps, { showPrices: seesPrices(who.perms), showOwner: r.userId !== who.id })
  }

  /** The caller's side of an offer: its buyer, or the sales team (quote.all); anyone else finds nothing. */
  private async offerFor(who: Principal, id: string): Promise<{ row: repo.TrackRecord; side: OfferSide }> {
    const row = await repo.findTrack(this.database.sql, id)
    if (!row || row.trackType !== TRACK_TYPES.quote) throw new AppError('E_NOT_FOUND')
    if (row.userId === who.id) return { row, side: 'buyer' }
    if (can(who.perms, 'quote', 'all')) return { row, side: 'sales' }
    throw new AppError('E_NOT_FOUND')
  }

  /** A counter-offer from the side whose turn it is; the other side hears of it. */
  async counter(who: Principal, id: string, offerPrice: number): Promise<Track> {
    const cents = toCents(offerPrice)
    if (cents === null)
      throw invalidFields([{ field: 'offerPrice', in: 'body', message: 'must have at most 2 decimals' }])
    const { row, side } = await this.offerFor(who, id)
    const s = stateOf(row)
    const d = counter(s, side, cents)
    if (!d.ok) throw refuse(d)
    return this.move(who, row, side, s, d, 'counter', TradeEventTypes.offerCountered, TRADE_KINDS.offerCountered)
  }

  /** Accept the other side's latest price, or reject: the side whose turn it is ends the offer. */
  async answer(who: Principal, id: string, status: 'accepted' | 'rejected'): Promise<Track> {
    const { row, side } = await this.offerFor(who, id)
    const s = stateOf(row)
    const d = answer(s, side, status)
    if (!d.ok) throw refuse(d)
    // The buyer accepting a counter-offer places the order: only with the right to (it may be gone since).
    if (status === 'accepted' && side === 'buyer') requirePermission(who, 'order', 'insert')
    if (status === 'accepted') await this.stillFree(row)
    const accepted = status === 'accepted'
    const track = await this.move(
      who,
      row,
      side,
      s,
      d,
      accepted ? 'accept' : 'reject',
      accepted ? TradeEventTypes.offerAccepted : TradeEventTypes.offerRejected,
      accepted ? TRADE_KINDS.offerAccepted : TRADE_KINDS.offerRejected,
    )
    if (accepted && this.confirmAccepted && d.priceCents !== null) {
      // Spec: "A quoted stone is confirmed directly if the price is approved" — after the commit.
      await this.confirmAccepted({
        buyerId: row.userId,
        buyerName: row.ownerName,
        stoneId: row.stoneId,
        pricePerCaratCents: d.priceCents,
        offerId: row.id,
      }).catch((err: unknown) => this.log.warn({ err, offerId: row.id }, 'confirm of an accepted offer failed'))
    }
    return track
  }

  /** An offer on a stone another buyer has taken meanwhile cannot be accepted. */
  private async stillFree(row: repo.TrackRecord) {
    const [f] = await repo.stoneFacts(this.database.sql, [row.stoneId])
    if (!f || !(f.wSts === 'A' || (f.wSts === 'H' && f.holderId === row.userId)))
      throw new AppError('E_STONE_UNAVAILABLE', { stoneIds: [row.stoneId] })
  }

  private async move(
    who: Principal,
    row: repo.TrackRecord,
    side: OfferSide,
    s: OfferState,
    d: Extract<Decision, { ok: true }>,
    action: 'counter' | 'accept' | 'reject',
    type: string,
    kind: string,
  ): Promise<Track> {
    const [f] = await repo.stoneFacts(this.database.sql, [row.stoneId])
    const moved = await this.database.sql.begin(async (tx) => {
      const next = await repo.moveOffer(
        tx,
        row.id,
        { turn: s.turn, buyerCents: s.buyerCents, salesCents: s.salesCents },
        d.next,
        this.settings.offerMinutes,
      )
      if (!next) return null
      await repo.addStep(tx, row.id, side, who.id, action, d.priceCents)
      const toBuyer = side === 'sales'
      await enqueue(tx, 'stock', [
        trade(type, row.id, {
          userIds: toBuyer ? [row.userId] : [],
          toSales: !toBuyer,
          kind,
          params: {
            trackId: row.id,
            stoneId: row.stoneId,
            vStnId: f?.vStnId ?? '',
            price: d.priceCents === null ? null : d.priceCents / 100,
            buyer: row.ownerName,
          },
        }),
      ])
      return next
    })
    if (!moved) {
      // Another answer came first: say what the offer is now.
      const now = await repo.findTrack(this.database.sql, row.id)
      throw new AppError(now?.offerStatus !== 'open' ? 'E_OFFER_CLOSED' : 'E_OFFER_NOT_YOUR_TURN')
    }
    return this.view(who, moved)
  }

  /** Reminders whose date has come, and offers nobody answered in time; each handled once. */
  async sweep(max = 200): Promise<{ reminders: number; expired: number }> {
    return this.database.sql.begin(async (tx) => {
      const due = await repo.takeDueReminders(tx, max)
      const expired = await repo.expireOffers(tx, max)
      for (const o of expired) await repo.addStep(tx, o.id, o.offerTurn ?? 'sales', null, 'expire', null)
      await enqueue(tx, 'stock', [
        ...due.map((r) =>
          trade(TradeEventTypes.reminderDue, r.id, {
            userIds: [r.userId],
            toSales: false,
            kind: TRADE_KINDS.reminderDue,
            params: { trackId: r.id, stoneId: r.stoneId, vStnId: r.vStnId, remarks: r.remarks },
          }),
        ),
        ...expired.flatMap((o) => {
          const params = { trackId: o.id, stoneId: o.stoneId, vStnId: o.vStnId, price: null, buyer: o.ownerName }
          return [
            trade(TradeEventTypes.offerExpired, o.id, {
              userIds: [o.userId],
              toSales: false,
              kind: TRADE_KINDS.offerExpired,
              params,
            }),
            trade(TradeEventTypes.offerExpired, o.id, {
              userIds: [],
              toSales: true,
              kind: TRADE_KINDS.offerExpired,
              params,
            }),
          ]
        }),
      ])
      return { reminders: due.length, expired: expired.length }
    })
  }

  /**
   * A stone was held, confirmed or sold: everyone else with it in cart, watchlist or quotes is
   * told once, without a word about who took it, and how (`how`: a hold may end and give the stone
   * back; a confirm or a sale does not). The buyer who took it is not told. Runs in the consumer's
   * transaction.
   */
  async onStoneTaken(tx: Tx, d: StoneStatusChanged, type: (typeof TAKEN_EVENTS)[number]): Promise<void> {
    const users = await repo.watchersOf(tx, d.stoneId, TAKEN_WATCH_TYPES, d.holderId)
    const events = []
    for (let i = 0; i < users.length; i += MAX_RECIPIENTS) {
      events.push(
        trade(TradeEventTypes.stoneTaken, d.stoneId, {
          userIds: users.slice(i, i + MAX_RECIPIENTS),
          toSales: false,
          kind: TRADE_KINDS.stoneTaken,
          params: { stoneId: d.stoneId, vStnId: d.vStnId, availability: d.availability, how: TAKEN_HOW[type] },
        }),
      )
    }
    await enqueue(tx, 'stock', events)
  }
}
