import { ListingEventTypes, MemberEventTypes } from '@diamond/contracts/events/members'
import { consumer, type ServiceRuntime } from '@diamond/runtime'
import type { FollowerNotices } from './followers.service'

/**
 * Follows (topic auth.member) and listings (topic stock.listing): two topics, so a listing may be
 * applied before a follow made just before it; the follower then misses that one notice, as a
 * reader who followed a moment later would.
 */
export function registerFollowerNotices(rt: ServiceRuntime, notices: FollowerNotices): void {
  rt.consume(
    consumer('notifications.followers').on(MemberEventTypes.followChanged, ({ data }, { tx }) =>
      notices.followChanged(tx, data),
    ),
  )
  rt.consume(
    consumer('notifications.listings').on(ListingEventTypes.listed, ({ data }, { tx }) => notices.listed(tx, data)),
  )
}
