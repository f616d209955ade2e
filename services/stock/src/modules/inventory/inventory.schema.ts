import type {
  FieldChange,
  InventoryMode,
  KeptReason,
  UploadReport,
  UploadRowKind,
  UploadStatus,
} from '@diamond/contracts/http/inventory'
import { jsonb } from '@diamond/runtime/columns'
import { bigint, boolean, integer, numeric, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { stock } from '../../pg-schema'
import type { Mapping } from './inventory.types'

const tz = { withTimezone: true } as const

/** Seller companies as stock knows them (demo seed, sellers' tokens): staff act for one by id. */
export const sellerCompanies = stock.table('seller_companies', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
})

/** One upload of a seller (migration 0011): a preview until committed or expired. */
export const uploads = stock.table('uploads', {
  id: uuid('id').primaryKey(),
  sellerCompanyId: uuid('seller_company_id').notNull(),
  userId: uuid('user_id').notNull(),
  mode: text('mode').$type<InventoryMode>().notNull(),
  fileName: text('file_name').notNull(),
  /** The uploaded file in the temporary folder, kept for a remap until commit or expiry ('' once gone). */
  filePath: text('file_path').notNull().default(''),
  status: text('status').$type<UploadStatus>().notNull(),
  mapping: jsonb('mapping').$type<Mapping>().notNull().default({}),
  report: jsonb('report')
    .$type<UploadReport>()
    .notNull()
    .default({} as UploadReport),
  durationMs: integer('duration_ms').notNull().default(0),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  committedAt: timestamp('committed_at', tz),
  expiresAt: timestamp('expires_at', tz).notNull(),
})
export type Upload = typeof uploads.$inferSelect

/**
 * The lines of a preview. The draft columns are the stones table's own (names and types), so a
 * commit inserts and updates straight from here.
 */
export const uploadRows = stock.table(
  'upload_rows',
  {
    /** The upload's id; no foreign key (migration 0020: a COPY of 100,000 lines checked each), deleted with it by deleteUpload and expirePreviews. */
    uploadId: uuid('upload_id').notNull(),
    /** The row in the file; negative for a stone the file leaves out. */
    seq: integer('seq').notNull(),
    kind: text('kind').$type<UploadRowKind>().notNull(),
    stockNo: text('stock_no').notNull().default(''),
    /** The stone in stock the line concerns. */
    stoneRef: uuid('stone_ref'),
    wouldBe: text('would_be').$type<'updated' | 'deleted'>(),
    keptReason: text('kept_reason').$type<KeptReason>(),
    reasons: text('reasons').array().notNull().default([]),
    flags: text('flags').array().notNull().default([]),
    changes: jsonb('changes').$type<FieldChange[]>(),
    pricePct: numeric('price_pct', { precision: 9, scale: 2, mode: 'number' }),
    certNo: text('cert_no'),
    shape: text('shape'),
    shapeFull: text('shape_full'),
    carat: numeric('carat', { precision: 6, scale: 2 }),
    color: text('color'),
    clarity: text('clarity'),
    cut: text('cut'),
    polish: text('polish'),
    symmetry: text('symmetry'),
    fluorescence: text('fluorescence'),
    lab: text('lab'),
    location: text('location'),
    shade: text('shade'),
    rapCents: bigint('rap_cents', { mode: 'number' }),
    back: numeric('back', { precision: 5, scale: 2 }),
    amtCents: bigint('amt_cents', { mode: 'number' }),
    ctprCents: bigint('ctpr_cents', { mode: 'number' }),
    length: numeric('length', { precision: 6, scale: 2 }),
    width: numeric('width', { precision: 6, scale: 2 }),
    height: numeric('height', { precision: 6, scale: 2 }),
    depPer: numeric('dep_per', { precision: 5, scale: 2 }),
    tblPer: numeric('tbl_per', { precision: 5, scale: 2 }),
    ratio: numeric('ratio', { precision: 5, scale: 2 }),
    girdle: text('girdle'),
    culet: text('culet'),
    treatment: text('treatment'),
    origin: text('origin'),
    growthType: text('growth_type'),
    keyToSymbol: text('key_to_symbol'),
    comments: text('comments'),
    isFancy: boolean('is_fancy'),
    fancyColor: text('fancy_color'),
    fancyIntensity: text('fancy_intensity'),
    fancyOvertone: text('fancy_overtone'),
    eyeClean: text('eye_clean'),
    milky: text('milky'),
    imageUrl: text('image_url'),
    videoUrl: text('video_url'),
    certificateUrl: text('certificate_url'),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.seq] })],
)
export type UploadRow = typeof uploadRows.$inferSelect

/** The column mapping a seller last used. */
export const sellerMappings = stock.table('seller_mappings', {
  sellerCompanyId: uuid('seller_company_id').primaryKey(),
  mapping: jsonb('mapping').$type<Mapping>().notNull(),
  updatedBy: uuid('updated_by').notNull(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
})
