import { Type, type Static } from 'typebox'
import { Uuid } from '../common'

/**
 * Members (issue 25): who follows whom, and a seller's listings going live, as events, so the
 * notifications service (followers' notices) and stock (the personal dashboard's "new from sellers I
 * follow") keep their own projections and never read another service's tables.
 */
export const MemberEventTypes = {
  /** A user started (`following` true) or stopped following a company (topic `auth.member`, keyed by company id). */
  followChanged: 'auth.member.follow-changed',
  /** A buyer rated a seller after an order (topic `auth.member`, keyed by the seller's company id). */
  rated: 'auth.member.rated',
  /**
   * Issue 26: what an invoice needs of a user changed (name, company, billing address), keyed by user
   * id (topic `auth.member`): stock keeps its own copy for orders and invoices.
   */
  profileChanged: 'auth.member.profile-changed',
} as const

export const ProfileChanged = Type.Object(
  {
    userId: Uuid,
    username: Type.String({ maxLength: 200 }),
    companyName: Type.String({ maxLength: 200 }),
    /** The billing address as printed lines (null: no address on file). */
    billing: Type.Union([Type.Array(Type.String({ maxLength: 300 }), { maxItems: 8 }), Type.Null()]),
    /** Grows with every change of this user (newer wins: a replayed older event changes nothing). */
    version: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
)
export type ProfileChanged = Static<typeof ProfileChanged>

export const FollowChanged = Type.Object(
  { userId: Uuid, companyId: Uuid, following: Type.Boolean() },
  { additionalProperties: false },
)
export type FollowChanged = Static<typeof FollowChanged>

export const MemberRated = Type.Object(
  {
    companyId: Uuid,
    orderId: Uuid,
    raterUserId: Uuid,
    score: Type.Integer({ minimum: 1, maximum: 5 }),
    /** The company's average and count after this rating. */
    average: Type.Number({ minimum: 0, maximum: 5 }),
    count: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
)
export type MemberRated = Static<typeof MemberRated>

/**
 * A seller put new stones live in one go (topic `stock.listing`, keyed by the seller's company id):
 * one event per committed upload (file, FTP) or per auction opened, never one per stone, so a
 * follower gets one notice per upload.
 */
export const ListingEventTypes = {
  listed: 'stock.listing.listed',
} as const

export const StonesListed = Type.Object(
  {
    companyId: Uuid,
    /** The seller's company name as buyers see it. */
    companyName: Type.String({ maxLength: 200 }),
    /** What made them live: an upload (file or FTP) or an auction. */
    source: Type.Union([Type.Literal('upload'), Type.Literal('ftp'), Type.Literal('auction')]),
    /** The upload or auction id. */
    sourceId: Type.Union([Uuid, Type.Null()]),
    /** Stones newly live (added, or back from removed/expired). */
    count: Type.Integer({ minimum: 1 }),
    /** Up to 50 of them, for a notice's link and the dashboard. */
    stoneIds: Type.Array(Uuid, { maxItems: 50 }),
  },
  { additionalProperties: false },
)
export type StonesListed = Static<typeof StonesListed>
