import {
  INVENTORY_MODES,
  UPLOAD_FIELDS,
  type InventoryMode,
  type UploadField,
} from '@diamond/contracts/http/inventory.values'
import { MASTERS, type MasterName } from '@diamond/contracts/masters'

/**
 * What the inventory screens decide without the server: field and reason names, the mapping's
 * state, file checks before sending, and the figures of the diff. Pure, so the unit tests read them.
 */

/** Add and update, or Replace all (spec section 4), and the stone fields a column can fill: the contract's. */
export const UPLOAD_MODES = INVENTORY_MODES
export type UploadMode = InventoryMode
export { UPLOAD_FIELDS, type UploadField }

/** A file header → the field it fills, or null ("not mapped"): contracts' ColumnMapping. */
export type Mapping = Readonly<Record<string, string | null>>

export const isUploadField = (v: unknown): v is UploadField =>
  typeof v === 'string' && (UPLOAD_FIELDS as readonly string[]).includes(v)

/**
 * Fields every row must fill, as the stock service's rules require them, and the treatment: without
 * its column every row is refused as undeclared (a price too: back, price per carat or total).
 */
export const REQUIRED_FIELDS: readonly UploadField[] = [
  'stoneId',
  'shape',
  'carat',
  'color',
  'clarity',
  'lab',
  'treatment',
]

/** Headers the seller still has to map: in the file's order. */
export const unmappedHeaders = (mapping: Mapping): string[] =>
  Object.entries(mapping)
    .filter(([, f]) => f === null)
    .map(([h]) => h)

/** Required fields no header fills: the upload cannot list a stone until they are mapped. */
export const missingRequired = (mapping: Mapping): UploadField[] => {
  const used = new Set<string | null>(Object.values(mapping))
  return REQUIRED_FIELDS.filter((f) => !used.has(f))
}

/** Fields filled by more than one header: the later one would overwrite the earlier, so the screen says so. */
export function duplicateFields(mapping: Mapping): string[] {
  const seen = new Map<string, number>()
  for (const f of Object.values(mapping)) if (f) seen.set(f, (seen.get(f) ?? 0) + 1)
  return [...seen].filter(([, n]) => n > 1).map(([f]) => f)
}

/** One header mapped to a field (or unmapped with null); every other header keeps its field. */
export const mapHeader = (mapping: Mapping, header: string, field: UploadField | null): Mapping => ({
  ...mapping,
  [header]: field,
})

/**
 * A reason code (`required.carat`, `rule.labGrown`, `duplicate.stoneId`, `flag.certListedElsewhere`)
 * as the i18n key and values that say it: field reasons name the field, in the reader's language.
 */
export function reasonKey(code: string): { key: string; field?: UploadField } {
  const [kind, rest] = [code.slice(0, code.indexOf('.')), code.slice(code.indexOf('.') + 1)]
  if ((kind === 'required' || kind === 'invalid' || kind === 'range') && isUploadField(rest))
    return { key: `inventory.reason.${kind}`, field: rest }
  if (kind === 'duplicate' && isUploadField(rest)) return { key: 'inventory.reason.duplicate', field: rest }
  if ((kind === 'rule' || kind === 'flag') && /^[a-zA-Z]+$/.test(rest))
    return { key: `inventory.reason.${kind}.${rest}` }
  return { key: 'inventory.reason.unknown' }
}

/** The file types a seller may upload (issue 23): Excel, CSV and delimited text. */
export const INVENTORY_EXTENSIONS = ['xlsx', 'xls', 'csv', 'txt'] as const
export const INVENTORY_ACCEPT = INVENTORY_EXTENSIONS.map((e) => `.${e}`).join(',')
/** Photos, videos, certificates and zips of them (issue 23). */
export const MEDIA_EXTENSIONS = ['jpg', 'jpeg', 'png', 'mp4', 'pdf', 'zip'] as const
export const MEDIA_ACCEPT = MEDIA_EXTENSIONS.map((e) => `.${e}`).join(',')

const extensionOf = (name: string) => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''

/** What the browser can tell before sending (the server reads the content and says more). */
export function inventoryFileProblem(file: { name: string; size: number }): 'type' | 'empty' | null {
  if (!(INVENTORY_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return 'type'
  if (file.size === 0) return 'empty'
  return null
}
export const isMediaFile = (file: { name: string; size: number }): boolean =>
  (MEDIA_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)) && file.size > 0

/** A price change in percent against the current price, one decimal; null when there was no price. */
export function priceChangePct(before: number | null | undefined, after: number | null | undefined): number | null {
  if (!before || after === null || after === undefined) return null
  return Math.round(((after - before) / before) * 1000) / 10
}

/** "+2.5 %", "−4.0 %", "0.0 %": the sign always shown, so a cut reads as one at a glance. */
export function fmtPct(pct: number): string {
  const abs = Math.abs(pct).toFixed(1)
  return pct > 0 ? `+${abs} %` : pct < 0 ? `\u2212${abs} %` : `${abs} %`
}

/** Duration of an upload, "850 ms", "12.4 s", "3 min 05 s". */
export function fmtDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const s = Math.round(ms / 1000)
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`
}

/** Bytes as a short size for the progress line. */
export function fmtBytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`
  return `${(n / 1024 / 1024).toFixed(1)} MB`
}

