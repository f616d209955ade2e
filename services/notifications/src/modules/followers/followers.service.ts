import type { FollowChanged, StonesListed } from '@diamond/contracts/events/members'
import { NotificationEventTypes } from '@diamond/contracts/events/notifications'
import { enqueue, newEvent, type Tx } from '@diamond/runtime'
import * as repo from './followers.repository'
import { listedParams } from './followers.rules'

/** Followers' notices (issue 25): who follows whom, and a notice to each when the company lists stones. */
export class FollowerNotices {
  async followChanged(tx: Tx, e: FollowChanged): Promise<void> {
    await repo.setFollowing(tx, e.companyId, e.userId, e.following)
  }

  /** One notice per follower for one upload or auction, each pushed live like every other notice. */
  async listed(tx: Tx, e: StonesListed): Promise<void> {
    const notices = await repo.noticeFollowers(tx, e.companyId, listedParams(e))
    await enqueue(
      tx,
      'notifications',
      notices.map((n) => newEvent('notifications', NotificationEventTypes.created, n.userId!, n)),
    )
  }
}
