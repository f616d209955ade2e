import {
  CONCIERGE_TEXT_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_SCORE_MAX,
  FEEDBACK_SCORE_MIN,
  type ConciergeStatus,
} from '@diamond/contracts/http/care.values'
import { isCalendarDate, requiredText, type FieldProblem } from '../content/content.rules'

const problem = (field: string, message: string): FieldProblem => ({ field, in: 'body', message })

/**
 * A feedback form as sent: every current question answered exactly once, each score a whole number
 * 0 to 10, the comment within its length. Problems name the field (`answers.1.score`).
 */
export function feedbackProblems(
  questionIds: readonly string[],
  answers: readonly { questionId: string; score: number }[],
  comment: string | undefined,
): FieldProblem[] {
  const out: FieldProblem[] = []
  const known = new Set(questionIds)
  const seen = new Set<string>()
  answers.forEach((a, i) => {
    if (!known.has(a.questionId)) out.push(problem(`answers.${i}.questionId`, 'is not a feedback question'))
    else if (seen.has(a.questionId)) out.push(problem(`answers.${i}.questionId`, 'is answered twice'))
    seen.add(a.questionId)
    if (!Number.isInteger(a.score) || a.score < FEEDBACK_SCORE_MIN || a.score > FEEDBACK_SCORE_MAX)
      out.push(
        problem(`answers.${i}.score`, `must be a whole number from ${FEEDBACK_SCORE_MIN} to ${FEEDBACK_SCORE_MAX}`),
      )
  })
  const missing = questionIds.filter((id) => !seen.has(id))
  if (missing.length) out.push(problem('answers', `must answer every question (${missing.length} missing)`))
  if (comment !== undefined && comment.trim().length > FEEDBACK_COMMENT_MAX)
    out.push(problem('comment', `must be at most ${FEEDBACK_COMMENT_MAX} characters`))
  return out
}

/** Averages as the summary shows them: two decimals. */
export const average = (sum: number, n: number): number => (n ? Math.round((sum / n) * 100) / 100 : 0)

/**
 * The first day (UTC) of the week (ISO, Monday) or month holding a moment, YYYY-MM-DD: how answers
 * are grouped over time. The SQL groups with date_trunc, which agrees (a test checks both).
 */
export function periodStart(at: Date, by: 'week' | 'month'): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), by === 'month' ? 1 : at.getUTCDate()))
  if (by === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7))
  return d.toISOString().slice(0, 10)
}

/** The `n` period starts ending with the one holding `now`, oldest first. */
export function periodStarts(now: Date, by: 'week' | 'month', n: number): string[] {
  const out: string[] = []
  const last = new Date(`${periodStart(now, by)}T00:00:00Z`)
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(last)
    if (by === 'week') d.setUTCDate(d.getUTCDate() - 7 * i)
    else d.setUTCMonth(d.getUTCMonth() - i)
    out.push(d.toISOString().slice(0, 10))
  }
  return out
}

/** A concierge request: what they look for (required), a whole budget above 0, a deadline from today on. */
export function conciergeProblems(
  r: { criteria: string; budgetUsd?: number | undefined; deadline?: string | undefined },
  today: string,
): FieldProblem[] {
  const out = requiredText('criteria', r.criteria, CONCIERGE_TEXT_MAX)
  if (r.budgetUsd !== undefined && (!Number.isInteger(r.budgetUsd) || r.budgetUsd <= 0 || r.budgetUsd > 1e12))
    out.push(problem('budgetUsd', 'must be a whole number of dollars above 0'))
  if (r.deadline !== undefined) {
    if (!isCalendarDate(r.deadline)) out.push(problem('deadline', 'must be a date (YYYY-MM-DD)'))
    else if (r.deadline < today) out.push(problem('deadline', 'must not be in the past'))
  }
  return out
}

