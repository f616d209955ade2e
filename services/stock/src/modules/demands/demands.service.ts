import {
  StockEventTypes,
  TradeEventTypes,
  type StoneEventType,
  type StoneStatusChanged,
  type TradeEvent,
} from '@diamond/contracts/events/stock'
import {
  BUY_REQUEST_KINDS,
  DEMAND_DESCRIPTION_MAX,
  DEMAND_MAX_DAYS,
  DEMAND_TITLE_MAX,
  MAX_DEMANDS,
  type Demand,
  type DemandCreate,
  type DemandPage,
  type DemandPaginate,
  type DemandReplyRequest,
  type DemandUpdate,
} from '@diamond/contracts/http/demands'
import type { StoneFilter } from '@diamond/contracts/http/stock'
import type { ConciergeAnswered } from '@diamond/contracts/events/concierge'
import { TRADE_KINDS } from '@diamond/contracts/http/tracks.values'
import { can, seesPrices } from '@diamond/contracts/permissions'
import { AppError, enqueue, newEvent, type Database, type Principal, type Tx } from '@diamond/runtime'
import { filterProblems, isEmptyFilter, type FieldProblem } from '../search/search.rules'
import { invalidFields } from '@diamond/runtime/errors'
import { matchingDemands } from './demands.match'
import * as replies from './demand-replies.repository'
import * as repo from './demands.repository'
import type { DemandReplyRow } from './demands.schema'
import { addDays, boundsOf, decideChange, demandState, textProblems, tillDateProblem, todayOf } from './demands.rules'

const PRODUCER = 'stock'

/** Whether a stone change can bring a stone to stock: every one but a new price. */
export const bringsStoneBack = (type: StoneEventType): boolean => type !== StockEventTypes.priced

/** How many stones a filter finds now: the search service's count over its index. */
export interface MatchCounter {
  countOf(filter: StoneFilter): number
}

/**
 * Demands (buy requests by criteria): a buyer's standing search with a title and a till date.
 * Each answer says how many stones match now; a stone that arrives or comes back to stock is
 * tested against the open demands and their owners are told, once per demand and stone.
 */
/** A concierge buy request without a deadline stands this long. */
const CONCIERGE_DEMAND_DAYS = 30

export class DemandService {
  constructor(
    private readonly database: Database,
    private readonly counter: MatchCounter,
  ) {}

  private view(r: repo.DemandRecord, today: string, answers?: readonly DemandReplyRow[], staff = false): Demand {
    const matches = this.counter.countOf(r.filter)
    const extra: Pick<Demand, 'buyer' | 'replies'> = {}
    if (staff) extra.buyer = r.ownerName
    if (answers)
      extra.replies = answers
        .filter((a) => a.demandId === r.id)
        .map((a) => ({ author: a.authorName, message: a.message, at: a.createdAt.toISOString() }))
    return {
      ...extra,
      id: r.id,
      title: r.title,
      description: r.description,
      tillDate: r.tillDate,
      filter: r.filter,
      status: r.status,
      state: demandState({ status: r.status, tillDate: r.tillDate }, today, matches),
      matches,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      closedAt: r.closedAt ? r.closedAt.toISOString() : null,
    }
  }

  private async today(): Promise<string> {
    return todayOf(await repo.dbNow(this.database.sql))
  }

  /** The criteria are a search filter, checked as a search's is, and must ask for something. */
  private filterProblems(who: Principal, filter: StoneFilter): FieldProblem[] {
    const problems = filterProblems(filter, seesPrices(who.perms))
    if (isEmptyFilter(filter))
      problems.push({
        field: 'filter',
        in: 'body',
        message: 'must ask for at least one criterion (shape, carat, colour, …)',
      })
    return problems
  }

