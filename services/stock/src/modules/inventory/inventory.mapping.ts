import { MASTERS, type MasterName } from '@diamond/contracts/masters'
import { UPLOAD_FIELDS, type Mapping, type UploadField } from './inventory.types'

/**
 * Column names as the trade writes them, per field, most specific first: RapNet's upload columns,
 * Nivoda's, the usual variants sellers type, and the portal's own field names (spec section 3). When
 * two columns of one file match the same field, the one matching an earlier alias takes it (a "City"
 * column beats a "Country" one for the location) and the other stays "not mapped".
 *
 * "Measurements" (6.45-6.48x3.99) maps to `length`: the rules read a length cell holding two or three
 * numbers as length, width and height, unless those have columns of their own.
 */
export const FIELD_ALIASES: Record<UploadField, readonly string[]> = {
  stoneId: [
    'Stock #',
    'Stock No',
    'Stock Number',
    'Stock ID',
    'Stock',
    'Lot #',
    'Lot No',
    'Lot Number',
    'Lot ID',
    'Stone ID',
    'Stone No',
    'Packet No',
    'Vendor Stock Number',
    'Supplier Stock #',
    'Reference',
    'Ref No',
    'SKU',
    'stoneId',
    'vStnId',
  ],
  certNo: [
    'Certificate #',
    'Certificate No',
    'Certificate Number',
    'Cert #',
    'Cert No',
    'Cert Number',
    'Report #',
    'Report No',
    'Report Number',
    'Lab Report No',
    'Certificate',
    'certNo',
  ],
  shape: ['Shape', 'Shape Name', 'Shp', 'shpNm'],
  carat: ['Weight', 'Carat', 'Carats', 'Carat Weight', 'Cts', 'Ct', 'Size', 'crt'],
  color: ['Color', 'Colour', 'Col', 'colNm'],
  clarity: ['Clarity', 'Purity', 'Clar', 'clrNm'],
  cut: ['Cut Grade', 'Cut', 'cutNm'],
  polish: ['Polish', 'Pol', 'polNm'],
  symmetry: ['Symmetry', 'Symm', 'Sym', 'symNm'],
  fluorescence: ['Fluorescence Intensity', 'Fluorescence', 'Fluor Intensity', 'Fluor', 'Flour', 'Fluo', 'Flr', 'fluNm'],
  lab: ['Lab', 'Laboratory', 'Grading Lab', 'Certificate Lab', 'Cert Lab', 'lbNm'],
  location: ['City', 'Location', 'Stone Location', 'Country', 'locNm'],
  shade: ['Shade', 'Tinge', 'Tint', 'shdNm'],
  back: ['Rap %', 'Rap Discount', 'Rap Disc', 'RapNet Discount %', 'Discount %', 'Discount', 'Disc %', 'Disc', 'back'],
  pricePerCarat: ['Price/Ct', 'Price Per Carat', 'Price/Carat', 'Price Per Ct', 'PPC', '$/Ct', 'Cash Price', 'amt'],
  totalPrice: ['Total Price', 'Total Amount', 'Total Value', 'Total', 'Amount', 'ctPr'],
  length: ['Length', 'Measurements', 'Measurement', 'Meas', 'Dimensions', 'length'],
  width: ['Width', 'width'],
  height: ['Height', 'Depth', 'Depth mm', 'height'],
  depPer: [
    'Depth %',
    'Depth Percent',
    'Depth Percentage',
    'Depth Pct',
    'Total Depth %',
    'Total Depth',
    'Dep %',
    'depPer',
  ],
  tblPer: ['Table %', 'Table Percent', 'Table Percentage', 'Table Pct', 'Table', 'Tbl %', 'tblPer'],
  girdle: ['Girdle', 'Girdle Thin', 'Girdle Description', 'Girdle Name', 'girdleStr', 'girdleNm'],
  culet: ['Culet', 'Culet Size', 'cultNm'],
  treatment: ['Treatment', 'Treatments', 'Treated', 'Enhancement', 'Enhancements'],
  origin: ['Country of Origin', 'Origin', 'Origin Country', 'Mine of Origin', 'Rough Origin', 'countryOfOrigin'],
  growthType: ['Growth Type', 'Diamond Type', 'Stone Type', 'Natural or Lab', 'Growth', 'Lab Grown', 'growthType'],
  keyToSymbol: ['Key To Symbols', 'Key To Symbol', 'Key Symbols', 'KTS', 'keyToSymbol'],
  comments: [
    'Member Comments',
    'Comments',
    'Comment',
    'Seller Comments',
    'Supplier Comments',
    'Remarks',
    'Remark',
    'Notes',
    'comments',
  ],
  fancyColor: ['Fancy Color', 'Fancy Colour', 'Fancy Color Dominant Color', 'FC Color', 'fcColNm'],
  fancyIntensity: ['Fancy Color Intensity', 'Fancy Intensity', 'Intensity', 'fcIntNm'],
  fancyOvertone: ['Fancy Color Overtone', 'Fancy Overtone', 'Overtone', 'fcOvtNm'],
  eyeClean: ['Eye Clean', 'EC', 'eClnNm'],
  milky: ['Milky', 'Milkiness', 'milkyNm'],
  imageUrl: ['Image Link', 'Diamond Image', 'Image URL', 'Image', 'Photo', 'Photo Link', 'Picture', 'imageUrl'],
  videoUrl: ['Video Link', 'Video URL', 'Video', '360 Video', '3D File', 'videoUrl'],
  certificateUrl: [
    'Certificate Link',
    'Cert URL',
    'Certificate URL',
    'Cert Link',
    'Certificate Filename',
    'Certificate Image',
    'Report Link',
    'certificateUrl',
  ],
}