/** A reply: text is required; only an open or answered request can be answered (again). */
export function replyProblems(reply: string): FieldProblem[] {
  return requiredText('reply', reply, CONCIERGE_TEXT_MAX)
}

/** At most this many stones offered in one answer. */
export const CONCIERGE_MAX_STONES = 20

/** Stone numbers as staff type them: trimmed, blanks dropped, each once (in the order given). */
export const stoneNumbersOf = (numbers: readonly string[] | undefined): string[] => [
  ...new Set((numbers ?? []).map((n) => n.trim().toUpperCase()).filter(Boolean)),
]

/**
 * What an answer turns the request into must be there: an offer names the stones offered (1–20),
 * a buy request says what to look for (a filter with at least one criterion); neither carries the
 * other's part, and an answer with no outcome carries neither.
 */
export function outcomeProblems(a: {
  outcome?: 'offer' | 'buyRequest' | null
  filter?: Record<string, unknown>
  stoneNumbers?: readonly string[]
}): FieldProblem[] {
  const out: FieldProblem[] = []
  const numbers = stoneNumbersOf(a.stoneNumbers)
  const hasFilter = a.filter !== undefined && Object.values(a.filter).some((v) => v !== undefined)
  if (a.outcome === 'offer') {
    if (!numbers.length) out.push({ field: 'stoneNumbers', in: 'body', message: 'name the stones offered' })
    else if (numbers.length > CONCIERGE_MAX_STONES)
      out.push({ field: 'stoneNumbers', in: 'body', message: `at most ${CONCIERGE_MAX_STONES} stones` })
  } else if (a.stoneNumbers?.length) out.push({ field: 'stoneNumbers', in: 'body', message: 'is for an offer only' })
  if (a.outcome === 'buyRequest') {
    if (!hasFilter)
      out.push({
        field: 'filter',
        in: 'body',
        message: 'must ask for at least one criterion (shape, carat, colour, …)',
      })
  } else if (a.filter !== undefined) out.push({ field: 'filter', in: 'body', message: 'is for a buy request only' })
  return out
}
export const answerable = (status: ConciergeStatus): boolean => status !== 'closed'

/**
 * An address mail can go to, as the rest of the API checks one (JSON schema's `email` format): dot
 * atoms around the @ (no leading, trailing or double dots), domain labels not starting or ending with
 * a hyphen, a top-level domain of letters. The looser check let a@b..com and .a@b.com through.
 */
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/

/** The contact form: a name, a real-looking address, a subject and a message, each within its length. */
export function contactProblems(c: { name: string; email: string; subject: string; message: string }): FieldProblem[] {
  const out = [
    ...requiredText('name', c.name, CONTACT_NAME_MAX),
    ...requiredText('subject', c.subject, CONTACT_SUBJECT_MAX),
    ...requiredText('message', c.message, CONTACT_MESSAGE_MAX),
  ]
  const email = c.email.trim()
  if (!EMAIL.test(email) || email.length > 254) out.push(problem('email', 'must be an email address'))
  // A header is one line: a name or subject with a line break could add headers to the mail.
  for (const f of ['name', 'subject'] as const) if (/[\r\n]/.test(c[f])) out.push(problem(f, 'must be one line'))
  return out
}

/**
 * The contact form's limits: from one address (signed out or not), to one email, and by one
 * signed-in user. A person writing twice an hour is normal; forty times is a script.
 */
export interface HitLimit {
  bucket: string
  max: number
  windowSeconds: number
}
export const CONTACT_LIMITS = {
  address: { bucket: 'contact-address', max: 5, windowSeconds: 3600 },
  email: { bucket: 'contact-email', max: 3, windowSeconds: 3600 },
  user: { bucket: 'contact-user', max: 5, windowSeconds: 3600 },
} as const satisfies Record<string, HitLimit>

/** How people name a concierge request: R-000042. */
export const requestNumber = (n: number): string => `R-${String(n).padStart(6, '0')}`
