import { randomUUID } from 'node:crypto'
import type {
  ConciergeAnswer,
  ConciergeCreate,
  ConciergePageRequest,
  ConciergeRequest,
  ContactCreate,
  ContactMessage,
  FeedbackCreate,
  FeedbackEntry,
  FeedbackQuestion,
  FeedbackSummary,
} from '@diamond/contracts/http/care'
import { CARE_NOTICE_KINDS } from '@diamond/contracts/http/care.values'
import { NotificationEventTypes, SALES_AUDIENCE } from '@diamond/contracts/events/notifications'
import { ConciergeEventTypes, type ConciergeAnswered } from '@diamond/contracts/events/concierge'
import { AppError, enqueue, newEvent, type Principal } from '@diamond/runtime'
import type { Database, Tx } from '@diamond/runtime/db'
import { invalidFields as invalid } from '@diamond/runtime/errors'
import { insertNotification } from '../inbox/inbox.repository'
import { isOperatorStaff } from '../mail/mail.rules'
import type { Mailer } from '../mail/mailer'
import type { MailLanguage } from '../mail/mail.texts'
import { renderContactMail } from './care.mail'
import * as repo from './care.repository'
import {
  answerable,
  outcomeProblems,
  stoneNumbersOf,
  average,
  CONTACT_LIMITS,
  conciergeProblems,
  contactProblems,
  feedbackProblems,
  periodStarts,
  replyProblems,
  requestNumber,
} from './care.rules'

const toQuestion = (q: repo.QuestionRow): FeedbackQuestion => ({ id: q.id, text: q.text, sort: q.sort })
const toConcierge = (r: repo.ConciergeRow): ConciergeRequest => ({
  id: r.id,
  number: requestNumber(r.number),
  userId: r.userId,
  username: r.username,
  company: r.company,
  criteria: r.criteria,
  budgetUsd: r.budgetUsd,
  deadline: r.deadline,
  status: r.status,
  reply: r.reply,
  outcome: r.outcome,
  filter: r.filter ?? null,
  stoneNumbers: r.stoneNumbers,
  answeredBy: r.answeredBy,
  answeredAt: r.answeredAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
})
const toContact = (r: repo.ContactRow): ContactMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  username: r.username,
  createdAt: r.createdAt.toISOString(),
})

export interface CareSettings {
  /** Where contact-form mails go: the sales desk. */
  salesMail: string
  salesLanguage: MailLanguage
  baseUrl: string
}

/**
 * Customer care: feedback, concierge requests and the contact form. Each change and the notices it
 * calls for are written in one transaction; a notice goes out through the notification flow
 * (notifications.notification.created → the gateway → the reader's room), so both sides see it live.
 */
