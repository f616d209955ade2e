import { Type, type Static } from 'typebox'
import { literals, Uuid } from '../common'
import { FacilityPublic } from './facilities'

/**
 * Members (issue 25): the member directory, company and member profiles, follow, ratings. Served by
 * the auth service (companies and users are its tables) under the first path segment `member`.
 */

const Page = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 24 })),
}

/** `member/paginate`: companies that chose to be shown, searched and filtered. */
export const MemberPaginate = Type.Object(
  {
    /** Part of the name, city, country, business type or what the company deals in (any case). */
    search: Type.Optional(Type.String({ maxLength: 100 })),
    /** The company's country, exactly as listed (any case). */
    country: Type.Optional(Type.String({ maxLength: 80 })),
    /** The company's business type, e.g. 'Manufacturer' (any case). */
    businessType: Type.Optional(Type.String({ maxLength: 50 })),
    ...Page,
  },
  { additionalProperties: false, examples: [{ search: 'shah', page: 1, limit: 24 }] },
)
export type MemberPaginate = Static<typeof MemberPaginate>

export const RatingSummary = Type.Object({
  /** Mean score, 0 when there is none yet (two decimals). */
  average: Type.Number({ minimum: 0, maximum: 5 }),
  count: Type.Integer({ minimum: 0 }),
})
export type RatingSummary = Static<typeof RatingSummary>

/** A company as the directory lists it. */
export const MemberCard = Type.Object({
  id: Uuid,
  name: Type.String(),
  code: Type.String(),
  /** Business type ('' when not given). */
  type: Type.String(),
  country: Type.String(),
  city: Type.String(),
  dealsIn: Type.String(),
  logoFileId: Type.Union([Uuid, Type.Null()]),
  followers: Type.Integer({ minimum: 0 }),
  rating: RatingSummary,
  /** Whether the caller follows it. */
  following: Type.Boolean(),
  /** Whether it is the caller's own company. */
  mine: Type.Boolean(),
})
export type MemberCard = Static<typeof MemberCard>

export const MemberPage = Type.Object({ list: Type.Array(MemberCard), count: Type.Integer() })
export type MemberPage = Static<typeof MemberPage>

export const CompanyRequest = Type.Object({ companyId: Uuid }, { additionalProperties: false })
export type CompanyRequest = Static<typeof CompanyRequest>

export const SOCIAL_PLATFORMS = ['website', 'linkedin', 'facebook', 'instagram', 'x', 'youtube', 'wechat'] as const
export const SocialLink = Type.Object(
  {
    platform: literals(SOCIAL_PLATFORMS),
    url: Type.String({ minLength: 8, maxLength: 300, pattern: '^https://' }),
  },
  { additionalProperties: false },
)
export type SocialLink = Static<typeof SocialLink>

/** A member of a shown company, as other members see them: nothing private unless the company shows contacts. */
export const MemberProfile = Type.Object({
  id: Uuid,
  name: Type.String(),
  designation: Type.String(),
  country: Type.String(),
  /** Only when the company chose to show its members' contacts. */
  email: Type.Union([Type.String(), Type.Null()]),
  mobile: Type.Union([Type.String(), Type.Null()]),
})
export type MemberProfile = Static<typeof MemberProfile>

/** `member/view`: a shown company's profile (the caller's own company even when not shown). */
export const CompanyPublic = Type.Object({
  id: Uuid,
  name: Type.String(),
  code: Type.String(),
  type: Type.String(),
  description: Type.String(),
  foundedYear: Type.Union([Type.Integer(), Type.Null()]),
  size: Type.String(),
  website: Type.String(),
  logoFileId: Type.Union([Uuid, Type.Null()]),
  coverFileId: Type.Union([Uuid, Type.Null()]),
  headquarters: Type.String(),
  country: Type.String(),
  city: Type.String(),
  dealsIn: Type.String(),
  socialLinks: Type.Array(SocialLink),
  manufacturing: Type.String(),
  /** The company's public manufacturing facilities (My account → Manufacturing), by name. */
  facilities: Type.Array(FacilityPublic),
  locations: Type.Array(Type.String()),
  isPublic: Type.Boolean(),
  followers: Type.Integer({ minimum: 0 }),
  following: Type.Boolean(),
  mine: Type.Boolean(),
  rating: RatingSummary,
  members: Type.Array(MemberProfile),
})
export type CompanyPublic = Static<typeof CompanyPublic>