/** A header reduced to what tells it apart: case, spaces and punctuation gone; `#` reads "no", `%` "pct", `$` "usd". */
export function headerKey(header: string): string {
  return header
    .toLowerCase()
    .replaceAll('#', 'no')
    .replaceAll('%', 'pct')
    .replaceAll('$', 'usd')
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .replace(/number$/, 'no')
}

/** key → [field, rank]; the rank orders aliases across fields (earlier in a field's list ranks higher). */
const ALIAS_INDEX: ReadonlyMap<string, readonly [UploadField, number]> = (() => {
  const index = new Map<string, readonly [UploadField, number]>()
  for (const field of UPLOAD_FIELDS)
    FIELD_ALIASES[field].forEach((alias, rank) => {
      const key = headerKey(alias)
      if (!index.has(key)) index.set(key, [field, rank])
    })
  return index
})()

const isField = (v: unknown): v is UploadField => (UPLOAD_FIELDS as readonly unknown[]).includes(v)

/**
 * Each header to the field it fills, or null ("not mapped"). A saved mapping (the seller's last
 * choice for that exact header) wins; the rest match by alias. A field is filled by one column only.
 */
export function matchHeaders(headers: string[], saved?: Mapping): Mapping {
  const out: Mapping = {}
  const taken = new Set<UploadField>()
  const pending: { header: string; field: UploadField; rank: number; col: number }[] = []
  headers.forEach((raw, col) => {
    const header = raw.trim()
    if (header in out) return
    const choice = saved && Object.hasOwn(saved, header) ? saved[header] : undefined
    if (choice === null || isField(choice)) {
      out[header] = choice !== null && taken.has(choice) ? null : choice
      if (choice) taken.add(choice)
      return
    }
    out[header] = null
    const hit = ALIAS_INDEX.get(headerKey(header))
    if (hit) pending.push({ header, field: hit[0], rank: hit[1], col })
  })
  pending.sort((a, b) => a.rank - b.rank || a.col - b.col)
  for (const p of pending) {
    if (taken.has(p.field)) continue
    taken.add(p.field)
    out[p.header] = p.field
  }
  return out
}

// ---- values ----

const tidy = (raw: string) =>
  raw
    .trim()
    .toUpperCase()
    .replace(/[._\s/-]+/g, ' ')
    .trim()