export class CareService {
  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly settings: CareSettings,
  ) {}

  private staff(who: Principal): Principal {
    if (!isOperatorStaff(who)) throw new AppError('E_NOT_FOUND')
    return who
  }

  seedQuestions(list: Pick<repo.QuestionRow, 'text' | 'sort'>[]) {
    return repo.seedQuestions(this.database.sql, list)
  }

  async questions(): Promise<FeedbackQuestion[]> {
    return (await repo.activeQuestions(this.database.sql)).map(toQuestion)
  }

  async createFeedback(who: Principal, f: FeedbackCreate): Promise<string> {
    return this.database.sql.begin(async (tx) => {
      const questions = await repo.activeQuestions(tx)
      const problems = feedbackProblems(
        questions.map((q) => q.id),
        f.answers,
        f.comment,
      )
      if (problems.length) throw invalid(problems)
      return repo.insertFeedback(
        tx,
        { userId: who.id, username: who.username, company: who.company ?? '', comment: f.comment?.trim() || null },
        f.answers,
      )
    })
  }

  async feedbackPage(who: Principal, page: number, limit: number): Promise<{ list: FeedbackEntry[]; count: number }> {
    this.staff(who)
    const { list, count } = await repo.feedbackPage(this.database.sql, page, limit)
    return { list: list.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), count }
  }

  async feedbackSummary(
    who: Principal,
    by: 'week' | 'month',
    periods: number,
    now = new Date(),
  ): Promise<FeedbackSummary> {
    this.staff(who)
    const starts = periodStarts(now, by, periods)
    const since = starts[0]!
    const [questions, totals, responses] = await Promise.all([
      repo.activeQuestions(this.database.sql),
      repo.feedbackTotals(this.database.sql, by, since),
      repo.responsesPer(this.database.sql, by, since),
    ])
    return {
      questions: questions.map(toQuestion),
      periods: starts.map((start) => ({
        start,
        responses: responses.find((r) => r.start === start)?.responses ?? 0,
        averages: Object.fromEntries(
          totals.filter((t) => t.start === start).map((t) => [t.questionId, average(t.sum, t.answers)]),
        ),
      })),
    }
  }

  async createConcierge(who: Principal, r: ConciergeCreate, today: string): Promise<ConciergeRequest> {
    const problems = conciergeProblems(r, today)
    if (problems.length) throw invalid(problems)
    return this.database.sql.begin(async (tx) => {
      const row = await repo.insertConcierge(tx, {
        userId: who.id,
        username: who.username,
        company: who.company ?? '',
        criteria: r.criteria.trim(),
        budgetUsd: r.budgetUsd ?? null,
        deadline: r.deadline ?? null,
      })
      await this.notify(tx, null, CARE_NOTICE_KINDS.conciergeRequested, {
        requestId: row.id,
        number: requestNumber(row.number),
        username: who.username,
        company: who.company ?? '',
      })
      return toConcierge(row)
    })
  }

  /** A member's own requests; operator staff see every member's (the sales inbox). */
  async conciergePage(who: Principal, r: ConciergePageRequest) {
    const staff = isOperatorStaff(who)
    const { list, count } = await repo.conciergePage(
      this.database.sql,
      { userId: staff ? undefined : who.id, status: r.status },
      r.page ?? 1,
      r.limit ?? 50,
    )
    return { list: list.map(toConcierge), count }
  }

  async answerConcierge(who: Principal, a: ConciergeAnswer): Promise<ConciergeRequest> {
    const staff = this.staff(who)
    const problems = [...replyProblems(a.reply), ...outcomeProblems(a)]
    if (problems.length) throw invalid(problems)
    return this.database.sql.begin(async (tx) => {
      const current = await repo.lockConcierge(tx, a.id)
      if (!current) throw new AppError('E_NOT_FOUND')
      if (!answerable(current.status)) throw new AppError('E_CONCIERGE_CLOSED')
      const row = await repo.updateConcierge(tx, a.id, {
        status: 'answered',
        reply: a.reply.trim(),
        outcome: a.outcome ?? null,
        filter: a.outcome === 'buyRequest' ? (a.filter ?? null) : null,
        stoneNumbers: a.outcome === 'offer' ? stoneNumbersOf(a.stoneNumbers) : [],
        answeredBy: staff.username,
        answeredAt: new Date(),
      })
      const number = requestNumber(row.number)
      await this.notify(tx, row.userId, CARE_NOTICE_KINDS.conciergeAnswered, {
        requestId: row.id,
        number,
        outcome: row.outcome,
      })
      // Stock makes a buy request the member's demand (its own table): told by an event, in this transaction.
      await enqueue(tx, 'notifications', [
        newEvent<ConciergeAnswered>('notifications', ConciergeEventTypes.answered, row.id, {
          requestId: row.id,
          number,
          userId: row.userId,
          username: row.username.slice(0, 200),
          outcome: row.outcome,
          criteria: row.criteria.slice(0, 4000),
          deadline: row.deadline,
          filter: row.filter ?? null,
          stoneNumbers: row.stoneNumbers,
        }),
      ])
      return toConcierge(row)
    })
  }

  /** The member closes their own request; someone else's is "not found". */
  async closeConcierge(who: Principal, id: string): Promise<ConciergeRequest> {
    return this.database.sql.begin(async (tx) => {
      const current = await repo.lockConcierge(tx, id)
      if (!current || current.userId !== who.id) throw new AppError('E_NOT_FOUND')
      return toConcierge(await repo.updateConcierge(tx, id, { status: 'closed' }))
    })
  }

  /**
   * A contact-form message: checked, counted against the limits (address, email, and user when signed
   * in), stored, told to the sales team as a notice and mailed to the sales desk, all in one
   * transaction: a refused message leaves nothing behind, not even a counted hit.
   */
  async contact(who: Principal | null, c: ContactCreate, address: string): Promise<string> {
    const problems = contactProblems(c)
    if (problems.length) throw invalid(problems)
    const email = c.email.trim().toLowerCase()
    return this.database.sql.begin(async (tx) => {
      const waits = [
        await repo.takeHit(tx, CONTACT_LIMITS.address, address),
        await repo.takeHit(tx, CONTACT_LIMITS.email, email),
        who ? await repo.takeHit(tx, CONTACT_LIMITS.user, who.id) : null,
      ].filter((w): w is number => w !== null)
      if (waits.length) throw new AppError('E_RATE_LIMITED', { retryAfter: Math.max(...waits) })
      const row = await repo.insertContact(tx, {
        name: c.name.trim(),
        email: c.email.trim(),
        subject: c.subject.trim(),
        message: c.message.trim(),
        userId: who?.id ?? null,
        username: who?.username ?? null,
        address,
      })
      await this.notify(tx, null, CARE_NOTICE_KINDS.contactReceived, {
        contactId: row.id,
        name: row.name,
        subject: row.subject,
      })
      await this.mailer.deliver(
        tx,
        renderContactMail(
          {
            to: this.settings.salesMail,
            language: this.settings.salesLanguage,
            name: row.name,
            email: row.email,
            subject: row.subject,
            message: row.message,
            username: row.username,
          },
          { baseUrl: this.settings.baseUrl },
        ),
      )
      return row.id
    })
  }

  async contactPage(who: Principal, page: number, limit: number) {
    this.staff(who)
    const { list, count } = await repo.contactPage(this.database.sql, page, limit)
    return { list: list.map(toContact), count }
  }

  purgeHits() {
    return repo.purgeHits(this.database.sql)
  }

  /** A notice to one user, or to the sales team (userId null), announced through the notification flow. */
  private async notify(tx: Tx, userId: string | null, kind: string, params: Record<string, string | number | null>) {
    const n = await insertNotification(
      tx,
      userId
        ? { id: randomUUID(), userId, kind, params }
        : { id: randomUUID(), userId: null, audience: SALES_AUDIENCE, kind, params },
    )
    await enqueue(tx, 'notifications', [
      newEvent('notifications', NotificationEventTypes.created, n.userId ?? `audience:${SALES_AUDIENCE}`, n),
    ])
  }
}
