import { MemberEventTypes, type FollowChanged, type MemberRated } from '@diamond/contracts/events/members'
import type { TradeEvent } from '@diamond/contracts/events/stock'
import type {
  CompanyPublic,
  FollowerPage,
  FollowingPage,
  FollowState,
  MemberCard,
  MemberPage,
  MemberPaginate,
  MemberRate,
  Rated,
  RateableList,
  ReviewPage,
} from '@diamond/contracts/http/members'
import { AppError, enqueue, newEvent, type Database, type Principal, type Tx } from '@diamond/runtime'
import { publicFacilities } from '../facilities/facilities.repository'
import { toPublic } from '../facilities/facilities.views'
import { invalidFields } from '@diamond/runtime/errors'
import * as repo from './members.repository'
import {
  canSeeCompany,
  contactsShown,
  containsPattern,
  decideRating,
  displayName,
  exactFilter,
  followRefusal,
  ratingSummary,
  sellersParam,
} from './members.rules'

const PRODUCER = 'auth'
const DEFAULT_LIMIT = 24

const toCard = (r: repo.CardRow, callerCompanyId: string | undefined): MemberCard => ({
  id: r.id,
  name: r.name,
  code: r.code,
  type: r.type ?? '',
  country: r.country,
  city: r.city,
  dealsIn: r.dealsIn,
  logoFileId: r.logoFileId,
  followers: r.followerCount,
  rating: ratingSummary(r.ratingSum, r.ratingCount),
  following: r.following,
  mine: r.id === callerCompanyId,
})

const pageOf = (q: { page?: number | undefined; limit?: number | undefined }) => ({
  page: q.page ?? 1,
  limit: q.limit ?? DEFAULT_LIMIT,
})

/**
 * A company hid itself from the directory, or showed itself again. Its follows stay (a display flag
 * is a reversible choice, and followers are a seller's relationships), but while it is hidden its
 * news is paused: each follow is announced as not followed downstream (notices, dashboards), and as
 * followed again once it shows itself. Called in the change's transaction, only when the flag moved.
 */
export async function announceVisibility(tx: Tx, companyId: string, shown: boolean): Promise<void> {
  const users = await repo.followerIds(tx, companyId)
  if (!users.length) return
  await enqueue(
    tx,
    PRODUCER,
    users.map((userId) =>
      newEvent<FollowChanged>(PRODUCER, MemberEventTypes.followChanged, companyId, {
        userId,
        companyId,
        following: shown,
      }),
    ),
  )
}

/** The member directory, company profiles, follow and ratings (issue 25). */
export class MemberService {
  constructor(private readonly database: Database) {}

  async paginate(who: Principal, q: MemberPaginate): Promise<MemberPage> {
    const { page, limit } = pageOf(q)
    const { rows, count } = await repo.directoryPage(
      this.database.sql,
      who.id,
      {
        pattern: containsPattern(q.search),
        country: exactFilter(q.country),
        businessType: exactFilter(q.businessType),
      },
      page,
      limit,
    )
    return { list: rows.map((r) => toCard(r, who.companyId)), count }
  }

  /** A shown company (or the caller's own) with its members; anyone else's hidden company is not found. */
  async view(who: Principal, companyId: string): Promise<CompanyPublic> {
    const sql = this.database.sql
    const c = await repo.companyProfile(sql, who.id, companyId)
    if (!c || !canSeeCompany(c, who.companyId)) throw new AppError('E_NOT_FOUND')
    const [members, facilities] = await Promise.all([repo.companyMembers(sql, c.id), publicFacilities(sql, c.id)])
    return {
      ...toCard(c, who.companyId),
      description: c.description,
      foundedYear: c.foundedYear,
      size: c.size ?? '',
      website: c.website,
      coverFileId: c.coverFileId,
      headquarters: c.headquarters,
      socialLinks: c.socialLinks,
      manufacturing: c.manufacturing,
      facilities: facilities.map(toPublic),
      locations: c.locations,
      isPublic: c.isPublic,
      members: members.map((m) => ({
        id: m.id,
        name: displayName(m),
        designation: m.designation,
        country: m.country ?? c.country,
        ...contactsShown(m, c.showContacts),
      })),
    }
  }

  /** Follows a shown company; following it again changes nothing. The event leaves with the change. */
  follow(who: Principal, companyId: string): Promise<FollowState> {
    return this.database.sql.begin(async (tx) => {
      const company = await repo.lockCompany(tx, companyId)
      const refusal = followRefusal(company, who.companyId)
      if (refusal) throw new AppError(refusal)
      if (!(await repo.insertFollow(tx, who.id, companyId)))
        return { companyId, following: true, followers: await repo.followerCount(tx, companyId) }
      const followers = await repo.addFollowers(tx, companyId, 1)
      await this.announce(tx, { userId: who.id, companyId, following: true })
      return { companyId, following: true, followers }
    })
  }

  /** Stops following; unfollowing a company one does not follow changes nothing (a missing one is not found). */
  unfollow(who: Principal, companyId: string): Promise<FollowState> {
    return this.database.sql.begin(async (tx) => {
      const company = await repo.lockCompany(tx, companyId)
      if (!company) throw new AppError('E_NOT_FOUND')
      if (!(await repo.deleteFollow(tx, who.id, companyId))) {
        if (!canSeeCompany(company, who.companyId)) throw new AppError('E_NOT_FOUND')
        return { companyId, following: false, followers: await repo.followerCount(tx, companyId) }
      }
      const followers = await repo.addFollowers(tx, companyId, -1)
      await this.announce(tx, { userId: who.id, companyId, following: false })
      return { companyId, following: false, followers }
    })
  }

