import { TradeEventTypes, type TradeEvent } from '@diamond/contracts/events/stock'
import {
  ENQUIRY_KINDS,
  type Enquiry,
  type EnquiryPage,
  type EnquiryPaginate,
  type EnquiryReply,
} from '@diamond/contracts/http/enquiries'
import { AppError, enqueue, newEvent, requirePermission, type Database, type Principal } from '@diamond/runtime'
import { invalidFields } from '@diamond/runtime/errors'
import * as repo from './enquiries.repository'
import type { EnquiryMessageRow } from './enquiries.schema'
import { enquiryState, excerpt, isEnquiryStaff, messageOf, sideOf, stoneLine } from './enquiries.rules'

const iso = (d: Date | string | null, or: Date): string => new Date(d ?? or).toISOString()

function toEnquiry(r: repo.EnquiryRecord, messages: readonly EnquiryMessageRow[]): Enquiry {
  return {
    id: r.id,
    stoneId: r.stoneId,
    vStnId: r.vStnId,
    stone: stoneLine(r),
    buyer: r.ownerName,
    state: enquiryState(r.lastSide),
    createdAt: r.createdAt.toISOString(),
    lastAt: iso(r.lastAt, r.createdAt),
    messages: [
      { side: 'buyer', author: r.ownerName, message: r.enquiry ?? '', at: r.createdAt.toISOString() },
      ...messages
        .filter((m) => m.trackId === r.id)
        .map((m) => ({ side: m.side, author: m.authorName, message: m.message, at: m.createdAt.toISOString() })),
    ],
  }
}

/**
 * Enquiry conversations (issue 26): a buyer's enquiry on a stone (diamond-track/create, type 6) is
 * answered by the sales team, and either side may write again. Each message and the notice it calls
 * for (the buyer, or the sales team, told live) commit together.
 */
export class EnquiryService {
  constructor(private readonly database: Database) {}

  /** A buyer's own enquiries; the sales team's inbox holds every buyer's. */
  async paginate(who: Principal, req: EnquiryPaginate): Promise<EnquiryPage> {
    requirePermission(who, 'enquiry', 'view')
    const page = req.page ?? 1
    const limit = req.limit ?? 50
    const { rows, count, open } = await repo.pageEnquiries(this.database.sql, {
      userId: isEnquiryStaff(who) ? null : who.id,
      state: req.state ?? null,
      limit,
      offset: (page - 1) * limit,
    })
    const messages = await repo.messagesOf(
      this.database.sql,
      rows.map((r) => r.id),
    )
    return { list: rows.map((r) => toEnquiry(r, messages)), count, open }
  }

  /** A message on an enquiry from its buyer or the sales team; the other side is told. */
  async reply(who: Principal, req: EnquiryReply): Promise<Enquiry> {
    requirePermission(who, 'enquiry', 'insert')
    const text = messageOf(req.message)
    if (!text.ok) throw invalidFields([{ field: 'message', in: 'body', message: text.reason }])
    const found = await repo.findEnquiry(this.database.sql, req.id)
    const side = found ? sideOf(who, found.userId) : null
    if (!found || !side) throw new AppError('E_NOT_FOUND')
    await this.database.sql.begin(async (tx) => {
      await repo.addMessage(tx, {
        trackId: found.id,
        side,
        authorId: who.id,
        authorName: who.username,
        message: text.message,
      })
      const params = {
        trackId: found.id,
        stoneId: found.stoneId,
        vStnId: found.vStnId,
        buyer: found.ownerName,
        message: excerpt(text.message),
      }
      const toBuyer = side === 'sales'
      const data: TradeEvent = {
        userIds: toBuyer ? [found.userId] : [],
        toSales: !toBuyer,
        kind: toBuyer ? ENQUIRY_KINDS.answered : ENQUIRY_KINDS.replied,
        params,
      }
      const type = toBuyer ? TradeEventTypes.enquiryAnswered : TradeEventTypes.enquiryReplied
      await enqueue(tx, 'stock', [newEvent<TradeEvent>('stock', type, found.id, data)])
    })
    const now = (await repo.findEnquiry(this.database.sql, found.id))!
    return toEnquiry(now, await repo.messagesOf(this.database.sql, [found.id]))
  }
}
