import type { BannerPage, BannerPageRequest } from '@diamond/contracts/http/misc'
import { api } from '../../../lib/api'

/** Spec section 7: banner/paginate* with page 1, limit 100, filter bannerType 1 (the web portal). */
export const BANNER_REQUEST: BannerPageRequest = { page: 1, limit: 100, filter: { bannerType: 1 } }
export const fetchBanners = () => api<BannerPage>('banner/paginate', BANNER_REQUEST, { loader: true })