  private async announce(tx: Tx, data: FollowChanged): Promise<void> {
    await enqueue(tx, PRODUCER, [
      newEvent<FollowChanged>(PRODUCER, MemberEventTypes.followChanged, data.companyId, data),
    ])
  }

  /** Who follows the caller's company. */
  async followers(who: Principal, q: { page?: number; limit?: number }): Promise<FollowerPage> {
    if (!who.companyId) return { list: [], count: 0 }
    const { page, limit } = pageOf(q)
    const { rows, count } = await repo.followersPage(this.database.sql, who.companyId, page, limit)
    return {
      list: rows.map((r) => ({
        userId: r.userId,
        name: displayName(r),
        companyId: r.companyId,
        companyName: r.companyName,
        since: r.since.toISOString(),
      })),
      count,
    }
  }

  /** The companies the caller follows; one hidden since is marked `hidden` (its news paused). */
  async following(who: Principal, q: { page?: number; limit?: number }): Promise<FollowingPage> {
    const { page, limit } = pageOf(q)
    const { rows, count } = await repo.followingPage(this.database.sql, who.id, page, limit)
    return {
      list: rows.map((r) => ({
        ...toCard(r, who.companyId),
        since: r.since.toISOString(),
        ...(r.isPublic || r.id === who.companyId ? {} : { hidden: true }),
      })),
      count,
    }
  }

  /** The buyer rates a seller of a delivered order of theirs, once; the rating event leaves with it. */
  rate(who: Principal, req: MemberRate): Promise<Rated> {
    return this.database.sql.begin(async (tx) => {
      const decision = decideRating(await repo.buyerOrder(tx, who.id, req.orderId), req.companyId, who.companyId)
      if (!decision.ok) {
        if (decision.field)
          throw invalidFields([{ field: decision.field, in: 'body', message: 'must name one of the order’s sellers' }])
        throw new AppError(decision.code)
      }
      const { companyId } = decision
      if (!(await repo.lockCompany(tx, companyId))) throw new AppError('E_NOT_FOUND')
      const stored = await repo.insertRating(tx, {
        orderId: req.orderId,
        companyId,
        raterId: who.id,
        score: req.score,
        comment: req.comment?.trim() ?? '',
      })
      if (!stored) throw new AppError('E_ALREADY_RATED')
      const total = await repo.addRating(tx, companyId, req.score)
      const rating = ratingSummary(total.sum, total.count)
      await enqueue(tx, PRODUCER, [
        newEvent<MemberRated>(PRODUCER, MemberEventTypes.rated, companyId, {
          companyId,
          orderId: req.orderId,
          raterUserId: who.id,
          score: req.score,
          average: rating.average,
          count: rating.count,
        }),
      ])
      return { companyId, orderId: req.orderId, score: req.score, rating }
    })
  }

  /** A shown company's reviews (the caller's own company's even when hidden). */
  async ratings(who: Principal, q: { companyId: string; page?: number; limit?: number }): Promise<ReviewPage> {
    const sql = this.database.sql
    const company = await repo.findCompanyVisibility(sql, q.companyId)
    if (!company || !canSeeCompany(company, who.companyId)) throw new AppError('E_NOT_FOUND')
    const { page, limit } = pageOf(q)
    const [{ rows, count }, total] = await Promise.all([
      repo.reviewsPage(sql, q.companyId, page, limit),
      repo.ratingOf(sql, q.companyId),
    ])
    return {
      list: rows.map((r) => ({
        score: r.score,
        comment: r.comment,
        raterName: r.firstName,
        raterCompany: r.companyName,
        createdAt: r.createdAt.toISOString(),
      })),
      count,
      rating: ratingSummary(total.sum, total.count),
    }
  }

  /** Of the caller's orders named, the delivered ones' sellers and whether each is rated yet. */
  async rateable(who: Principal, orderIds: string[]): Promise<RateableList> {
    const list = await repo.rateable(this.database.sql, who.id, orderIds)
    // Not the caller's own company (see decideRating).
    return { list: list.filter((r) => r.companyId !== who.companyId) }
  }

  /* ------------------------------------------------------------------ what auth learns of orders -- */

  /** stock.trade.order-placed: the order's sellers, to be rated once it is delivered. */
  async orderPlaced(tx: Tx, orderId: string, e: TradeEvent): Promise<void> {
    const buyerId = e.userIds[0]
    const orderNo = typeof e.params.orderNo === 'string' ? e.params.orderNo : ''
    if (!buyerId) return
    await repo.recordOrder(
      tx,
      sellersParam(e.params.sellers).map((companyId) => ({ orderId, companyId, buyerId, orderNo })),
    )
  }

  /** stock.trade.shipment-updated: a delivered order's sellers may be rated. */
  async shipmentUpdated(tx: Tx, orderId: string, e: TradeEvent): Promise<void> {
    if (e.params.status === 'delivered') await repo.markDelivered(tx, orderId)
  }
}
