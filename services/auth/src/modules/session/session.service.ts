import type { LoginData, LoginRequest } from '@diamond/contracts/http/auth'
import { AppError, type Database, type Principal, type TokenService } from '@diamond/runtime'
import type { DeviceService } from '../devices/devices.service'
import { verifyPassword } from '../users/passwords'
import { findByLogin, findUserById, type UserRecord } from '../users/users.repository'
import * as limits from './limits.repository'
import { loginKey, signInWait } from './limits.rules'
import { endSession, newSession, revokeSessions } from './revoke'
import { loginData, permissionsOf, principalOf, sessionUser, signInRefusal } from './session.rules'

/** Where a sign-in comes from: the client's address and the device keys its browser holds. */
export interface Origin {
  address: string
  deviceKeys: string[]
}

export class SessionService {
  constructor(
    private readonly database: Database,
    private readonly tokens: TokenService,
    private readonly devices: DeviceService,
  ) {}

  /**
   * Signs a user in. Limits first, then the password: a wrong password and an unknown user get
   * the same answer after the same work, and account states are told only to someone who knows
   * the password. A browser the user did not trust gets an untrusted token and a mailed code.
   */
  async login(req: LoginRequest, from: Origin): Promise<LoginData> {
    const sql = this.database.sql
    const login = loginKey(req.username)
    const trustedBrowser = await this.devices.trustsLogin(login, from.deviceKeys)
    const attempt = await limits.openAttempt(sql, login, from.address, (w) => signInWait(w, trustedBrowser))
    if ('retryAfter' in attempt) throw new AppError('E_RATE_LIMITED', { retryAfter: attempt.retryAfter })

    const user = await findByLogin(sql, login)
    const passwordOk = await verifyPassword(user?.passwordHash ?? null, req.password)
    if (!user || !passwordOk) throw new AppError('E_INVALID_CREDENTIALS')
    await limits.settleAttempt(sql, attempt.id)
    const refusal = signInRefusal(user)
    if (refusal) throw new AppError(refusal.code, refusal.data)
    await limits.clearFailures(sql, [login, user.username.toLowerCase(), user.email.toLowerCase()])

    if (await this.devices.trusts(user.id, from.deviceKeys)) return this.session(user, req.masters)
    const perms = permissionsOf(user)
    const otp = await sql.begin((tx) => this.devices.sendCode(tx, user, user.tokenVersion))
    return loginData({
      user: sessionUser(user),
      userPermissions: perms,
      jwt: this.tokens.sign(newSession(principalOf(user, perms, false))),
      isTrusted: false,
      masters: req.masters,
      otp,
    })
  }

  /** A full session of a trusted device for a signed-in user (after the code, or a password change). */
  async sessionFor(userId: string, masters?: string[]): Promise<LoginData> {
    const user = await findUserById(this.database.sql, userId)
    if (!user) throw new AppError('E_UNAUTHORIZED')
    return this.session(user, masters)
  }

  private session(user: UserRecord, masters?: string[]): LoginData {
    const perms = permissionsOf(user)
    return loginData({
      user: sessionUser(user),
      userPermissions: perms,
      jwt: this.tokens.sign(newSession(principalOf(user, perms, true))),
      isTrusted: true,
      masters,
    })
  }

  /**
   * Logout ends the session of this device only (the token's session id); the user's other devices
   * stay signed in. A token from before session ids ends every session, as logout used to. A guest
   * has no sessions to end.
   */
  async logout(p: Principal): Promise<void> {
    if (p.guest) return
    const sid = p.sid
    if (!sid) return this.logoutEverywhere(p)
    const ended = await this.database.sql.begin((tx) => endSession(tx, this.tokens, p.id, sid))
    ended.applyLocally()
  }

  /**
   * "Log out everywhere": every session of the user on every device ends (tokens carry one version
   * per user, the spec's token version, and this raises it), as a password change or a deactivation does.
   */
  async logoutEverywhere(p: Principal): Promise<void> {
    if (p.guest) return
    const revoked = await this.database.sql.begin((tx) => revokeSessions(tx, this.tokens, p.id, 'logout'))
    revoked.applyLocally()
  }
}