/** The diff's lists, in the order the screen shows them. */
export const DIFF_KINDS = ['added', 'updated', 'deleted', 'unchanged', 'kept', 'invalid'] as const
export type DiffKind = (typeof DIFF_KINDS)[number]

/** Replace all deletes stones: the commit asks first (spec section 5's confirm for deleting stones). */
export const commitNeedsConfirm = (mode: UploadMode, deleted: number): boolean => mode === 'replaceAll' && deleted > 0

/**
 * A seller's stone on the manage screen (the server decides it): listed (live), expiring (within a day
 * of the 7-day end), expired, held, on memo, sold (confirmed or ordered), in an auction.
 */
export const LISTING_STATUSES = ['listed', 'expiring', 'expired', 'held', 'memo', 'sold', 'auction'] as const
export type ListingStatus = (typeof LISTING_STATUSES)[number]
export const isListingStatus = (v: unknown): v is ListingStatus =>
  typeof v === 'string' && (LISTING_STATUSES as readonly string[]).includes(v)

/** The manage screen's tabs (spec section 2). */
export const MANAGE_TABS = ['diamonds', 'images', 'certificates'] as const
export type ManageTab = (typeof MANAGE_TABS)[number]

/** FTP schedules a seller picks from; "manual" runs only on demand. */
export const FTP_SCHEDULES = ['manual', 'hourly', 'every6h', 'daily'] as const
export type FtpSchedule = (typeof FTP_SCHEDULES)[number]

export interface FtpForm {
  host: string
  port: string
  user: string
  password: string
  folder: string
  pattern: string
  secure: boolean
  schedule: FtpSchedule
}

export type FtpField = 'host' | 'port' | 'user' | 'pattern'

/** The FTP request's checks (spec section 3 "FTP request (host, port)"): the field and its problem. */
export function ftpProblems(f: FtpForm): Partial<Record<FtpField, 'required' | 'invalid'>> {
  const out: Partial<Record<FtpField, 'required' | 'invalid'>> = {}
  const host = f.host.trim()
  if (!host) out.host = 'required'
  else if (!/^[A-Za-z0-9.-]+$/.test(host) || host.startsWith('.') || host.endsWith('.')) out.host = 'invalid'
  const port = f.port.trim()
  if (!port) out.port = 'required'
  else if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535) out.port = 'invalid'
  if (!f.user.trim()) out.user = 'required'
  if (f.pattern.trim().length > 200) out.pattern = 'invalid'
  return out
}

/**
 * The instructions' table: each field, the trade's column names the upload recognises (RapNet's
 * and Nivoda's, and the spec's own), and the values it takes (a master list, a number, or text).
 */
export interface FieldGuide {
  field: UploadField
  aliases: readonly string[]
  values: { master: MasterName } | { kind: 'number' | 'percent' | 'text' | 'url' | 'treatment' | 'growth' }
}

