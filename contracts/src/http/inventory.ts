import { Type, type Static } from 'typebox'
import { literals, Uuid } from '../common'
import { INVENTORY_MODES } from './inventory.values'

/**
 * A seller's inventory (issue 23): uploads with a diff before commit, the saved column mapping, the
 * history, and the manage-diamonds calls. Sellers act on their own company's stock; operator staff
 * name the seller (`sellerCompanyId`).
 */

export { INVENTORY_MODES, type InventoryMode } from './inventory.values'

/** The largest upload the portal accepts at all (the stock service's limit may be lower, never higher). */
export const INVENTORY_FILE_MAX_BYTES = 200 * 1024 * 1024

export const UPLOAD_STATUSES = ['preview', 'committed', 'expired', 'failed'] as const
export type UploadStatus = (typeof UPLOAD_STATUSES)[number]

/** The lists of a preview: what the upload adds, changes, deletes, leaves, refuses and keeps. */
export const UPLOAD_ROW_KINDS = ['added', 'updated', 'deleted', 'unchanged', 'invalid', 'kept'] as const
export type UploadRowKind = (typeof UPLOAD_ROW_KINDS)[number]

/** Why a stone the upload would change or delete is kept as it is: someone is buying it. */
export const KEPT_REASONS = ['held', 'memo', 'confirmed', 'order', 'auction', 'sold', 'show'] as const
export type KeptReason = (typeof KEPT_REASONS)[number]

/** A file's header → the stone field it fills (a key of the upload's stone draft), or null: not mapped. */
export const ColumnMapping = Type.Record(
  Type.String({ maxLength: 200 }),
  Type.Union([Type.String({ maxLength: 40 }), Type.Null()]),
  {
    maxProperties: 500,
  },
)
export type ColumnMapping = Static<typeof ColumnMapping>

/** The spec's upload report (lots received, valid, invalid, added, updated, deleted, duration) and its unchanged and kept. */
export const UploadReport = Type.Object({
  received: Type.Integer(),
  valid: Type.Integer(),
  invalid: Type.Integer(),
  added: Type.Integer(),
  updated: Type.Integer(),
  deleted: Type.Integer(),
  unchanged: Type.Integer(),
  /** Stones the upload would change or delete but which are held, on memo, confirmed, in an order or in an auction. */
  kept: Type.Integer(),
  durationMs: Type.Integer(),
})
export type UploadReport = Static<typeof UploadReport>

export const InvalidRow = Type.Object({
  row: Type.Integer(),
  stockNo: Type.String(),
  reasons: Type.Array(Type.String()),
})
export type InvalidRow = Static<typeof InvalidRow>

/** The first page of invalid rows a preview answers with. */
export const UPLOAD_INVALID_PAGE = 100

/** `seller/inventory/upload`, `…/remap`, `…/commit`: the upload with its report. */
export const UploadView = Type.Object({
  id: Uuid,
  status: literals(UPLOAD_STATUSES),
  mode: literals(INVENTORY_MODES),
  fileName: Type.String(),
  sellerCompanyId: Uuid,
  mapping: ColumnMapping,
  report: UploadReport,
  invalid: Type.Array(InvalidRow),
  createdAt: Type.String(),
  committedAt: Type.Union([Type.String(), Type.Null()]),
  expiresAt: Type.String(),
})
export type UploadView = Static<typeof UploadView>

const SellerScope = { sellerCompanyId: Type.Optional(Uuid) }

export const UploadById = Type.Object({ id: Uuid }, { additionalProperties: false })
export type UploadById = Static<typeof UploadById>

export const UploadRemap = Type.Object({ id: Uuid, mapping: ColumnMapping }, { additionalProperties: false })
export type UploadRemap = Static<typeof UploadRemap>

export const UploadRowsRequest = Type.Object(
  {
    id: Uuid,
    kind: literals(UPLOAD_ROW_KINDS),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  },
  { additionalProperties: false },
)
export type UploadRowsRequest = Static<typeof UploadRowsRequest>

/** One field an update changes: the value now and the upload's. */
export const FieldChange = Type.Object({
  field: Type.String(),
  from: Type.Union([Type.String(), Type.Number()]),
  to: Type.Union([Type.String(), Type.Number()]),
})
export type FieldChange = Static<typeof FieldChange>

/** A line of one of a preview's lists. */
export const UploadRowView = Type.Object({
  /** The row in the file (1-based, the header is row 1); null for a stone the file leaves out. */
  row: Type.Union([Type.Integer(), Type.Null()]),
  stockNo: Type.String(),
  /** The stone in stock it concerns (updated, deleted, unchanged, kept). */
  stoneId: Type.Union([Uuid, Type.Null()]),
  vStnId: Type.Union([Type.String(), Type.Null()]),
  changes: Type.Array(FieldChange),
  /** Price per carat change against the current price, in percent (updated rows whose price moves). */
  pricePct: Type.Union([Type.Number(), Type.Null()]),
  reasons: Type.Array(Type.String()),
  flags: Type.Array(Type.String()),
  keptReason: Type.Union([literals(KEPT_REASONS), Type.Null()]),
  /** For kept rows: what the upload would have done. */
  wouldBe: Type.Union([Type.Literal('updated'), Type.Literal('deleted'), Type.Null()]),
  shape: Type.String(),
  carat: Type.Union([Type.Number(), Type.Null()]),
  color: Type.String(),
  clarity: Type.String(),
  back: Type.Union([Type.Number(), Type.Null()]),
  pricePerCarat: Type.Union([Type.Number(), Type.Null()]),
})
export type UploadRowView = Static<typeof UploadRowView>

