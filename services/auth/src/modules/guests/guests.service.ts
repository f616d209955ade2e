import type { GuestLoginRequest, LoginData } from '@diamond/contracts/http/auth'
import { AppError, type Database, type TokenService } from '@diamond/runtime'
import * as limits from '../session/limits.repository'
import { GUEST_LOGIN_LIMIT } from '../session/limits.rules'
import { loginData } from '../session/session.rules'
import { insertGuest } from './guests.repository'
import { guestPermissions, guestPrincipal, guestSessionUser } from './guests.rules'

export class GuestService {
  constructor(
    private readonly database: Database,
    private readonly tokens: TokenService,
  ) {}

  /** guest/auth/login: no password, so a few per address; the guest's browser needs no code. */
  async login(req: GuestLoginRequest, address: string): Promise<LoginData> {
    const retryAfter = await limits.takeHit(this.database.sql, GUEST_LOGIN_LIMIT, address)
    if (retryAfter !== null) throw new AppError('E_RATE_LIMITED', { retryAfter })
    const id = await insertGuest(this.database.sql, req)
    const perms = guestPermissions()
    return loginData({
      user: guestSessionUser(id, req),
      userPermissions: perms,
      jwt: this.tokens.sign(guestPrincipal(id, req.email.toLowerCase(), perms)),
      isTrusted: true,
    })
  }
}