/** Trade spellings → master values, keyed by the tidied spelling. */
function table(entries: Record<string, readonly string[]>): ReadonlyMap<string, string> {
  const map = new Map<string, string>()
  for (const [value, spellings] of Object.entries(entries)) {
    map.set(tidy(value), value)
    for (const s of spellings) map.set(tidy(s), value)
  }
  return map
}

const SHAPES = table({
  ROUND: ['BR', 'RD', 'RB', 'RBC', 'B', 'R', 'ROUND BRILLIANT', 'BRILLIANT', 'RND'],
  PEAR: ['PS', 'PE', 'PB', 'PEAR SHAPE', 'PEAR BRILLIANT', 'PEAR MODIFIED BRILLIANT'],
  EMERALD: ['EM', 'E', 'EMERALD CUT', 'SQ EMERALD', 'SQUARE EMERALD'],
  CUSHION: [
    'CU',
    'CUS',
    'CUSH',
    'CB',
    'CM',
    'CMB',
    'CUSHION BRILLIANT',
    'CUSHION MODIFIED',
    'CUSHION MODIFIED BRILLIANT',
    'LONG CUSHION',
  ],
  OVAL: ['OV', 'OB', 'O', 'OVAL BRILLIANT', 'OVAL MODIFIED BRILLIANT'],
  MARQUISE: ['MQ', 'MR', 'MQ B', 'MARQUISE BRILLIANT', 'MARQUISE MODIFIED BRILLIANT'],
  HEART: ['HS', 'HT', 'HB', 'H', 'HEART SHAPE', 'HEART BRILLIANT', 'HEART MODIFIED BRILLIANT'],
  PRINCESS: ['PR', 'PC', 'PRN', 'PRINCESS CUT', 'SQUARE MODIFIED BRILLIANT', 'SMB'],
  RADIANT: ['RAD', 'RA', 'RT', 'SQ RADIANT', 'SQUARE RADIANT', 'CUT CORNERED RECTANGULAR MODIFIED BRILLIANT'],
})

/** Cut, polish and symmetry. Ideal (AGS's top grade) counts as Excellent, the portal's top grade;
 * Fair and Poor are no grade the portal lists, so such a value is invalid. */
const GRADES = table({
  EX: ['EXCELLENT', 'EXC', 'EXCL', 'X', 'ID', 'IDEAL', '3EX', 'EXCELENT'],
  VG: ['VERY GOOD', 'V GOOD', 'VGOOD', 'V G'],
  GD: ['G', 'GOOD'],
})
const CUTS = new Map([...GRADES, ...table({ NON: ['N', 'NONE', 'NA', 'N A'] })])

const FLUORESCENCE = table({
  NON: ['N', 'NONE', 'NIL', 'NEG', 'NEGLIGIBLE', 'NO'],
  FNT: ['F', 'FAINT', 'FA', 'FT', 'SL', 'SLIGHT', 'VSL', 'VERY SLIGHT'],
  MED: ['M', 'MEDIUM', 'MD', 'MEDIUM BLUE'],
  STG: ['S', 'STRONG', 'ST', 'SB', 'STRONG BLUE'],
  VST: ['VS', 'VERY STRONG', 'VSTG', 'VSB', 'VERY STRONG BLUE'],
})

/** Lab-grown report names (IGI-LG, GIA LG) read as their lab here; the listing rules refuse them. */
const LABS = table({
  GIA: ['GIA LG', 'GIA LAB GROWN', 'G I A'],
  IGI: ['IGI LG', 'IGI LAB GROWN', 'I G I'],
  HRD: ['HRD ANTWERP', 'H R D'],
  'NON-CERT': ['NON CERT', 'NONE', 'NO CERT', 'NC', 'N A', 'NA', 'UNCERTIFIED', 'NO'],
})

/**
 * Cities and countries to the portal's trading locations. The United States reads as New York, the
 * one US location the portal lists.
 */
