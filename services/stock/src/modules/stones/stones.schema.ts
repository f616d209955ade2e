import { bigint, boolean, integer, numeric, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { stock } from '../../pg-schema'

const tz = { withTimezone: true } as const
/** A grading measure (percent, degrees): numeric(5, 2), 0 when not given (shown as a dash). */
const measure = (name: string) => numeric(name, { precision: 5, scale: 2 }).notNull().default('0')
/** A grading name: '' when not given (shown as a dash). */
const grade = (name: string) => text(name).notNull().default('')

/**
 * The stones, with the spec's row fields (migrations 0001, 0002, 0009) and their seller's listing (0011). Money is integer cents;
 * carat, discount and measures are numeric (strings in TypeScript, exact).
 */
export const stones = stock.table('stones', {
  id: uuid('id').primaryKey(),
  vStnId: text('v_stn_id').notNull().unique(),
  stoneId: text('stone_id').notNull(),
  certNo: grade('cert_no'),
  shape: text('shape').notNull(),
  shapeFull: grade('shape_full'),
  carat: numeric('carat', { precision: 6, scale: 2 }).notNull(),
  color: text('color').notNull(),
  isFancy: boolean('is_fancy').notNull().default(false),
  fancyColor: grade('fancy_color'),
  fancyIntensity: grade('fancy_intensity'),
  fancyOvertone: grade('fancy_overtone'),
  fancyDesc: grade('fancy_desc'),
  clarity: text('clarity').notNull(),
  cut: text('cut').notNull(),
  polish: text('polish').notNull(),
  symmetry: text('symmetry').notNull(),
  fluorescence: text('fluorescence').notNull(),
  lab: text('lab').notNull(),
  location: text('location').notNull(),
  shade: text('shade').notNull(),
  rapCents: bigint('rap_cents', { mode: 'number' }).notNull(),
  back: numeric('back', { precision: 5, scale: 2 }).notNull(),
  amtCents: bigint('amt_cents', { mode: 'number' }).notNull(),
  ctprCents: bigint('ctpr_cents', { mode: 'number' }).notNull(),
  depPer: measure('dep_per'),
  tblPer: measure('tbl_per'),
  ratio: measure('ratio'),
  pAng: measure('p_ang'),
  pHgt: measure('p_hgt'),
  cHgt: measure('c_hgt'),
  cAng: measure('c_ang'),
  height: numeric('height', { precision: 6, scale: 2 }).notNull().default('0'),
  width: numeric('width', { precision: 6, scale: 2 }).notNull().default('0'),
  length: numeric('length', { precision: 6, scale: 2 }).notNull().default('0'),
  grdlPer: measure('grdl_per'),
  strLn: measure('str_ln'),
  lwrHal: measure('lwr_hal'),
  girdle: grade('girdle'),
  girdleStr: grade('girdle_str'),
  girdleCond: grade('girdle_cond'),
  culet: grade('culet'),
  culetCond: grade('culet_cond'),
  brilliancy: grade('brilliancy'),
  blackTable: grade('black_table'),
  blackSide: grade('black_side'),
  whiteTable: grade('white_table'),
  whiteSide: grade('white_side'),
  openTable: grade('open_table'),
  openCrown: grade('open_crown'),
  openPavilion: grade('open_pavilion'),
  eyeClean: grade('eye_clean'),
  milky: grade('milky'),
  heartArrow: grade('heart_arrow'),
  keyToSymbol: grade('key_to_symbol'),
  seller: grade('seller'),
  pairNo: grade('pair_no'),
  showName: grade('show_name'),
  isXray: boolean('is_xray').notNull().default(false),
  isType2: boolean('is_type2').notNull().default(false),
  isSeal: boolean('is_seal').notNull().default(false),
  isDor: boolean('is_dor').notNull().default(false),
  /** A available, H held, M memo, C confirmed, B up for bid, …: who may take the stone. */
  wSts: text('w_sts').notNull().default('A'),
  /** Y while the stone is blocked for someone. */
  sSts: text('s_sts').notNull().default('N'),
  webSts: text('web_sts').notNull().default('A'),
  sgiSts: grade('sgi_sts'),
  initSts: grade('init_sts'),
  sStsDesc: grade('s_sts_desc'),
  inOrder: boolean('in_order').notNull().default(false),
  categories: smallint('categories').array().notNull().default([]),
  pcs: integer('pcs').notNull().default(1),
  arrivedAt: timestamp('arrived_at', tz).notNull().defaultNow(),
  /** The running auction lot the stone is in (bidding's lot opened, until it closed). */
  bidLotId: uuid('bid_lot_id'),
  /** Bumped by every change of status or price: the index and the grids keep the newest. */
  statusVersion: integer('status_version').notNull().default(0),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  /** The seller's company (auth's id, signed into its members' tokens); null for the house's own stock. */
  sellerCompanyId: uuid('seller_company_id'),
  /** A seller's listing leaves live stock at this time unless refreshed; null: never (house stock). */
  listedUntil: timestamp('listed_until', tz),
  /** Who last listed or refreshed it: told a day before the listing runs out. */
  listedBy: uuid('listed_by'),
  /** When that was told (once per listing period). */
  expiryToldAt: timestamp('expiry_told_at', tz),
  treatment: grade('treatment'),
  origin: grade('origin'),
  growthType: grade('growth_type'),
  comments: grade('comments'),
  imageUrl: grade('image_url'),
  videoUrl: grade('video_url'),
  certificateUrl: grade('certificate_url'),
})
export type Stone = typeof stones.$inferSelect
export type NewStone = typeof stones.$inferInsert

/** At most one hold per stone: the primary key is the last line of defence behind the conditional update. */
export const holds = stock.table('holds', {
  stoneId: uuid('stone_id')
    .primaryKey()
    .references(() => stones.id),
  holderId: uuid('holder_id').notNull(),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', tz).notNull(),
})
export type Hold = typeof holds.$inferSelect