export const UploadRowsPage = Type.Object({
  kind: literals(UPLOAD_ROW_KINDS),
  count: Type.Integer(),
  list: Type.Array(UploadRowView),
})
export type UploadRowsPage = Static<typeof UploadRowsPage>

/** `seller/inventory/mapping`: without `mapping`, the saved one; with it, saved for the seller. */
export const MappingRequest = Type.Object(
  { mapping: Type.Optional(ColumnMapping), ...SellerScope },
  { additionalProperties: false },
)
export type MappingRequest = Static<typeof MappingRequest>

export const MappingView = Type.Object({
  mapping: ColumnMapping,
  /** The fields a column can map to. */
  fields: Type.Array(Type.String()),
  updatedAt: Type.Union([Type.String(), Type.Null()]),
})
export type MappingView = Static<typeof MappingView>

export const UploadPaginate = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    ...SellerScope,
  },
  { additionalProperties: false },
)
export type UploadPaginate = Static<typeof UploadPaginate>

export const UploadSummary = Type.Object({
  id: Uuid,
  status: literals(UPLOAD_STATUSES),
  mode: literals(INVENTORY_MODES),
  fileName: Type.String(),
  sellerCompanyId: Uuid,
  sellerName: Type.String(),
  userId: Uuid,
  report: UploadReport,
  createdAt: Type.String(),
  committedAt: Type.Union([Type.String(), Type.Null()]),
})
export type UploadSummary = Static<typeof UploadSummary>

export const UploadPage = Type.Object({ list: Type.Array(UploadSummary), count: Type.Integer() })
export type UploadPage = Static<typeof UploadPage>

/** Manage diamonds: a seller's stone as its seller sees it. */
export const SELLER_STONE_STATUSES = ['listed', 'expiring', 'expired', 'held', 'memo', 'sold', 'auction'] as const
export type SellerStoneStatus = (typeof SELLER_STONE_STATUSES)[number]

export const SellerStone = Type.Object({
  id: Uuid,
  vStnId: Type.String(),
  stockNo: Type.String(),
  certNo: Type.String(),
  lab: Type.String(),
  shape: Type.String(),
  carat: Type.Number(),
  color: Type.String(),
  clarity: Type.String(),
  cut: Type.String(),
  polish: Type.String(),
  symmetry: Type.String(),
  fluorescence: Type.String(),
  back: Type.Number(),
  pricePerCarat: Type.Number(),
  amount: Type.Number(),
  wSts: Type.String(),
  status: literals(SELLER_STONE_STATUSES),
  listedUntil: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.String(),
})
export type SellerStone = Static<typeof SellerStone>

export const SellerStonePaginate = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
    status: Type.Optional(literals(SELLER_STONE_STATUSES)),
    /** A stock, stone or certificate number (starts with). */
    search: Type.Optional(Type.String({ maxLength: 60 })),
    ...SellerScope,
  },
  { additionalProperties: false },
)
export type SellerStonePaginate = Static<typeof SellerStonePaginate>

export const SellerStonePage = Type.Object({
  list: Type.Array(SellerStone),
  count: Type.Integer(),
  /** How many of the seller's stones are in each status. */
  counts: Type.Record(Type.String(), Type.Integer()),
})
export type SellerStonePage = Static<typeof SellerStonePage>

/** `seller/diamond/update`: one stone's fields as an upload's cells would give them (field → text). */
export const SellerStoneUpdate = Type.Object(
  {
    id: Uuid,
    values: Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 2000 }), { maxProperties: 60 }),
    ...SellerScope,
  },
  { additionalProperties: false },
)
export type SellerStoneUpdate = Static<typeof SellerStoneUpdate>

/** `seller/diamond/delete` and `…/refresh`: the stones named, or every stone of the seller. */
export const SellerStoneSelection = Type.Union([
  Type.Object(
    { ids: Type.Array(Uuid, { minItems: 1, maxItems: 10_000 }), ...SellerScope },
    { additionalProperties: false },
  ),
  Type.Object({ all: Type.Literal(true), ...SellerScope }, { additionalProperties: false }),
])
export type SellerStoneSelection = Static<typeof SellerStoneSelection>

export const KeptStone = Type.Object({ id: Uuid, vStnId: Type.String(), reason: literals(KEPT_REASONS) })

export const SellerStoneDeleted = Type.Object({ deleted: Type.Integer(), kept: Type.Array(KeptStone) })
export type SellerStoneDeleted = Static<typeof SellerStoneDeleted>

export const SellerStoneRefreshed = Type.Object({ refreshed: Type.Integer(), listedUntil: Type.String() })
export type SellerStoneRefreshed = Static<typeof SellerStoneRefreshed>

/** `seller/companies` (staff only): the seller companies stock knows, to pick one to act for. */
export const SellerCompanyPaginate = Type.Object(
  {
    /** Part of the company's name (any case). */
    search: Type.Optional(Type.String({ maxLength: 100 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  },
  { additionalProperties: false },
)
export type SellerCompanyPaginate = Static<typeof SellerCompanyPaginate>

export const SellerCompanyView = Type.Object({
  id: Uuid,
  name: Type.String(),
  /** Its stones buyers can find now (neither removed nor expired). */
  liveStones: Type.Integer(),
})
export type SellerCompanyView = Static<typeof SellerCompanyView>

export const SellerCompanyPage = Type.Object({ list: Type.Array(SellerCompanyView), count: Type.Integer() })
export type SellerCompanyPage = Static<typeof SellerCompanyPage>
