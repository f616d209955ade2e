import type { Principal } from '@diamond/runtime'

/** The longest wait between two attempts at one mail. */
export const MAX_RETRY_DELAY_MS = 3_600_000

/**
 * How long a mail waits after its `attempts`-th failed attempt: the base, doubled after each
 * further failure, never more than an hour (30 s, 1 min, 2 min, … with the default base).
 */
export function retryDelayMs(attempts: number, baseMs: number, capMs = MAX_RETRY_DELAY_MS): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)))
}

export type AfterFailure = { status: 'failed' } | { status: 'pending'; retryInMs: number }

/** After a failed attempt: wait and try again, or, once every attempt is spent, give up visibly. */
export function afterFailure(attempts: number, maxAttempts: number, baseMs: number): AfterFailure {
  return attempts >= maxAttempts
    ? { status: 'failed' }
    : { status: 'pending', retryInMs: retryDelayMs(attempts, baseMs) }
}

/** Every wait of a mail that never gets through, in order: what notes/mail.md calls the retry schedule. */
export function retrySchedule(maxAttempts: number, baseMs: number): number[] {
  return Array.from({ length: Math.max(0, maxAttempts - 1) }, (_, i) => retryDelayMs(i + 1, baseMs))
}

/**
 * The Message-ID header of a mail: made once, when the mail is queued, from its id and the sending
 * domain, so every retry of the mail carries the same one and a receiver can tell a repeat.
 */
export function messageIdFor(id: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
  return `<${id}@${domain.toLowerCase()}>`
}

/** User types of the operator company who see failed mail: its admins and sales people. */
const STAFF_TYPES: readonly string[] = ['admin', 'sales']

/**
 * Operator staff: an admin or sales person of the company that runs the portal, on a trusted device.
 * The notifications service does not read the auth service's tables: it goes by the token's operator
 * claim, which auth sets from its own rule (approved, active, verified staff of the operator company).
 */
export function isOperatorStaff(p: Principal | null): boolean {
  return !!p && !p.guest && p.trusted && p.operator === true && STAFF_TYPES.includes(p.userType)
}

export interface SmtpSettings {
  host: string
  port: number
  /** TLS from the first byte (smtps://); otherwise STARTTLS when the server offers it. */
  secure: boolean
  /** Refuse to send unless the server upgrades to TLS with STARTTLS (?starttls=required). */
  requireTLS: boolean
  auth?: { user: string; pass: string }
}

/** SMTP_URL as nodemailer's options: credentials percent-decoded, default ports 587 and 465. */
export function smtpSettings(url: string): SmtpSettings {
  const u = new URL(url)
  if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:')
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${u.protocol}`)
  const secure = u.protocol === 'smtps:'
  const user = decodeURIComponent(u.username)
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    requireTLS: !secure && u.searchParams.get('starttls') === 'required',
    ...(user ? { auth: { user, pass: decodeURIComponent(u.password) } } : {}),
  }
}