const LOCATIONS = table({
  India: ['IN', 'IND', 'MUMBAI', 'BOMBAY', 'SURAT', 'BHARAT', 'AHMEDABAD', 'JAIPUR', 'DELHI', 'NEW DELHI'],
  'Hong Kong': ['HK', 'HKG', 'HONGKONG', 'KOWLOON'],
  'New York': ['NY', 'NYC', 'NEW YORK CITY', 'MANHATTAN', 'USA', 'US', 'UNITED STATES', 'UNITED STATES OF AMERICA'],
  Dubai: ['DXB', 'UAE', 'AE', 'UNITED ARAB EMIRATES'],
  Belgium: ['BE', 'BEL', 'ANTWERP', 'ANTWERPEN', 'ANVERS'],
})

const SHADES = table({
  NONE: ['NO', 'N', 'NIL', 'WHITE', 'NO BGM', 'NO SHADE', 'NO TINGE'],
  BROWN: ['BRN', 'BROWNISH', 'DARK BROWN'],
  'FAINT BROWN': ['FB', 'LB', 'VLB', 'LIGHT BROWN', 'VERY LIGHT BROWN', 'SLIGHT BROWN'],
  'MIX TINGE': ['MIX', 'MIXED', 'MT', 'MIXED TINGE', 'MIX TINT'],
  GREY: ['GRAY', 'GR', 'GRY', 'LIGHT GREY', 'LIGHT GRAY'],
})

const GIRDLES = table({
  THIN: ['TN', 'THN', 'VERY THIN', 'VTN', 'EXTREMELY THIN', 'ETN'],
  MEDIUM: ['M', 'MED', 'MD'],
  'SLIGHTLY THICK': ['STK', 'SLTK', 'SL THICK', 'SLIGHTLY THK'],
  THICK: ['TK', 'THK'],
  'VERY THICK': ['VTK', 'VTHK', 'EXTREMELY THICK', 'ETK'],
})

const CULETS = table({
  NONE: ['N', 'NON', 'NO', 'POINTED', 'PTD'],
  'VERY SMALL': ['VS', 'VSM', 'VSML', 'V SMALL'],
  SMALL: ['S', 'SM', 'SML'],
  MEDIUM: ['M', 'MED', 'MD'],
})

/** Declared treatments, canonical names; any other non-empty declaration is kept as written. */
const TREATMENTS = table({
  NONE: ['N', 'NO', 'NIL', 'NT', 'UNTREATED', 'NOT TREATED', 'NATURAL', 'NO TREATMENT'],
  'LASER DRILLED': ['LD', 'LASER DRILL', 'LASER DRILLING', 'LASER', 'KM'],
  HPHT: ['HPHT TREATED', 'HPHT PROCESSED', 'HIGH PRESSURE HIGH TEMPERATURE'],
  'FRACTURE FILLED': ['FF', 'FRACTURE FILLING', 'CLARITY ENHANCED', 'CE', 'FILLED', 'GLASS FILLED'],
  COATED: ['COATING', 'COAT'],
  IRRADIATED: ['IRRADIATION', 'IRR', 'IR'],
  'COLOR ENHANCED': ['COLOUR ENHANCED', 'COLOR TREATED', 'COLOUR TREATED'],
})

/** The treatments the template offers (any other declaration is kept as written). */
export const TREATMENT_VALUES = [...new Set(TREATMENTS.values())]

const GROWTH = table({
  NATURAL: ['N', 'NAT', 'MINED', 'EARTH MINED', 'NATURAL DIAMOND', 'NO'],
  LAB: [
    'LG',
    'LGD',
    'LAB GROWN',
    'LAB GROWN DIAMOND',
    'LAB CREATED',
    'LAB MADE',
    'LABORATORY GROWN',
    'CVD',
    'HPHT',
    'HPHT GROWN',
    'SYNTHETIC',
    'MAN MADE',
    'CULTURED',
    'YES',
  ],
})