/** `member/follow`, `member/unfollow`: where the caller stands afterwards. */
export const FollowState = Type.Object({
  companyId: Uuid,
  following: Type.Boolean(),
  followers: Type.Integer({ minimum: 0 }),
})
export type FollowState = Static<typeof FollowState>

export const FollowPageRequest = Type.Object(Page, { additionalProperties: false })
export type FollowPageRequest = Static<typeof FollowPageRequest>

/** `member/followers`: who follows the caller's company. */
export const Follower = Type.Object({
  userId: Uuid,
  name: Type.String(),
  /** The follower's company, linked only when it is shown in the directory. */
  companyId: Type.Union([Uuid, Type.Null()]),
  companyName: Type.String(),
  since: Type.String(),
})
export type Follower = Static<typeof Follower>
export const FollowerPage = Type.Object({ list: Type.Array(Follower), count: Type.Integer() })
export type FollowerPage = Static<typeof FollowerPage>

/** `member/following`: the companies the caller follows. */
export const Followed = Type.Object({
  ...MemberCard.properties,
  since: Type.String(),
  /** The company has hidden itself from the directory since: no profile to open, its news paused; unfollow still works. */
  hidden: Type.Optional(Type.Boolean()),
})
export type Followed = Static<typeof Followed>
export const FollowingPage = Type.Object({ list: Type.Array(Followed), count: Type.Integer() })
export type FollowingPage = Static<typeof FollowingPage>

/**
 * `member/rate`: the buyer rates a seller of one of their completed (delivered) orders, once per
 * order and seller. `companyId` may be left out when the order had one seller.
 */
export const MemberRate = Type.Object(
  {
    orderId: Uuid,
    companyId: Type.Optional(Uuid),
    score: Type.Integer({ minimum: 1, maximum: 5 }),
    comment: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false, examples: [{ orderId: '00000000-0000-4000-8000-000000000000', score: 5 }] },
)
export type MemberRate = Static<typeof MemberRate>

export const Review = Type.Object({
  score: Type.Integer({ minimum: 1, maximum: 5 }),
  comment: Type.String(),
  /** The rater's first name and their company, as the directory would show them. */
  raterName: Type.String(),
  raterCompany: Type.String(),
  createdAt: Type.String(),
})
export type Review = Static<typeof Review>

export const Rated = Type.Object({ companyId: Uuid, orderId: Uuid, score: Type.Integer(), rating: RatingSummary })
export type Rated = Static<typeof Rated>

/** `member/ratings`: a shown company's reviews, newest first, with its summary. */
export const MemberRatings = Type.Object({ companyId: Uuid, ...Page }, { additionalProperties: false })
export type MemberRatings = Static<typeof MemberRatings>
export const ReviewPage = Type.Object({ list: Type.Array(Review), count: Type.Integer(), rating: RatingSummary })
export type ReviewPage = Static<typeof ReviewPage>

/** `member/rateable`: the caller's delivered orders and the sellers of each they may still rate. */
export const RateableRequest = Type.Object(
  { orderIds: Type.Array(Uuid, { maxItems: 250 }) },
  { additionalProperties: false },
)
export type RateableRequest = Static<typeof RateableRequest>
export const Rateable = Type.Object({
  orderId: Uuid,
  companyId: Uuid,
  companyName: Type.String(),
  /** The caller's score when already rated, else null. */
  score: Type.Union([Type.Integer(), Type.Null()]),
})
export const RateableList = Type.Object({ list: Type.Array(Rateable) })
export type RateableList = Static<typeof RateableList>
