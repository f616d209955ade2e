import type { LoginData, LoginRequest } from '@diamond/contracts/http/auth'
import { DEFAULT_COLUMNS, MASTERS, type MasterName } from '@diamond/contracts/masters'
import { compactPermissions } from '@diamond/contracts/permissions'
import { AppError, type Database, type TokenService } from '@diamond/runtime'
import { verifyPassword } from '../users/passwords'
import { permissionsFor, type UserType } from '../users/permissions.rules'
import { findByLogin } from '../users/users.repository'

export class SessionService {
  constructor(
    private readonly database: Database,
    private readonly tokens: TokenService,
  ) {}

  /**
   * Signs a user in. A wrong password and an unknown user get the same answer after the same work;
   * account states are told only to someone who knows the password.
   */
  async login(req: LoginRequest): Promise<LoginData> {
    const user = await findByLogin(this.database.sql, req.username.trim())
    const ok = await verifyPassword(user?.password_hash ?? null, req.password)
    if (!user || !ok) throw new AppError('E_INVALID_CREDENTIALS')
    if (!user.email_verified) throw new AppError('EMAIL_NOT_VERIFIED')
    if (user.approval_status !== 2) throw new AppError('E_ACCOUNT_NOT_APPROVED')
    if (!user.active) throw new AppError('E_ACCOUNT_INACTIVE')

    const setting = { Is_PlaceOrder: user.is_place_order, Is_NoPrice: user.is_no_price }
    const userPermissions = permissionsFor(user.user_type as UserType, { isPlaceOrder: user.is_place_order, isNoPrice: user.is_no_price })
    const jwt = this.tokens.sign({
      id: user.id,
      username: user.username,
      userType: user.user_type,
      perms: compactPermissions(userPermissions),
      noPrice: user.is_no_price,
      ver: user.token_version,
    })
    const wanted = (req.masters ?? []).filter((m): m is MasterName => m in MASTERS)
    return {
      user: {
        id: user.id,
        username: user.username,
        firstName: user.first_name,
        lastName: user.last_name,
        companyName: user.company_name,
        userType: user.user_type,
        setting,
      },
      userPermissions,
      masters: Object.fromEntries((wanted.length ? wanted : (Object.keys(MASTERS) as MasterName[])).map((m) => [m, [...MASTERS[m]]])),
      columns: [...DEFAULT_COLUMNS],
      keywords: [],
      token: { jwt },
      // Device trust (OTP on an untrusted browser) is not built yet: every device counts as trusted.
      isTrusted: true,
    }
  }
}