const FANCY_COLORS = table({
  YELLOW: ['Y', 'YEL', 'CANARY'],
  PINK: ['P', 'PK'],
  BLUE: ['B', 'BL'],
  GREEN: ['G', 'GR'],
  ORANGE: ['O', 'OR'],
  BROWN: ['BR', 'BRN', 'CHAMPAGNE', 'COGNAC'],
})
const INTENSITIES = table({
  FAINT: ['F', 'FNT'],
  'VERY LIGHT': ['VL', 'VLT'],
  LIGHT: ['L', 'LT'],
  'FANCY LIGHT': ['FL', 'FLT'],
  FANCY: ['FC', 'FCY'],
  'FANCY INTENSE': ['FI', 'FINT', 'INTENSE'],
  'FANCY VIVID': ['FV', 'VIVID'],
  'FANCY DEEP': ['FDP', 'FDE', 'DEEP'],
  'FANCY DARK': ['FD', 'FDK', 'DARK'],
})
const OVERTONES = table({
  NONE: ['N', 'NO', 'NIL'],
  YELLOWISH: ['YELLOW', 'Y'],
  BROWNISH: ['BROWN', 'BR'],
  PINKISH: ['PINK', 'P'],
  GREENISH: ['GREEN', 'G'],
  ORANGEY: ['ORANGE', 'ORANGISH', 'O'],
})
const EYE_CLEAN = table({ YES: ['Y', '100', '100%', 'EC', 'TRUE'], NO: ['N', 'FALSE'], BORDERLINE: ['BL', 'B'] })
const MILKY = table({
  NONE: ['NO', 'N', 'NIL', 'NO MILKY', 'NM', 'M0'],
  M1: ['LIGHT', 'SLIGHT', 'L', 'LIGHT MILKY', 'SLIGHTLY MILKY'],
  M2: ['MEDIUM', 'MED', 'MEDIUM MILKY'],
  M3: ['HEAVY', 'STRONG', 'H', 'HEAVY MILKY'],
})
const COLORS = new Map<string, string>(MASTERS.COLOR.map((c) => [c, c]))
const CLARITIES = new Map<string, string>(MASTERS.CLARITY.map((c) => [c, c]))

/** Which master list (contracts' MASTERS) each graded field's values come from. */
export const FIELD_MASTERS = {
  shape: 'SHAPE',
  color: 'COLOR',
  clarity: 'CLARITY',
  cut: 'CUT',
  polish: 'POLISH',
  symmetry: 'SYMMETRY',
  fluorescence: 'FLUORESCENCE',
  lab: 'LAB',
  location: 'LOCATION',
  shade: 'SHADE',
  girdle: 'GIRDLE',
  culet: 'CULET',
  fancyColor: 'FANCY_COLOR',
  fancyIntensity: 'INTENSITY',
  fancyOvertone: 'OVERTONE',
  eyeClean: 'EYE_CLEAN',
  milky: 'MILKY',
} as const satisfies Partial<Record<UploadField, MasterName>>

const MASTER_TABLES: Partial<Record<UploadField, ReadonlyMap<string, string>>> = {
  shape: SHAPES,
  color: COLORS,
  cut: CUTS,
  polish: GRADES,
  symmetry: GRADES,
  fluorescence: FLUORESCENCE,
  lab: LABS,
  location: LOCATIONS,
  shade: SHADES,
  girdle: GIRDLES,
  culet: CULETS,
  growthType: GROWTH,
  fancyIntensity: INTENSITIES,
  fancyOvertone: OVERTONES,
  eyeClean: EYE_CLEAN,
  milky: MILKY,
}

export const NUMERIC_FIELDS = [
  'carat',
  'back',
  'pricePerCarat',
  'totalPrice',
  'length',
  'width',
  'height',
  'depPer',
  'tblPer',
] as const satisfies readonly UploadField[]
export type NumericField = (typeof NUMERIC_FIELDS)[number]
export const isNumericField = (f: UploadField): f is NumericField => (NUMERIC_FIELDS as readonly string[]).includes(f)

/**
 * A number as a seller types it: currency signs, percent signs and thousands separators go; a lone
 * comma is a decimal comma unless three digits follow it in a price ("5,000"). Carats and percentages
 * never reach a thousand, so there a lone comma is always decimal ("1,01" ct).
 */
