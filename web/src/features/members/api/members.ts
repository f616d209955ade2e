import type {
  CompanyPublic,
  FollowerPage,
  FollowingPage,
  FollowState,
  MemberPage,
  MemberPaginate,
  MemberRate,
  Rated,
  RateableList,
  ReviewPage,
} from '@diamond/contracts/http/members'
import { api } from '../../../lib/api'

/** Issue 25: the member directory, company profiles, follow and ratings (the auth service's member/*). */
export const listMembers = (q: MemberPaginate) => api<MemberPage>('member/paginate', q)
export const viewCompany = (companyId: string) => api<CompanyPublic>('member/view', { companyId })
export const follow = (companyId: string) => api<FollowState>('member/follow', { companyId })
export const unfollow = (companyId: string) => api<FollowState>('member/unfollow', { companyId })
export const listFollowers = (page: number, limit: number) => api<FollowerPage>('member/followers', { page, limit })
export const listFollowing = (page: number, limit: number) => api<FollowingPage>('member/following', { page, limit })
export const rateSeller = (body: MemberRate) => api<Rated>('member/rate', body, { loader: true })
export const listReviews = (companyId: string, page: number, limit: number) =>
  api<ReviewPage>('member/ratings', { companyId, page, limit })
export const rateableOf = (orderIds: string[]) => api<RateableList>('member/rateable', { orderIds })
