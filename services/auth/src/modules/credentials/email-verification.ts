import { AppError, type Database, type Tx } from '@diamond/runtime'
import { requestMail } from '../mail/mail.outbox'
import { newSecret, sha256 } from '../session/secrets'
import { findByLogin, markEmailVerified } from '../users/users.repository'
import { verifyLink, VERIFY_LINK_HOURS } from './credentials.rules'
import { insertMailToken, useMailToken } from './mail-tokens.repository'

/**
 * Mails the user a link that verifies their email (48 hours, single use), in the caller's
 * transaction: the mail leaves only if the registration (or resend) commits.
 */
export async function issueEmailVerification(
  tx: Tx,
  user: { id: string; email: string; firstName: string; locale: string },
): Promise<void> {
  const token = newSecret()
  await insertMailToken(tx, user.id, 'verify-email', sha256(token), VERIFY_LINK_HOURS * 60)
  await requestMail(tx, {
    to: user.email,
    name: user.firstName,
    template: 'verify-email',
    locale: user.locale,
    params: { link: verifyLink(token), hours: String(VERIFY_LINK_HOURS) },
  })
}

/** auth/verify-email: the link's token marks the email verified, once. */
export async function verifyEmail(database: Database, token: string): Promise<void> {
  const verified = await database.sql.begin(async (tx) => {
    const userId = await useMailToken(tx, sha256(token), 'verify-email')
    if (userId) await markEmailVerified(tx, userId)
    return userId !== null
  })
  if (!verified) throw new AppError('E_LINK_INVALID')
}

/** A new link for an unverified account; nothing (and the same answer) for any other login. */
export async function resendVerification(database: Database, login: string): Promise<void> {
  const user = await findByLogin(database.sql, login.trim())
  if (!user || user.emailVerified) return
  await database.sql.begin((tx) =>
    issueEmailVerification(tx, { id: user.id, email: user.email, firstName: user.firstName, locale: user.locale }),
  )
}
