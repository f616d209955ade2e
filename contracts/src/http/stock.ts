import { Type, type Static, type TSchema } from 'typebox'
import { literals, Uuid, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../common'
import { Availability } from '../events/stock'
import { MASTERS } from '../masters'
import type { FACETS } from './stock.values'
import { PAIR_LIMITS } from './user-settings.values'
import {
  BOOL_FILTERS,
  ENUM_FILTERS,
  LIST_FILTERS,
  LIST_TYPES,
  MAX_CARAT_RANGES,
  MAX_LIST_FILTER,
  RANGE_FILTERS,
  SORTABLE,
} from './stock.values'

const Price = Type.Optional(Type.Number())
const Name = Type.String()
const Measure = Type.Number()

/**
 * A stone row with the spec's field names (section 3). Money in dollars with cents. The price
 * fields (rap, back, amt = price per carat, ctPr = amount, fnDis, fnAmt, fnCtpr, rapAvg) are left
 * out entirely for users whose settings hide prices. A missing grading value is '' and a missing
 * measure 0 (both shown as a dash, section 4).
 */
export const StoneRow = Type.Object({
  id: Uuid,
  vStnId: Type.String(),
  stoneId: Type.String(),
  certNo: Type.String(),
  shpNm: Name,
  shpFullNm: Name,
  crt: Measure,
  /** Stones in the lot: more than 1 for a parcel, whose carat is the lot's weight. */
  pcs: Type.Integer(),
  colNm: Name,
  isFcCol: Type.Boolean(),
  fcColNm: Name,
  fcIntNm: Name,
  fcOvtNm: Name,
  fcColDesc: Name,
  clrNm: Name,
  cutNm: Name,
  polNm: Name,
  symNm: Name,
  fluNm: Name,
  lbNm: Name,
  locNm: Name,
  shdNm: Name,
  rap: Price,
  back: Price,
  amt: Price,
  ctPr: Price,
  rapAvg: Price,
  fnDis: Price,
  fnAmt: Price,
  fnCtpr: Price,
  depPer: Measure,
  tblPer: Measure,
  ratio: Measure,
  pAng: Measure,
  pHgt: Measure,
  cHgt: Measure,
  cAng: Measure,
  height: Measure,
  width: Measure,
  length: Measure,
  grdlPer: Measure,
  strLn: Measure,
  lwrHal: Measure,
  girdleNm: Name,
  girdleStr: Name,
  grdlCondNm: Name,
  cultNm: Name,
  cultCondNm: Name,
  brlncyNm: Name,
  blkTblNm: Name,
  blkSdNm: Name,
  wTblNm: Name,
  wSdNm: Name,
  opTblNm: Name,
  opCrwnNm: Name,
  opPavNm: Name,
  eClnNm: Name,
  milkyNm: Name,
  hANm: Name,
  keyToSymbol: Name,
  sellerNm: Name,
  /** The seller's company (its articles are at /seller/{id}/articles); absent for the house's own stock. */
  sellerCompanyId: Type.Optional(Uuid),
  pairNo: Name,
  showNm: Name,
  isXray: Type.Boolean(),
  isType2: Type.Boolean(),
  isSeal: Type.Boolean(),
  isDor: Type.Boolean(),
  sSts: Type.String(),
  wSts: Type.String(),
  webSts: Type.String(),
  sgiSts: Type.String(),
  initSts: Type.String(),
  sStsDesc: Type.String(),
  availability: Availability,
  /** Section 4's derived flags. */
  sgiMemo: Type.Boolean(),
  sgiHold: Type.Boolean(),
  bestBuyMemo: Type.Boolean(),
  bestBuyHold: Type.Boolean(),
  /** Spec categories the stone is in (new 2, exclusive 11, best 12, …). */
  categories: Type.Array(Type.Integer()),
  arrivedAt: Type.String(),
  statusVersion: Type.Integer(),
  /** The caller holds this stone (so the screen can offer Release after a reload). */
  heldByMe: Type.Boolean(),
  /**
   * Issue 26: the viewer bought this stone, and how: 'auction' (won its lot: "Won by you") or
   * 'confirm' (confirmed it, or an accepted quote); absent otherwise.
   */
  boughtByMe: Type.Optional(Type.Union([Type.Literal('auction'), Type.Literal('confirm')])),
})
export type StoneRow = Static<typeof StoneRow>

const Range = Type.Object(
  { from: Type.Optional(Type.Number()), to: Type.Optional(Type.Number()) },
  { additionalProperties: false },
)
export type Range = Static<typeof Range>

const short = Type.String({ minLength: 1, maxLength: 60 })
const props: Record<string, TSchema> = {}
for (const k of ENUM_FILTERS) props[k] = Type.Optional(Type.Array(short, { maxItems: 100 }))
for (const k of RANGE_FILTERS) props[k] = Type.Optional(Range)
// Carat also takes several ranges at once (trade searches ask for 0.30-0.39 and 0.50-0.59).
props.crt = Type.Optional(Type.Union([Range, Type.Array(Range, { minItems: 1, maxItems: MAX_CARAT_RANGES })]))
for (const k of BOOL_FILTERS) props[k] = Type.Optional(Type.Boolean())
for (const k of LIST_FILTERS) props[k] = Type.Optional(Type.Array(short, { maxItems: MAX_LIST_FILTER }))
props.ids = Type.Optional(Type.Array(Uuid, { maxItems: MAX_LIST_FILTER }))

/**
 * Every filter key of the spec's list (section 3). Unknown keys are refused; an inverted range
 * (from above to) is refused by the service with the field named.
 */
export const StoneFilter = Type.Object(props, { additionalProperties: false })
export type StoneFilter = {
  [K in (typeof ENUM_FILTERS)[number]]?: string[]
} & {
  [K in Exclude<(typeof RANGE_FILTERS)[number], 'crt'>]?: Range
} & { crt?: Range | Range[] } & {
  [K in (typeof BOOL_FILTERS)[number]]?: boolean
} & {
  [K in (typeof LIST_FILTERS)[number]]?: string[]
}

export const SortKey = Type.Object(
  { field: literals(SORTABLE), dir: Type.Optional(literals(['asc', 'desc'] as const)) },
  { additionalProperties: false },
)
export type SortKey = Static<typeof SortKey>

/**
 * `diamond/paginate` and `diamond/exclusive-search/list`: a filtered, sorted page of stock with
 * totals and facet counts over the whole result. `listType` picks one of the stock pages.
 * `countOnly` answers the count (and facets) without rows or the result limit: the search form
 * uses it to show how many stones a search will find.
 */
export const StoneSearch = Type.Object(
  {
    filter: Type.Optional(StoneFilter),
    listType: Type.Optional(literals(LIST_TYPES)),
    sort: Type.Optional(Type.Array(SortKey, { maxItems: 3 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
    facets: Type.Optional(Type.Boolean()),
    countOnly: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type StoneSearch = Static<typeof StoneSearch>

export const Totals = Type.Object({
  count: Type.Integer(),
  crt: Type.Number(),
  ctPr: Price,
  amt: Price,
  rap: Price,
  back: Price,
  fnCtpr: Price,
  fnAmt: Price,
})
export type Totals = Static<typeof Totals>

export const FacetCounts = Type.Record(Type.String(), Type.Record(Type.String(), Type.Integer()))
export type FacetCounts = Partial<Record<(typeof FACETS)[number], Record<string, number>>>

export const StonePage = Type.Object({
  list: Type.Array(StoneRow),
  count: Type.Integer(),
  totals: Type.Optional(Totals),
  facets: Type.Optional(FacetCounts),
  /** The result limit in force (a search finding more answers E_SEARCH_LIMIT); not the page size. */
  resultLimit: Type.Integer(),
})
export type StonePage = Omit<Static<typeof StonePage>, 'facets'> & { facets?: FacetCounts }

/** `diamond/quick-search`: stone numbers, report numbers or words like "1.01 round G VS1". */
export const QuickSearch = Type.Object(
  {
    search: Type.String({ minLength: 1, maxLength: 4000 }),
    sort: Type.Optional(Type.Array(SortKey, { maxItems: 3 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
  },
  { additionalProperties: false },
)
export type QuickSearch = Static<typeof QuickSearch>
/** The quick search also says how it read the words, so the screen can show it. */
export const QuickSearchResult = Type.Object({ ...StonePage.properties, filter: StoneFilter })
export type QuickSearchResult = StonePage & { filter: StoneFilter }

/** `match-pair/diamond/filter`: pairs both of whose stones pass the filter. */
/**
 * How alike the stones of a pair must be (a member's match pair settings): carat difference in
 * percent of the smaller stone, colour and clarity grades apart, and whether both come from one lab.
 */
export const PairTolerance = Type.Object(
  {
    caratDiffPct: Type.Number({ minimum: 0, maximum: PAIR_LIMITS.caratDiffPct }),
    colorSteps: Type.Integer({ minimum: 0, maximum: PAIR_LIMITS.colorSteps }),
    claritySteps: Type.Integer({ minimum: 0, maximum: PAIR_LIMITS.claritySteps }),
    sameLab: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type PairTolerance = Static<typeof PairTolerance>

export const MatchPairSearch = Type.Object(
  {
    filter: Type.Optional(StoneFilter),
    /** Only pairs whose stones are this alike (none: every pair, as before). */
    tolerance: Type.Optional(PairTolerance),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  },
  { additionalProperties: false },
)
export type MatchPairSearch = Static<typeof MatchPairSearch>
export const MatchPair = Type.Object({ pairNo: Type.String(), stones: Type.Array(StoneRow) })
export const MatchPairPage = Type.Object({
  list: Type.Array(MatchPair),
  count: Type.Integer(),
  totals: Type.Optional(Totals),
})
export type MatchPairPage = Static<typeof MatchPairPage>

/** `diamond/view`: one stone, by id or stone number (shared links use either), with its media links and the lab's verification link. */
export const ViewStone = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' }) },
  { additionalProperties: false },
)
export type ViewStone = Static<typeof ViewStone>
export const StoneMedia = Type.Object({
  image: Type.String(),
  video: Type.String(),
  certificate: Type.String(),
  plotting: Type.String(),
  xray: Type.String(),
  /** The lab's report check page for this report number ('' without a lab report). */
  labVerify: Type.String(),
})
export type StoneMedia = Static<typeof StoneMedia>
export const StoneDetail = Type.Object({ ...StoneRow.properties, media: StoneMedia })
export type StoneDetail = Static<typeof StoneDetail>

/** Saved (1, with a title) and recent (2) searches of the caller. */
export const SearchUpsert = Type.Object(
  {
    id: Type.Optional(Uuid),
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    searchType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
    filter: StoneFilter,
  },
  { additionalProperties: false },
)
export type SearchUpsert = Static<typeof SearchUpsert>
export const SavedSearch = Type.Object({
  id: Uuid,
  title: Type.String(),
  searchType: Type.Integer(),
  filter: StoneFilter,
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** Stones the search finds now. */
  count: Type.Integer(),
})
export type SavedSearch = Omit<Static<typeof SavedSearch>, 'filter'> & { filter: StoneFilter }
export const SearchList = Type.Object(
  {
    searchType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  },
  { additionalProperties: false },
)
export type SearchList = Static<typeof SearchList>
export const SearchListPage = Type.Object({ list: Type.Array(SavedSearch), count: Type.Integer() })
export type SearchListPage = { list: SavedSearch[]; count: number }
export const SearchById = Type.Object({ id: Uuid }, { additionalProperties: false })
export type SearchById = Static<typeof SearchById>

/** `rap-price/paginate`: the Rap list (a generated one; the real list is licensed). */
export const RapPriceRequest = Type.Object(
  {
    shape: Type.Optional(literals(['ROUND', 'PEAR'] as const)),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
  },
  { additionalProperties: false },
)
export type RapPriceRequest = Static<typeof RapPriceRequest>
export const RapPrice = Type.Object({
  shape: Type.String(),
  fromCrt: Type.Number(),
  toCrt: Type.Number(),
  colNm: Type.String(),
  clrNm: Type.String(),
  /** Dollars per carat. */
  price: Type.Number(),
})
export const RapPricePage = Type.Object({ list: Type.Array(RapPrice), count: Type.Integer(), date: Type.String() })
export type RapPricePage = Static<typeof RapPricePage>

export const HoldRequest = Type.Object(
  { id: Uuid },
  { additionalProperties: false, examples: [{ id: '0b5f3c2e-8d1a-4f6b-9c7e-2a4d6e8f0a1b' }] },
)
export type HoldRequest = Static<typeof HoldRequest>

/** A stone's status after the caller's hold or release; statusVersion orders it against pushes. */
export const StatusResult = Type.Object({
  id: Uuid,
  vStnId: Type.String(),
  wSts: Type.String(),
  availability: Availability,
  statusVersion: Type.Integer(),
})
export type StatusResult = Static<typeof StatusResult>

export const HoldResult = Type.Object({ ...StatusResult.properties, expiresAt: Type.String() })
export type HoldResult = Static<typeof HoldResult>

/** Staff changes of a stone's web status (memo, back to stock, …) and price. */
export const StatusUpdate = Type.Object(
  { id: Uuid, wSts: literals(['A', 'M', 'U', 'S', 'O', 'E', 'B', 'C', 'X'] as const) },
  { additionalProperties: false },
)
export type StatusUpdate = Static<typeof StatusUpdate>
export const PriceUpdate = Type.Object(
  { id: Uuid, back: Type.Number({ minimum: -99.99, maximum: 100 }) },
  { additionalProperties: false },
)
export type PriceUpdate = Static<typeof PriceUpdate>

const grade = <K extends keyof typeof MASTERS>(k: K) => literals(MASTERS[k])
/**
 * Staff: a new stone into stock (a new arrival). The Rap price comes from the list; price per carat
 * and amount follow from the discount. Sellers' file and FTP uploads come later and use the same rules.
 */
export const StoneCreate = Type.Object(
  {
    stoneId: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' }),
    certNo: Type.Optional(Type.String({ maxLength: 20, pattern: '^[A-Za-z0-9-]*$' })),
    shpNm: grade('SHAPE'),
    crt: Type.Number({ minimum: 0.01, maximum: 99.99 }),
    colNm: grade('COLOR'),
    clrNm: grade('CLARITY'),
    cutNm: grade('CUT'),
    polNm: grade('POLISH'),
    symNm: grade('SYMMETRY'),
    fluNm: grade('FLUORESCENCE'),
    lbNm: grade('LAB'),
    locNm: grade('LOCATION'),
    shdNm: Type.Optional(grade('SHADE')),
    back: Type.Number({ minimum: -99.99, maximum: 100 }),
    length: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    width: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    height: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    depPer: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    tblPer: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  },
  { additionalProperties: false },
)
export type StoneCreate = Static<typeof StoneCreate>
