/**
 * The spec's action lists (section 4) as plain values, so the web app can import them without the
 * schema library. A track is one user's stone in one of these lists.
 */
export const TRACK_TYPES = {
  cart: 1,
  watchlist: 2,
  request: 3,
  quote: 4,
  reminder: 5,
  enquiry: 6,
  shipment: 7,
  showSelect: 8,
  bidCart: 10,
  buyRequest: 11,
  comment: 99,
} as const
export type TrackTypeName = keyof typeof TRACK_TYPES
export type TrackType = (typeof TRACK_TYPES)[TrackTypeName]

/** At most this many stones in one add or remove (a selection). */
export const MAX_TRACK_STONES = 500

/** Spec section 9: the minimum ct/pr difference for quotes, in USD per carat. */
export const QUOTE_MIN_DIFF = 10

export const OFFER_STATUSES = ['open', 'accepted', 'rejected', 'expired'] as const
export type OfferStatus = (typeof OFFER_STATUSES)[number]
/** Whose answer an open offer waits for. */
export type OfferSide = 'buyer' | 'sales'
export const OFFER_ACTIONS = ['offer', 'counter', 'accept', 'reject', 'expire'] as const
export type OfferAction = (typeof OFFER_ACTIONS)[number]

/** Notice kinds the stock service sends (TradeEvent.kind); the web has a text per kind. */
export const TRADE_KINDS = {
  offerMade: 'offer.made',
  offerCountered: 'offer.countered',
  offerAccepted: 'offer.accepted',
  offerRejected: 'offer.rejected',
  offerExpired: 'offer.expired',
  reminderDue: 'reminder.due',
  stoneTaken: 'stone.taken',
  enquiryMade: 'enquiry.made',
  /** A new stone matches one of the buyer's demands (params: demandId, title, stoneId, vStnId). */
  demandMatched: 'demand.matched',
  /** A seller's listings run out within a day unless refreshed (params: count, expiresAt). */
  listingExpiring: 'listing.expiring',
  /** A seller's FTP files were uploaded and committed (params: files, added, updated, deleted, invalid, uploadId). */
  ftpFetched: 'ftp.fetched',
  /** A scheduled FTP fetch failed (params: error, host). */
  ftpFailed: 'ftp.failed',
} as const