  async create(who: Principal, req: DemandCreate): Promise<Demand> {
    const today = await this.today()
    const problems = [...textProblems(req, true), ...this.filterProblems(who, req.filter)]
    const till = tillDateProblem(req.tillDate, today)
    if (till) problems.push(till)
    if (problems.length) throw invalidFields(problems)
    const row = await this.database.sql.begin(async (tx) => {
      await repo.lockDemandsOf(tx, who.id)
      if ((await repo.countDemands(tx, who.id)) >= MAX_DEMANDS) {
        throw invalidFields([
          { field: 'title', in: 'body', message: `at most ${MAX_DEMANDS} demands; delete one first` },
        ])
      }
      const added = await repo.insertDemand(tx, {
        userId: who.id,
        ownerName: who.username,
        title: req.title.trim(),
        description: req.description?.trim() ?? '',
        tillDate: req.tillDate,
        filter: req.filter,
        bounds: boundsOf(req.filter),
      })
      // Issue 26: a buy request is the sales team's to answer; they hear of it at once.
      await enqueue(tx, PRODUCER, [
        newEvent<TradeEvent>(PRODUCER, TradeEventTypes.demandCreated, added.id, {
          userIds: [],
          toSales: true,
          kind: BUY_REQUEST_KINDS.created,
          params: { demandId: added.id, title: added.title, buyer: who.username },
        }),
      ])
      return added
    })
    return this.view(row, today, [])
  }

  /** The sales team: operator staff with every right on demands (a company admin elsewhere is not). */
  private isStaff(who: Principal): boolean {
    return who.operator === true && can(who.perms, 'demand', 'all')
  }

  /** Issue 26: the sales team answers a buyer's buy request; the buyer is told, live and in the centre. */
  async reply(who: Principal, req: DemandReplyRequest): Promise<Demand> {
    if (!this.isStaff(who)) throw new AppError('E_NOT_FOUND')
    const message = req.message.trim()
    if (!message) throw invalidFields([{ field: 'message', in: 'body', message: 'must not be empty' }])
    const row = await replies.demandById(this.database.sql, req.id)
    if (!row) throw new AppError('E_NOT_FOUND')
    await this.database.sql.begin(async (tx) => {
      await replies.addReply(tx, { demandId: row.id, authorId: who.id, authorName: who.username, message })
      await enqueue(tx, PRODUCER, [
        newEvent<TradeEvent>(PRODUCER, TradeEventTypes.demandAnswered, row.id, {
          userIds: [row.userId],
          toSales: false,
          kind: BUY_REQUEST_KINDS.answered,
          params: {
            demandId: row.id,
            title: row.title,
            message: message.length > 120 ? `${message.slice(0, 119).trimEnd()}…` : message,
          },
        }),
      ])
    })
    return this.view(row, await this.today(), await replies.repliesOf(this.database.sql, [row.id]), true)
  }

  async paginate(who: Principal, req: DemandPaginate): Promise<DemandPage> {
    const page = req.page ?? 1
    const limit = req.limit ?? 50
    const everyone = req.all === true
    if (everyone && !this.isStaff(who)) throw new AppError('E_FORBIDDEN')
    if (!everyone && req.answered !== undefined)
      throw invalidFields([{ field: 'answered', in: 'body', message: "is for the sales team's list (all) only" }])
    const [{ rows, count }, today] = await Promise.all([
      everyone
        ? replies.pageAllDemands(this.database.sql, {
            answered: req.answered ?? null,
            limit,
            offset: (page - 1) * limit,
          })
        : repo.pageDemands(this.database.sql, who.id, limit, (page - 1) * limit),
      this.today(),
    ])
    const answers = await replies.repliesOf(
      this.database.sql,
      rows.map((r) => r.id),
    )
    return { list: rows.map((r) => this.view(r, today, answers, everyone)), count }
  }

  async byId(who: Principal, id: string): Promise<Demand> {
    const row = await repo.findDemand(this.database.sql, who.id, id)
    if (!row) throw new AppError('E_NOT_FOUND')
    return this.view(row, await this.today())
  }

  async update(who: Principal, req: DemandUpdate): Promise<Demand> {
    const cur = await repo.findDemand(this.database.sql, who.id, req.id)
    if (!cur) throw new AppError('E_NOT_FOUND')
    const today = await this.today()
    const problems = textProblems(req, false)
    if (req.filter) problems.push(...this.filterProblems(who, req.filter))
    if (req.tillDate !== undefined) {
      const till = tillDateProblem(req.tillDate, today)
      if (till) problems.push(till)
    }
    const decision = decideChange(cur, req, this.counter.countOf(req.filter ?? cur.filter))
    if (!decision.ok && decision.code === 'E_DEMAND_CLOSED') throw new AppError('E_DEMAND_CLOSED')
    if (!decision.ok) problems.push(...decision.problems)
    if (problems.length) throw invalidFields(problems)
    const row = await repo.updateDemand(this.database.sql, who.id, req.id, {
      title: req.title?.trim(),
      description: req.description?.trim(),
      tillDate: req.tillDate,
      filter: req.filter,
      bounds: req.filter ? boundsOf(req.filter) : undefined,
      status: req.status,
    })
    // Closed (or deleted) meanwhile by another tab of the same buyer.
    if (!row)
      throw new AppError((await repo.findDemand(this.database.sql, who.id, req.id)) ? 'E_DEMAND_CLOSED' : 'E_NOT_FOUND')
    return this.view(row, today)
  }