export const FIELD_GUIDE: readonly FieldGuide[] = [
  {
    field: 'stoneId',
    aliases: ['Stock #', 'Stock No', 'Stock Number', 'Lot #', 'Vendor Stock Number'],
    values: { kind: 'text' },
  },
  { field: 'certNo', aliases: ['Certificate #', 'Cert No', 'Report #', 'Lab Report No'], values: { kind: 'text' } },
  { field: 'shape', aliases: ['Shape', 'Shape Name', 'Shp'], values: { master: 'SHAPE' } },
  { field: 'carat', aliases: ['Weight', 'Carat', 'Carats', 'Size', 'Cts'], values: { kind: 'number' } },
  { field: 'color', aliases: ['Color', 'Colour'], values: { master: 'COLOR' } },
  { field: 'clarity', aliases: ['Clarity', 'Purity'], values: { master: 'CLARITY' } },
  { field: 'cut', aliases: ['Cut Grade', 'Cut'], values: { master: 'CUT' } },
  { field: 'polish', aliases: ['Polish', 'Pol'], values: { master: 'POLISH' } },
  { field: 'symmetry', aliases: ['Symmetry', 'Sym'], values: { master: 'SYMMETRY' } },
  {
    field: 'fluorescence',
    aliases: ['Fluorescence Intensity', 'Fluorescence', 'Fluor', 'Flour'],
    values: { master: 'FLUORESCENCE' },
  },
  { field: 'lab', aliases: ['Lab', 'Certificate Lab', 'Grading Lab'], values: { master: 'LAB' } },
  { field: 'location', aliases: ['Location', 'City', 'Country'], values: { master: 'LOCATION' } },
  { field: 'shade', aliases: ['Shade', 'Tinge', 'Tint'], values: { master: 'SHADE' } },
  { field: 'back', aliases: ['Rap %', 'Rap Discount', 'Discount %', 'Disc %'], values: { kind: 'percent' } },
  { field: 'pricePerCarat', aliases: ['Price/Ct', 'Price Per Carat', '$/Ct', 'PPC'], values: { kind: 'number' } },
  { field: 'totalPrice', aliases: ['Total Price', 'Total Amount', 'Total', 'Amount'], values: { kind: 'number' } },
  { field: 'length', aliases: ['Length', 'Measurements'], values: { kind: 'number' } },
  { field: 'width', aliases: ['Width'], values: { kind: 'number' } },
  { field: 'height', aliases: ['Height', 'Depth', 'Depth mm'], values: { kind: 'number' } },
  { field: 'depPer', aliases: ['Depth %', 'Depth Percent', 'Total Depth'], values: { kind: 'percent' } },
  { field: 'tblPer', aliases: ['Table %', 'Table Percent', 'Table'], values: { kind: 'percent' } },
  { field: 'girdle', aliases: ['Girdle', 'Girdle Thin', 'Girdle Description'], values: { master: 'GIRDLE' } },
  { field: 'culet', aliases: ['Culet', 'Culet Size'], values: { master: 'CULET' } },
  { field: 'treatment', aliases: ['Treatment', 'Treated', 'Enhancement'], values: { kind: 'treatment' } },
  { field: 'origin', aliases: ['Origin', 'Country of Origin', 'Mine of Origin'], values: { kind: 'text' } },
  {
    field: 'growthType',
    aliases: ['Growth Type', 'Diamond Type', 'Natural or Lab', 'Lab Grown'],
    values: { kind: 'growth' },
  },
  {
    field: 'keyToSymbol',
    aliases: ['Key to Symbols', 'Key To Symbol', 'KTS'],
    values: { master: 'KEY_TO_SYMBOL' },
  },
  { field: 'comments', aliases: ['Comments', 'Member Comments', 'Remarks', 'Notes'], values: { kind: 'text' } },
  { field: 'fancyColor', aliases: ['Fancy Color', 'Fancy Colour'], values: { master: 'FANCY_COLOR' } },
  { field: 'fancyIntensity', aliases: ['Fancy Color Intensity', 'Intensity'], values: { master: 'INTENSITY' } },
  { field: 'fancyOvertone', aliases: ['Fancy Color Overtone', 'Overtone'], values: { master: 'OVERTONE' } },
  { field: 'eyeClean', aliases: ['Eye Clean', 'EC'], values: { master: 'EYE_CLEAN' } },
  { field: 'milky', aliases: ['Milky', 'Milkiness'], values: { master: 'MILKY' } },
  { field: 'imageUrl', aliases: ['Image Link', 'Image URL', 'Diamond Image'], values: { kind: 'url' } },
  { field: 'videoUrl', aliases: ['Video Link', 'Video URL', '360 Video'], values: { kind: 'url' } },
  { field: 'certificateUrl', aliases: ['Certificate Link', 'Cert URL', 'Report Link'], values: { kind: 'url' } },
]

/** The values a master-list field accepts, as the instructions list them. */
export const masterValues = (name: MasterName): readonly string[] => MASTERS[name]

/** Whose stock an inventory call is about: a JSON body's or a multipart form's `sellerCompanyId`. */
export interface SellerScope {
  sellerCompanyId?: string
}

/**
 * What an inventory call names about the seller it acts for. A seller names nobody (the server takes
 * the token's company); operator staff name the seller they chose, and until they choose there is
 * nothing to call (null: the screens ask them to choose).
 */
export function sellerScope(staff: boolean, chosenId: string | null): SellerScope | null {
  if (!staff) return {}
  return chosenId ? { sellerCompanyId: chosenId } : null
}

/** The scope as multipart fields, to go before the file (the server reads fields as they stream in). */
export function scopeFields(scope: SellerScope | null): [name: string, value: string][] {
  return scope?.sellerCompanyId ? [['sellerCompanyId', scope.sellerCompanyId]] : []
}
