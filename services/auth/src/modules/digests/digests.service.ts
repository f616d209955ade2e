import { endedPeriod, type DigestInterval } from '@diamond/contracts/digests'
import { DigestEventTypes, type DigestDue } from '@diamond/contracts/events/digests'
import { compactPermissions, seesPrices } from '@diamond/contracts/permissions'
import { enqueue, newEvent, type Database } from '@diamond/runtime'
import { effectivePermissions, type UserType } from '../users/permissions.rules'
import * as repo from './digests.repository'
import { unsubscribedUser, unsubscribeToken } from './digests.token'

const INTERVALS: DigestInterval[] = [1, 2, 3]
/** Subscribers claimed (and their events written) per transaction. */
const BATCH = 500

/**
 * Says, once per subscriber and ended period, that a stock digest is due (`auth.digest.due`); the
 * stock service writes it and notifications sends it. The claim and the event commit together.
 * A period is caught up after a restart (the latest ended one of each interval, never older ones).
 */
export class DigestService {
  constructor(
    private readonly database: Database,
    private readonly secret: string,
  ) {}

  async runDue(now = Date.now()): Promise<number> {
    let total = 0
    for (const interval of INTERVALS) {
      const period = endedPeriod(interval, now)
      for (;;) {
        const { claimed, more } = await this.database.sql.begin(async (tx) => {
          const { users, more } = await repo.claimDue(tx, interval, period.key, BATCH)
          await enqueue(
            tx,
            'auth',
            users.map((u) =>
              newEvent<DigestDue>('auth', DigestEventTypes.due, u.id, {
                userId: u.id,
                email: u.email,
                name: u.firstName,
                locale: u.locale,
                interval,
                stockType: u.stkNoti === 0 ? 0 : 1,
                period: period.key,
                since: period.since,
                until: period.until,
                noPrice:
                  u.isNoPrice ||
                  !seesPrices(
                    compactPermissions(
                      effectivePermissions(
                        u.userType as UserType,
                        { isPlaceOrder: u.isPlaceOrder, isNoPrice: u.isNoPrice },
                        u.permissions,
                      ),
                    ),
                  ),
                unsubscribeToken: unsubscribeToken(this.secret, u.id),
              }),
            ),
          )
          return { claimed: users.length, more }
        })
        total += claimed
        if (!more) break
      }
    }
    return total
  }

  /** The mail's unsubscribe link: answers whether the token was ours and its user still exists. */
  async unsubscribe(token: string): Promise<boolean> {
    const userId = unsubscribedUser(this.secret, token)
    return !!userId && (await repo.unsubscribe(this.database.sql, userId))
  }
}