export function parseNumber(raw: string, field: NumericField): number | null {
  let s = raw.trim().replace(/[\s$€£¥%]|USD|US\$/gi, '')
  if (s === '') return null
  const comma = s.lastIndexOf(',')
  const dot = s.lastIndexOf('.')
  if (comma >= 0 && dot >= 0) s = comma > dot ? s.replaceAll('.', '').replace(',', '.') : s.replaceAll(',', '')
  else if (comma >= 0) {
    const price = field === 'pricePerCarat' || field === 'totalPrice'
    s = price && /^-?\d{1,3}(,\d{3})+$/.test(s) ? s.replaceAll(',', '') : s.replace(',', '.')
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(s)) return null
  const n = Number(s)
  return Number.isFinite(n) ? n : null
}

/**
 * A trade value → the portal's value for `field`: a master value (MASTERS in contracts) for graded
 * fields, a plain number's text for numeric ones, the trimmed text for the rest. '' stays '' (blank);
 * null means the value is not one the portal knows (the rules report `invalid.<field>`).
 */
export function normalizeValue(field: UploadField, raw: string): string | null {
  const text = raw.trim()
  if (text === '' || text === '-' || text === '--') return ''
  if (isNumericField(field)) {
    const n = parseNumber(text, field)
    return n === null ? null : String(n)
  }
  switch (field) {
    case 'clarity':
      return CLARITIES.get(text.toUpperCase().replace(/[^A-Z0-9]/g, '')) ?? null
    case 'treatment':
      return TREATMENTS.get(tidy(text)) ?? text.toUpperCase()
    case 'fancyColor': {
      // "Fancy Intense Yellow", "Brownish Yellow": the dominant hue is the last word.
      const words = tidy(text).split(' ')
      for (let i = words.length - 1; i >= 0; i--) {
        const hit = FANCY_COLORS.get(words[i]!)
        if (hit) return hit
      }
      return FANCY_COLORS.get(tidy(text)) ?? null
    }
    case 'origin':
      return countryName(text)
    default: {
      const tableOf = MASTER_TABLES[field]
      if (!tableOf) return text
      const key = tidy(text)
      // Ranges ("Medium to Slightly Thick", "M-STK") read as their first grade.
      return tableOf.get(key) ?? (field === 'girdle' ? (tableOf.get(key.split(/ TO | /)[0]!) ?? null) : null)
    }
  }
}

/** Countries a seller may name an origin by, in the spellings files use. */
const COUNTRIES: Record<string, readonly string[]> = {
  Russia: ['RU', 'RUS', 'RUSSIAN FEDERATION', 'RUSSIAN', 'ALROSA', 'YAKUTIA', 'SIBERIA'],
  Botswana: ['BW', 'BWA', 'DEBSWANA'],
  Canada: ['CA', 'CAN', 'CANADIAN'],
  'South Africa': ['ZA', 'ZAF', 'RSA'],
  Namibia: ['NA', 'NAM'],
  Angola: ['AO', 'AGO'],
  'Democratic Republic of the Congo': ['CD', 'COD', 'DRC', 'CONGO'],
  Australia: ['AU', 'AUS', 'ARGYLE'],
  'Sierra Leone': ['SL', 'SLE'],
  Lesotho: ['LS', 'LSO'],
  Zimbabwe: ['ZW', 'ZWE'],
  Tanzania: ['TZ', 'TZA'],
  India: ['IN', 'IND'],
  Brazil: ['BR', 'BRA'],
}
const COUNTRY_NAMES = table(COUNTRIES)

/** A country by its name, ISO code or trade alias, else the text as written. */
export function countryName(text: string): string {
  return COUNTRY_NAMES.get(tidy(text)) ?? text.trim()
}

/** Every spelling of a country (for matching an origin against a list), upper case, tidied. */
export function countrySpellings(country: string): string[] {
  const name = countryName(country)
  return [tidy(name), ...(COUNTRIES[name] ?? []).map(tidy)]
}
