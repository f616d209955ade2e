import type {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ResetPasswordRequest,
  TokenData,
} from '@diamond/contracts/http/auth'
import { AppError, type Database, type Principal, type TokenService, type Tx } from '@diamond/runtime'
import { requestMail } from '../mail/mail.outbox'
import * as limits from '../session/limits.repository'
import { loginKey, signInWait } from '../session/limits.rules'
import { newSession, revokeSessions } from '../session/revoke'
import { newSecret, sha256 } from '../session/secrets'
import { permissionsOf, principalOf } from '../session/session.rules'
import { hashPassword, verifyPassword } from '../users/passwords'
import { findByLogin, findUserById, setPasswordHash, type UserRecord } from '../users/users.repository'
import { checkRepeat, fieldError, resetLink, RESET_LINK_MINUTES } from './credentials.rules'
import { insertMailToken, useMailToken } from './mail-tokens.repository'

const accountNames = (u: UserRecord) => [u.username.toLowerCase(), u.email.toLowerCase()]

async function mailPasswordChanged(tx: Tx, u: UserRecord) {
  await requestMail(tx, { to: u.email, name: u.firstName, template: 'password-changed', locale: u.locale, params: {} })
}

/** Forgotten, reset and changed passwords. Every new password ends every session of the user. */
export class PasswordService {
  constructor(
    private readonly database: Database,
    private readonly tokens: TokenService,
  ) {}

  /** Mails a reset link (1 hour, single use) if the account exists; the caller learns nothing either way. */
  async forgot(req: ForgotPasswordRequest): Promise<void> {
    const user = await findByLogin(this.database.sql, req.username.trim())
    if (!user) return
    const token = newSecret()
    await this.database.sql.begin(async (tx) => {
      await insertMailToken(tx, user.id, 'reset-password', sha256(token), RESET_LINK_MINUTES)
      await requestMail(tx, {
        to: user.email,
        name: user.firstName,
        template: 'reset-password',
        locale: user.locale,
        params: { link: resetLink(token), minutes: String(RESET_LINK_MINUTES) },
      })
    })
  }

  /** Sets a new password from a mailed link; the link works once. */
  async reset(req: ResetPasswordRequest): Promise<void> {
    checkRepeat(req.password, req.confirmPassword)
    const passwordHash = await hashPassword(req.password)
    const done = await this.database.sql.begin(async (tx) => {
      const userId = await useMailToken(tx, sha256(req.token), 'reset-password')
      const user = userId ? await findUserById(tx, userId) : null
      if (!user) return null
      await setPasswordHash(tx, user.id, passwordHash)
      await mailPasswordChanged(tx, user)
      const revoked = await revokeSessions(tx, this.tokens, user.id, 'password-reset')
      return { user, revoked }
    })
    if (!done) throw new AppError('E_LINK_INVALID')
    done.revoked.applyLocally()
    // Whoever was locked out by guesses on the old password is let in with the new one.
    await limits.clearFailures(this.database.sql, accountNames(done.user))
  }

  /**
   * Changes the caller's password. A wrong current password counts as a failed sign-in (so the
   * sign-in limits stop guessing through this call too). Every session ends; the caller gets a
   * fresh token for this one.
   */
  async change(p: Principal, req: ChangePasswordRequest, address: string): Promise<TokenData> {
    checkRepeat(req.newPassword, req.confirmPassword)
    const user = await findUserById(this.database.sql, p.id)
    if (!user) throw new AppError('E_UNAUTHORIZED')
    // A signed-in, trusted caller is not held back by the account-wide lock.
    const attempt = await limits.openAttempt(this.database.sql, loginKey(user.username), address, (w) =>
      signInWait(w, true),
    )
    if ('retryAfter' in attempt) throw new AppError('E_RATE_LIMITED', { retryAfter: attempt.retryAfter })
    if (!(await verifyPassword(user.passwordHash, req.currentPassword))) throw new AppError('E_WRONG_PASSWORD')
    await limits.settleAttempt(this.database.sql, attempt.id)
    if (req.newPassword === req.currentPassword)
      throw fieldError('newPassword', 'must differ from the current password')

    const passwordHash = await hashPassword(req.newPassword)
    const revoked = await this.database.sql.begin(async (tx) => {
      await setPasswordHash(tx, user.id, passwordHash)
      await mailPasswordChanged(tx, user)
      return revokeSessions(tx, this.tokens, user.id, 'password-changed')
    })
    revoked.applyLocally()
    return {
      token: { jwt: this.tokens.sign(newSession(principalOf(user, permissionsOf(user), true, revoked.version))) },
    }
  }
}
