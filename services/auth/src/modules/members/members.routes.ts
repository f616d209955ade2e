import { Envelope } from '@diamond/contracts/common'
import {
  CompanyPublic,
  CompanyRequest,
  FollowerPage,
  FollowingPage,
  FollowPageRequest,
  FollowState,
  MemberPage,
  MemberPaginate,
  MemberRate,
  MemberRatings,
  Rated,
  RateableList,
  RateableRequest,
  ReviewPage,
} from '@diamond/contracts/http/members'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { MemberService } from './members.service'

const tags = ['members']
const member = { member: true }

export default defineRoutes(function memberRoutes(app, { members }: { members: MemberService }) {
  app.post(
    '/member/paginate',
    { config: member, schema: { tags, body: MemberPaginate, response: { 200: Envelope(MemberPage) } } },
    async (req) => ok(await members.paginate(principal(req), req.body)),
  )

  app.post(
    '/member/view',
    { config: member, schema: { tags, body: CompanyRequest, response: { 200: Envelope(CompanyPublic) } } },
    async (req) => ok(await members.view(principal(req), req.body.companyId)),
  )

  app.post(
    '/member/follow',
    { config: member, schema: { tags, body: CompanyRequest, response: { 200: Envelope(FollowState) } } },
    async (req) => ok(await members.follow(principal(req), req.body.companyId), 'Following.'),
  )

  app.post(
    '/member/unfollow',
    { config: member, schema: { tags, body: CompanyRequest, response: { 200: Envelope(FollowState) } } },
    async (req) => ok(await members.unfollow(principal(req), req.body.companyId), 'Unfollowed.'),
  )

  app.post(
    '/member/followers',
    { config: member, schema: { tags, body: FollowPageRequest, response: { 200: Envelope(FollowerPage) } } },
    async (req) => ok(await members.followers(principal(req), req.body)),
  )

  app.post(
    '/member/following',
    { config: member, schema: { tags, body: FollowPageRequest, response: { 200: Envelope(FollowingPage) } } },
    async (req) => ok(await members.following(principal(req), req.body)),
  )

  app.post(
    '/member/rate',
    { config: member, schema: { tags, body: MemberRate, response: { 200: Envelope(Rated) } } },
    async (req) => ok(await members.rate(principal(req), req.body), 'Thank you for your rating.'),
  )

  app.post(
    '/member/ratings',
    { config: member, schema: { tags, body: MemberRatings, response: { 200: Envelope(ReviewPage) } } },
    async (req) => ok(await members.ratings(principal(req), req.body)),
  )

  app.post(
    '/member/rateable',
    { config: member, schema: { tags, body: RateableRequest, response: { 200: Envelope(RateableList) } } },
    async (req) => ok(await members.rateable(principal(req), req.body.orderIds)),
  )
})
