/** Seller articles (issue 23): a seller's non-diamond goods, and the limits that bound them. */

/** What an article is: jewellery, a parcel of stones sold as one lot, or anything else a seller trades. */
export const ARTICLE_KINDS = ['jewellery', 'parcel', 'other'] as const
export type ArticleKind = (typeof ARTICLE_KINDS)[number]

/** Listed articles are shown to members; drafts only to their seller (and staff acting for it). */
export const ARTICLE_STATUSES = ['listed', 'draft'] as const
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number]

export const ARTICLE_NAME_MAX = 120
export const ARTICLE_DESCRIPTION_MAX = 2000
/** Prices in US dollars, above 0 and at most this, with at most 2 decimals. */
export const ARTICLE_PRICE_MAX = 100_000_000
/** Photos per article. */
export const ARTICLE_MAX_PHOTOS = 8
/** One photo (jpg or png) at most this large. */
export const ARTICLE_PHOTO_MAX_BYTES = 10 * 1024 * 1024
