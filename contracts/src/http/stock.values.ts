/**
 * The stock search vocabulary as plain values (no TypeBox, so the web app can import it): which
 * filter keys exist and of what kind, the sortable columns, the facets, the stock pages. The
 * schemas in stock.ts and the stock service's engine are both built from these lists.
 */

/** Multi-select filters: the stone matches when its value is one of those asked for. */
export const ENUM_FILTERS = [
  'shpNm',
  'colNm',
  'clrNm',
  'cutNm',
  'polNm',
  'symNm',
  'fluNm',
  'shdNm',
  'lbNm',
  'locNm',
  // Fancy colour: colour, intensity, overtone.
  'fcColNm',
  'fcIntNm',
  'fcOvtNm',
  // Inclusions: black (natts) on table = centre, on side; white on table = centre, on side; open.
  'blkTblNm',
  'blkSdNm',
  'wTblNm',
  'wSdNm',
  'opTblNm',
  'opCrwnNm',
  'opPavNm',
  'eClnNm',
  'milkyNm',
  'hANm',
  'brlncyNm',
  // Girdle and culet, and their conditions.
  'girdleNm',
  'grdlCondNm',
  'cultNm',
  'cultCondNm',
  // Seller, trade show, availability.
  'sellerNm',
  'showNm',
  'availability',
] as const
export type EnumFilter = (typeof ENUM_FILTERS)[number]

/** Numeric range filters `{ from?, to? }`, both ends included. Prices are in dollars. */
export const RANGE_FILTERS = [
  'crt',
  'back',
  'amt',
  'ctPr',
  'rap',
  'depPer',
  'tblPer',
  'grdlPer',
  'pAng',
  'cAng',
  'cHgt',
  'pHgt',
  'ratio',
  'length',
  'width',
  'height',
  'diaMin',
  'diaMax',
  'strLn',
  'lwrHal',
] as const
export type RangeFilter = (typeof RANGE_FILTERS)[number]

/** The range filters over a price: refused (never silently ignored) for users who may not see prices. */
export const PRICE_FILTERS = ['back', 'amt', 'ctPr', 'rap'] as const satisfies readonly RangeFilter[]

/** Yes/no filters: true keeps only stones that have it, false only those that do not. */
export const BOOL_FILTERS = ['isFcCol', 'isXray', 'isType2', 'isSeal', 'isDor'] as const
export type BoolFilter = (typeof BOOL_FILTERS)[number]

/**
 * Lists of identifiers. `stoneIds` matches the stone number, the seller's stone number or the
 * report (certificate) number; `sellerStoneNo` the seller's number; `pairNo` the pair number;
 * `keyToSymbol` any stone whose key to symbols names one of them; `ids` stone ids (uuid);
 * `sellerCompanyId` the stones of these sellers' companies (a member profile's "listed stock").
 */
export const LIST_FILTERS = ['stoneIds', 'sellerStoneNo', 'pairNo', 'keyToSymbol', 'ids', 'sellerCompanyId'] as const
export type ListFilter = (typeof LIST_FILTERS)[number]

/** At most this many entries in one list filter (a pasted column of stone numbers). */
export const MAX_LIST_FILTER = 2000
/** At most this many carat ranges in one search (0.30-0.39 or 0.50-0.59 or …). */
export const MAX_CARAT_RANGES = 10

/** The spec's sortable result columns: Stone No, Shape, Carat, Rap.($), Amount, Price / Carat, Color, Clarity. */
export const SORTABLE = ['vStnId', 'shpNm', 'crt', 'rap', 'ctPr', 'amt', 'colNm', 'clrNm'] as const
export type SortField = (typeof SORTABLE)[number]
export const PRICE_SORTS = ['rap', 'ctPr', 'amt'] as const satisfies readonly SortField[]

/**
 * Counts by value for the main filters. Each group is counted without its own condition (the
 * stones that pass every other one), so picking one shape keeps the counts of the other shapes.
 */
export const FACETS = [
  'shpNm',
  'colNm',
  'clrNm',
  'cutNm',
  'polNm',
  'symNm',
  'fluNm',
  'lbNm',
  'locNm',
  'shdNm',
  'fcColNm',
  'fcIntNm',
  'fcOvtNm',
  'availability',
] as const
export type Facet = (typeof FACETS)[number]

/**
 * The stock pages of the portal, each a query over the stock (see the stock service's
 * categories rules): new arrivals, stone and deal of the day, exclusive, best, upcoming,
 * suggested, collection, fancy, match pair, parcel, non-certified.
 */
export const LIST_TYPES = [
  'all',
  'newArrival',
  'stoneOfDay',
  'dealOfDay',
  'exclusive',
  'best',
  'upcoming',
  'suggested',
  'collection',
  'fancy',
  'matchPair',
  'parcel',
  'nonCertified',
] as const
export type ListType = (typeof LIST_TYPES)[number]

/** Spec section 4: stone categories. */
export const STONE_CATEGORIES = {
  business: 1,
  new: 2,
  available: 3,
  inLab: 4,
  exclusive: 11,
  best: 12,
  stoneOfDay: 13,
  lucky: 14,
} as const

/** Saved searches have a title; recent ones are kept by the server, newest first. */
export const SEARCH_TYPES = { saved: 1, recent: 2 } as const
export const MAX_RECENT_SEARCHES = 20
export const MAX_SAVED_SEARCHES = 200

/** The default result limit of a search (configurable with STOCK_SEARCH_LIMIT). */
export const DEFAULT_SEARCH_LIMIT = 20_000
export const searchLimitMessage = (limit: number) => `Please narrow your search, as result is > ${limit} Diamonds`

/** Spec section 4: the lab name is replaced by the status description when sSts is C or the description is the lab result. */
export const LAB_RESULT_TEXT = 'Lab Result Awaited'
export function shownLab(row: { lbNm: string; sSts: string; sStsDesc: string }): string {
  return row.sSts === 'C' || row.sStsDesc === LAB_RESULT_TEXT ? row.sStsDesc : row.lbNm
}