  async remove(who: Principal, id: string): Promise<void> {
    if (!(await repo.deleteDemand(this.database.sql, who.id, id))) throw new AppError('E_NOT_FOUND')
  }

  /**
   * Stones arrived, or came back to stock (a hold released, a memo returned): the open demands that
   * ask for one tell their owners, each once per stone. Runs in the consumer's transaction, for a
   * batch of events at once (an upload's 100,000 arrivals are 200 transactions, not 100,000); each
   * stone is read from the database there, so its status is the committed one, not a stale event's.
   */
  async onStonesChanged(tx: Tx, events: readonly StoneStatusChanged[]): Promise<void> {
    const ids = [...new Set(events.filter((d) => d.availability === 'A').map((d) => d.stoneId))]
    const live = (await repo.stonesForIndex(tx, ids)).filter((s) => s.wSts === 'A')
    const candidates = await repo.candidateDemands(tx, live)
    if (!candidates.length) return
    const byStone = new Map<string, repo.CandidateDemand[]>()
    for (const c of candidates) {
      const list = byStone.get(c.stoneId)
      if (list) list.push(c)
      else byStone.set(c.stoneId, [c])
    }
    const matched = live.flatMap((stone) =>
      matchingDemands(stone, byStone.get(stone.id) ?? []).map((demand) => ({ demand, stone })),
    )
    const fresh = new Set(
      (
        await repo.recordMatches(
          tx,
          matched.map((m) => ({ demandId: m.demand.id, stoneId: m.stone.id })),
        )
      ).map((r) => `${r.demandId}/${r.stoneId}`),
    )
    await enqueue(
      tx,
      PRODUCER,
      matched
        .filter((m) => fresh.has(`${m.demand.id}/${m.stone.id}`))
        .map(({ demand, stone }) =>
          newEvent<TradeEvent>(PRODUCER, TradeEventTypes.demandMatched, demand.id, {
            userIds: [demand.userId],
            toSales: false,
            kind: TRADE_KINDS.demandMatched,
            params: { demandId: demand.id, title: demand.title, stoneId: stone.id, vStnId: stone.vStnId },
          }),
        ),
    )
  }

  /**
   * notifications.concierge.answered: a concierge request the sales team turned into a buy request
   * becomes the member's demand (My Demand), titled by the request, described in the member's words,
   * standing until their deadline (at most the demands' year) or for 30 days. A filter stock would refuse from the member (it
   * asks for nothing, or its ranges are wrong) or a member already at the limit of demands makes
   * none: the answer stands, and the team sees the request without its demand.
   */
  async fromConcierge(tx: Tx, e: ConciergeAnswered): Promise<string | null> {
    if (e.outcome !== 'buyRequest' || !e.filter) return null
    if (isEmptyFilter(e.filter) || filterProblems(e.filter, true).length) return null
    const today = todayOf(await repo.dbNow(tx))
    const latest = addDays(today, DEMAND_MAX_DAYS)
    const asked = e.deadline && e.deadline > latest ? latest : e.deadline
    const wanted = asked && !tillDateProblem(asked, today) ? asked : addDays(today, CONCIERGE_DEMAND_DAYS)
    await repo.lockDemandsOf(tx, e.userId)
    if ((await repo.countDemands(tx, e.userId)) >= MAX_DEMANDS) return null
    const row = await repo.insertDemand(tx, {
      userId: e.userId,
      ownerName: e.username,
      title: `${e.number} · ${e.criteria.trim().replace(/\s+/g, ' ')}`.slice(0, DEMAND_TITLE_MAX),
      description: e.criteria.trim().slice(0, DEMAND_DESCRIPTION_MAX),
      tillDate: wanted,
      filter: e.filter,
      bounds: boundsOf(e.filter),
    })
    return row.id
  }
}
