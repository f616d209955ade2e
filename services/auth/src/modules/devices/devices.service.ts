import { randomInt } from 'node:crypto'
import { OTP_LENGTH, type ResendOtpData } from '@diamond/contracts/http/auth'
import { AppError, type Database, type Principal, type Tx } from '@diamond/runtime'
import { requestMail } from '../mail/mail.outbox'
import { keyedHash, newSecret, sameHash, sha256 } from '../session/secrets'
import { findUserById, type UserRecord } from '../users/users.repository'
import * as repo from './devices.repository'
import { maskEmail, OTP_RULES, otpOpen } from './devices.rules'

type Recipient = Pick<UserRecord, 'id' | 'email' | 'firstName' | 'locale'>

/**
 * Device trust: a browser is trusted when it shows a key the user chose to keep ("Always");
 * otherwise the sign-in waits for a six-digit code mailed to the user.
 */
export class DeviceService {
  constructor(
    private readonly database: Database,
    /** Codes are stored keyed with the service secret. */
    private readonly codeKey: string,
  ) {}

  /** Whether the browser's keys include one this user trusted. */
  async trusts(userId: string, keys: string[]): Promise<boolean> {
    return keys.length > 0 && repo.touchTrustedDevice(this.database.sql, userId, keys.map(sha256))
  }

  /** The same, asked with the login as typed (the account-wide lock spares such a browser). */
  async trustsLogin(login: string, keys: string[]): Promise<boolean> {
    return keys.length > 0 && repo.trustedForLogin(this.database.sql, login, keys.map(sha256))
  }

  /** Mails a new code for the sign-in whose token has `version`, in the caller's transaction. */
  async sendCode(tx: Tx, user: Recipient, version: number): Promise<ResendOtpData> {
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0')
    await repo.insertOtp(tx, user.id, version, keyedHash(this.codeKey, code))
    await requestMail(tx, {
      to: user.email,
      name: user.firstName,
      template: 'device-otp',
      locale: user.locale,
      params: { code, minutes: String(OTP_RULES.ttlMinutes) },
    })
    return { sentTo: maskEmail(user.email), resendInSeconds: OTP_RULES.resendSeconds }
  }

  /**
   * Checks the code of the caller's sign-in; a right code is used up at once. With `trust`
   * 'always' the browser is remembered and its new key returned (to be set as the cookie).
   */
  async verify(p: Principal, otp: string, trust: 'always' | 'once', label: string): Promise<{ key: string | null }> {
    if (p.trusted) throw new AppError('E_BAD_REQUEST', null, 'This device is verified already.')
    const verdict = await this.database.sql.begin(async (tx) => {
      const row = await repo.latestOtp(tx, p.id, p.ver)
      if (!otpOpen(row)) return 'expired' as const
      if (!sameHash(row.codeHash, keyedHash(this.codeKey, otp))) {
        await repo.countOtpAttempt(tx, row.id)
        return 'invalid' as const
      }
      await repo.markOtpUsed(tx, row.id)
      if (trust === 'once') return { key: null }
      const key = newSecret()
      await repo.insertTrustedDevice(tx, p.id, sha256(key), label)
      return { key }
    })
    // Thrown after the transaction, so the counted attempt is kept.
    if (verdict === 'expired') throw new AppError('E_OTP_EXPIRED')
    if (verdict === 'invalid') throw new AppError('E_OTP_INVALID')
    return verdict
  }

  /** Another code for the caller's sign-in, unless the last went out moments ago. */
  async resend(p: Principal): Promise<ResendOtpData> {
    if (p.trusted) throw new AppError('E_BAD_REQUEST', null, 'This device is verified already.')
    const user = await findUserById(this.database.sql, p.id)
    if (!user) throw new AppError('E_UNAUTHORIZED')
    const result = await this.database.sql.begin(async (tx) => {
      await repo.lockSends(tx, p.id)
      const retryAfter = await repo.sendWait(tx, p.id)
      if (retryAfter !== null) return { retryAfter }
      return this.sendCode(tx, user, p.ver)
    })
    if ('retryAfter' in result) throw new AppError('E_RATE_LIMITED', { retryAfter: result.retryAfter })
    return result
  }
}
