/**
 * The seams of a seller's upload (issue 23): a file is read into rows of text (`inventory.read.ts`),
 * its headers are matched to stone fields (`inventory.mapping.ts`), each row becomes a draft stone or a
 * list of reasons (`inventory.rules.ts`), and the drafts are compared with the seller's stock and
 * committed (`inventory.service.ts`). Reading, mapping and the rules are pure and know no database.
 */

import { INVENTORY_MODES, type InventoryMode, type UploadField } from '@diamond/contracts/http/inventory.values'

export { UPLOAD_FIELDS, type UploadField } from '@diamond/contracts/http/inventory.values'
/** Add and update: omitted lots untouched. Replace all: omitted lots deleted (spec section 4). */
export const UPLOAD_MODES = INVENTORY_MODES
export type UploadMode = InventoryMode

/** A file's header (as written in the file, trimmed) → the field it fills, or null: "not mapped". */
export type Mapping = Record<string, UploadField | null>

/** One data row of a file: `row` is its 1-based row number in the file (the header row is row 1). */
export interface SheetRow {
  row: number
  cells: string[]
}

/**
 * A file read as text: its header row and its data rows, streamed (never the whole file in memory):
 * in the batches the reader made them (`batches`, what the preview takes: one await a batch), or one
 * by one (`rows`, the same rows). A caller iterates one of the two, once.
 */
export interface Sheet {
  headers: string[]
  batches: AsyncIterable<SheetRow[]>
  rows: AsyncIterable<SheetRow>
}

export interface ReadLimits {
  /** Bytes of the uploaded file. */
  maxBytes: number
  /** Data rows (the header row not counted). */
  maxRows: number
}

/**
 * A row that passed every check: the stone as the seller lists it. Master values are the portal's
 * (`MASTERS` in contracts); `back` is the discount against the Rap list in percent, negative below
 * it (price per carat = rap × (1 + back/100)); when the file gives a price per carat or a total instead,
 * the rules derive `back` from the Rap list. Empty optional text is ''.
 */
export interface StoneDraft {
  stoneId: string
  certNo: string
  shape: string
  carat: number
  color: string
  clarity: string
  cut: string
  polish: string
  symmetry: string
  fluorescence: string
  lab: string
  location: string
  shade: string
  back: number
  length: number
  width: number
  height: number
  depPer: number
  tblPer: number
  girdle: string
  culet: string
  /** 'NONE' when declared untreated; never empty (every treatment must be declared). */
  treatment: string
  origin: string
  /** 'NATURAL' (lab-grown rows are refused). */
  growthType: string
  keyToSymbol: string
  comments: string
  fancyColor: string
  fancyIntensity: string
  fancyOvertone: string
  eyeClean: string
  milky: string
  imageUrl: string
  videoUrl: string
  certificateUrl: string
  /**
   * The seller's own price per carat in cents, when the row gave a price (per carat or in total)
   * rather than a discount: listed as given. `back` is then derived from it, rounded to 0.01 %, for
   * the discount column only; priced from that rounded discount, 8,500 came back as 8,499.92.
   */
  pricePerCaratCents?: number
  /** The seller's own total in cents, when the row gave one: listed as given. */
  totalCents?: number
}

/**
 * Why a row is invalid, one code per reason, translated on screen (`upload.reason.<code>`):
 * `required.<field>`, `invalid.<field>` (not a number, not a master value), `range.<field>`,
 * `duplicate.stoneId` (the stock number appears earlier in the same file), and the listing rules
 * `rule.labGrown`, `rule.greenTint`, `rule.bannedOrigin`, `rule.treatmentUndeclared`,
 * `rule.falseTreatment`.
 */
export type ReasonCode = string

/** Trust signals shown beside a valid row, never a refusal: `flag.certListedElsewhere`. */
export type FlagCode = string

/** What the rules made of one row. */
export type RowOutcome =
  | { row: number; stockNo: string; ok: true; draft: StoneDraft; flags: FlagCode[] }
  | { row: number; stockNo: string; ok: false; reasons: ReasonCode[] }

export interface ListingPolicy {
  /** Origins refused (compared case-insensitively, by country name or ISO code). */
  bannedOrigins: readonly string[]
}
