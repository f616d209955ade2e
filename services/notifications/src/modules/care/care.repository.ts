import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import type { HitLimit } from './care.rules'
import {
  careHits,
  conciergeRequests,
  contactMessages,
  feedback,
  feedbackAnswers,
  feedbackQuestions,
} from './care.schema'

export type QuestionRow = typeof feedbackQuestions.$inferSelect
export type ConciergeRow = typeof conciergeRequests.$inferSelect
export type ContactRow = typeof contactMessages.$inferSelect

export async function activeQuestions(client: Sql | Tx): Promise<QuestionRow[]> {
  return orm(client)
    .select()
    .from(feedbackQuestions)
    .where(eq(feedbackQuestions.active, true))
    .orderBy(asc(feedbackQuestions.sort), asc(feedbackQuestions.id))
}

export async function seedQuestions(client: Sql, list: Pick<QuestionRow, 'text' | 'sort'>[]): Promise<number> {
  return client.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('notifications:feedback-seed'))`
    const db = orm(tx)
    if ((await db.$count(feedbackQuestions)) > 0) return 0
    await db.insert(feedbackQuestions).values(list)
    return list.length
  })
}

export async function insertFeedback(
  tx: Tx,
  f: Pick<typeof feedback.$inferInsert, 'userId' | 'username' | 'company' | 'comment'>,
  answers: { questionId: string; score: number }[],
): Promise<string> {
  const db = orm(tx)
  const [row] = await db.insert(feedback).values(f).returning({ id: feedback.id })
  await db.insert(feedbackAnswers).values(answers.map((a) => ({ feedbackId: row!.id, ...a })))
  return row!.id
}

export async function feedbackPage(client: Sql, page: number, limit: number) {
  const db = orm(client)
  const [list, [counted]] = await Promise.all([
    db
      .select({
        id: feedback.id,
        username: feedback.username,
        company: feedback.company,
        comment: feedback.comment,
        createdAt: feedback.createdAt,
        answers: sql<
          { questionId: string; score: number }[]
        >`coalesce((select json_agg(json_build_object('questionId', a.question_id, 'score', a.score) order by a.question_id) from ${feedbackAnswers} a where a.feedback_id = ${feedback.id}), '[]')`,
      })
      .from(feedback)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ count: count() }).from(feedback),
  ])
  return { list, count: counted!.count }
}

/**
 * Per period (UTC week from Monday, or month) and question: how many answered and the sum of the
 * scores, from `since` on. Grouped in the database: the answers are never read row by row.
 */
export async function feedbackTotals(client: Sql, by: 'week' | 'month', since: string) {
  return orm(client)
    .select({
      start: sql<string>`to_char(date_trunc(${by}, ${feedback.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
      questionId: feedbackAnswers.questionId,
      answers: sql<number>`count(*)::int`,
      sum: sql<number>`sum(${feedbackAnswers.score})::int`,
      responses: sql<number>`count(distinct ${feedback.id})::int`,
    })
    .from(feedbackAnswers)
    .innerJoin(feedback, eq(feedback.id, feedbackAnswers.feedbackId))
    .where(sql`${feedback.createdAt} >= ${since}::date`)
    .groupBy(sql`1`, feedbackAnswers.questionId)
}

/** Forms answered per period (a form counts once whatever it answered). */
export async function responsesPer(client: Sql, by: 'week' | 'month', since: string) {
  return orm(client)
    .select({
      start: sql<string>`to_char(date_trunc(${by}, ${feedback.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
      responses: sql<number>`count(*)::int`,
    })
    .from(feedback)
    .where(sql`${feedback.createdAt} >= ${since}::date`)
    .groupBy(sql`1`)
}

export async function insertConcierge(
  tx: Tx,
  r: Pick<
    typeof conciergeRequests.$inferInsert,
    'userId' | 'username' | 'company' | 'criteria' | 'budgetUsd' | 'deadline'
  >,
): Promise<ConciergeRow> {
  return (await orm(tx).insert(conciergeRequests).values(r).returning())[0]!
}

export async function conciergePage(
  client: Sql,
  f: { userId?: string | undefined; status?: ConciergeRow['status'] | undefined },
  page: number,
  limit: number,
) {
  const db = orm(client)
  const where = and(
    f.userId ? eq(conciergeRequests.userId, f.userId) : undefined,
    f.status ? eq(conciergeRequests.status, f.status) : undefined,
  )
  const [list, [counted]] = await Promise.all([
    db
      .select()
      .from(conciergeRequests)
      .where(where)
      .orderBy(desc(conciergeRequests.createdAt), desc(conciergeRequests.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ count: count() }).from(conciergeRequests).where(where),
  ])
  return { list, count: counted!.count }
}

export async function lockConcierge(tx: Tx, id: string): Promise<ConciergeRow | null> {
  return (await orm(tx).select().from(conciergeRequests).where(eq(conciergeRequests.id, id)).for('update'))[0] ?? null
}

export async function updateConcierge(
  tx: Tx,
  id: string,
  set: Partial<
    Pick<ConciergeRow, 'status' | 'reply' | 'outcome' | 'filter' | 'stoneNumbers' | 'answeredBy' | 'answeredAt'>
  >,
): Promise<ConciergeRow> {
  return (await orm(tx).update(conciergeRequests).set(set).where(eq(conciergeRequests.id, id)).returning())[0]!
}

export async function insertContact(
  tx: Tx,
  c: Pick<
    typeof contactMessages.$inferInsert,
    'name' | 'email' | 'subject' | 'message' | 'userId' | 'username' | 'address'
  >,
): Promise<ContactRow> {
  return (await orm(tx).insert(contactMessages).values(c).returning())[0]!
}

export async function contactPage(client: Sql, page: number, limit: number) {
  const db = orm(client)
  const [list, [counted]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ count: count() }).from(contactMessages),
  ])
  return { list, count: counted!.count }
}

/**
 * Counts one call against a limit unless the key is at it already; the seconds to wait then (null:
 * counted, go ahead). The advisory lock makes count-then-insert one step per bucket and key, across
 * instances (the same plumbing as auth's signed-out limits, in this service's own table).
 */
export async function takeHit(tx: Tx, limit: HitLimit, key: string): Promise<number | null> {
  await tx`select pg_advisory_xact_lock(hashtext(${`${limit.bucket}:${key}`}))`
  const db = orm(tx)
  const h = careHits
  const [full] = await db
    .select({
      wait: sql<number>`ceil(extract(epoch from ${h.at} + make_interval(secs => ${limit.windowSeconds}) - now()))::int`,
    })
    .from(h)
    .where(
      and(
        eq(h.bucket, limit.bucket),
        eq(h.key, key),
        gt(h.at, sql`now() - make_interval(secs => ${limit.windowSeconds})`),
      ),
    )
    .orderBy(desc(h.at))
    .offset(limit.max - 1)
    .limit(1)
  if (full) return Math.max(1, full.wait)
  await db.insert(h).values({ bucket: limit.bucket, key })
  return null
}

export async function purgeHits(client: Sql): Promise<void> {
  await orm(client)
    .delete(careHits)
    .where(sql`${careHits.at} < now() - interval '1 day'`)
}
