import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MASTERS } from '@diamond/contracts/masters'
import { FIELD_ALIASES, headerKey, matchHeaders, normalizeValue, parseNumber } from './inventory.mapping'
import { UPLOAD_FIELDS } from './inventory.types'

const fixtures = new URL('../../../test/fixtures/uploads/', import.meta.url)
const headerRow = (file: string) => readFileSync(new URL(file, fixtures), 'utf8').split(/\r?\n/)[0]!.split(',')

describe('matchHeaders', () => {
  it("maps RapNet's upload columns", () => {
    const m = matchHeaders(headerRow('rapnet-upload.csv'))
    expect(m).toMatchObject({
      'Stock #': 'stoneId',
      Shape: 'shape',
      Weight: 'carat',
      Color: 'color',
      Clarity: 'clarity',
      'Cut Grade': 'cut',
      Polish: 'polish',
      Symmetry: 'symmetry',
      'Fluorescence Intensity': 'fluorescence',
      Measurements: 'length',
      Lab: 'lab',
      'Certificate #': 'certNo',
      Treatment: 'treatment',
      'Rap %': 'back',
      'Price/Ct': 'pricePerCarat',
      'Total Price': 'totalPrice',
      'Fancy Color': 'fancyColor',
      'Fancy Color Intensity': 'fancyIntensity',
      'Fancy Color Overtone': 'fancyOvertone',
      'Depth %': 'depPer',
      'Table %': 'tblPer',
      'Girdle Thin': 'girdle',
      'Culet Size': 'culet',
      City: 'location',
      'Certificate Filename': 'certificateUrl',
      'Diamond Image': 'imageUrl',
      '3D File': 'videoUrl',
      'Member Comments': 'comments',
      'Key To Symbols': 'keyToSymbol',
      Shade: 'shade',
      Milky: 'milky',
      'Eye Clean': 'eyeClean',
      Origin: 'origin',
    })
    // Columns the portal has no field for, and a second column for a field already taken, stay unmapped.
    for (const h of ['Availability', 'Fluorescence Color', 'Girdle Thick', 'Country', 'Rap', 'Cert comment', 'Brand'])
      expect(m[h], h).toBeNull()
  })

  it("maps Nivoda's upload columns", () => {
    expect(matchHeaders(headerRow('nivoda-upload.csv'))).toEqual({
      'Stock ID': 'stoneId',
      Shape: 'shape',
      Carats: 'carat',
      Color: 'color',
      Clarity: 'clarity',
      Cut: 'cut',
      Polish: 'polish',
      Symmetry: 'symmetry',
      Fluorescence: 'fluorescence',
      Lab: 'lab',
      'Certificate Number': 'certNo',
      Discount: 'back',
      'Price Per Carat': 'pricePerCarat',
      'Total Price': 'totalPrice',
      Length: 'length',
      Width: 'width',
      Depth: 'height',
      'Depth %': 'depPer',
      'Table %': 'tblPer',
      Girdle: 'girdle',
      Culet: 'culet',
      Treatment: 'treatment',
      'Country of Origin': 'origin',
      'Growth Type': 'growthType',
      'Key To Symbols': 'keyToSymbol',
      Comments: 'comments',
      Shade: 'shade',
      Milky: 'milky',
      'Eye Clean': 'eyeClean',
      Location: 'location',
      'Image Link': 'imageUrl',
      'Video Link': 'videoUrl',
      'Certificate Link': 'certificateUrl',
    })
  })

  it("maps the spec's own field names, whatever the case, spaces and punctuation", () => {
    const spec = [
      'stoneId',
      'shpNm',
      'crt',
      'colNm',
      'clrNm',
      'cutNm',
      'polNm',
      'symNm',
      'fluNm',
      'lbNm',
      'locNm',
      'shdNm',
      'back',
      'certNo',
    ]
    expect(Object.values(matchHeaders(spec))).toEqual([
      'stoneId',
      'shape',
      'carat',
      'color',
      'clarity',
      'cut',
      'polish',
      'symmetry',
      'fluorescence',
      'lab',
      'location',
      'shade',
      'back',
      'certNo',
    ])
    expect(matchHeaders([' STOCK NO. ', 'stock_number', 'CERT#', 'price per ct', 'RAP%'])).toEqual({
      'STOCK NO.': 'stoneId',
      stock_number: null,
      'CERT#': 'certNo',
      'price per ct': 'pricePerCarat',
      'RAP%': 'back',
    })
    expect(headerKey('Stock #')).toBe(headerKey('stock no'))
  })

  it('lets a saved mapping win, and leaves unknown headers unmapped', () => {
    const m = matchHeaders(['Ref', 'Stock #', 'Weight', 'Mystery'], { Ref: 'stoneId', Weight: null })
    expect(m).toEqual({ Ref: 'stoneId', 'Stock #': null, Weight: null, Mystery: null })
  })

  it('gives the more specific alias the field: Length over Measurements, City over Country', () => {
    expect(matchHeaders(['Measurements', 'Country', 'Length', 'City'])).toEqual({
      Measurements: null,
      Country: null,
      Length: 'length',
      City: 'location',
    })
  })

  it('lists aliases for every field, each alias meaning one field', () => {
    const owners = new Map<string, string>()
    for (const f of UPLOAD_FIELDS) {
      expect(FIELD_ALIASES[f].length, f).toBeGreaterThan(0)
      for (const a of FIELD_ALIASES[f]) {
        const key = headerKey(a)
        expect(owners.get(key) ?? f, `${a} of ${f}`).toBe(f)
        owners.set(key, f)
      }
    }
  })
})

describe('normalizeValue', () => {
  const cases: [Parameters<typeof normalizeValue>[0], string, string | null][] = [
    ['shape', 'BR', 'ROUND'],
    ['shape', 'rd', 'ROUND'],
    ['shape', 'RBC', 'ROUND'],
    ['shape', 'Round', 'ROUND'],
    ['shape', 'PS', 'PEAR'],
    ['shape', 'Pear', 'PEAR'],
    ['shape', 'EM', 'EMERALD'],
    ['shape', 'CU', 'CUSHION'],
    ['shape', 'Cushion Modified', 'CUSHION'],
    ['shape', 'cushion-modified brilliant', 'CUSHION'],
    ['shape', 'OV', 'OVAL'],
    ['shape', 'MQ', 'MARQUISE'],
    ['shape', 'HS', 'HEART'],
    ['shape', 'Heart', 'HEART'],
    ['shape', 'PR', 'PRINCESS'],
    ['shape', 'RAD', 'RADIANT'],
    ['shape', 'Trillion', null],
    ['color', 'g', 'G'],
    ['color', 'N', null],
    ['clarity', 'vs 1', 'VS1'],
    ['clarity', 'SI-2', 'SI2'],
    ['clarity', 'SI3', null],
    ['cut', 'EX', 'EX'],
    ['cut', 'Excellent', 'EX'],
    ['cut', 'Ideal', 'EX'],
    ['cut', 'ID', 'EX'],
    ['cut', 'Very Good', 'VG'],
    ['cut', 'G', 'GD'],
    ['cut', 'GD', 'GD'],
    ['cut', 'Good', 'GD'],
    ['cut', 'Fair', null],
    ['cut', 'None', 'NON'],
    ['polish', 'VG', 'VG'],
    ['symmetry', 'F', null],
    ['fluorescence', 'N', 'NON'],
    ['fluorescence', 'None', 'NON'],
    ['fluorescence', 'NON', 'NON'],
    ['fluorescence', 'F', 'FNT'],
    ['fluorescence', 'Faint', 'FNT'],
    ['fluorescence', 'M', 'MED'],
    ['fluorescence', 'Medium', 'MED'],
    ['fluorescence', 'S', 'STG'],
    ['fluorescence', 'Strong', 'STG'],
    ['fluorescence', 'VS', 'VST'],
    ['fluorescence', 'Very Strong', 'VST'],
    ['lab', 'gia', 'GIA'],
    ['lab', 'IGI-LG', 'IGI'],
    ['lab', 'None', 'NON-CERT'],
    ['lab', 'N/A', 'NON-CERT'],
    ['lab', 'AGS', null],
    ['location', 'Mumbai', 'India'],
    ['location', 'SURAT', 'India'],
    ['location', 'Antwerp', 'Belgium'],
    ['location', 'HK', 'Hong Kong'],
    ['location', 'New York', 'New York'],
    ['location', 'USA', 'New York'],
    ['location', 'UAE', 'Dubai'],
    ['location', 'Tel Aviv', null],
    ['shade', 'White', 'NONE'],
    ['shade', 'Light Brown', 'FAINT BROWN'],
    ['shade', 'Mix', 'MIX TINGE'],
    ['shade', 'Gray', 'GREY'],
    ['girdle', 'Medium to Slightly Thick', 'MEDIUM'],
    ['girdle', 'STK', 'SLIGHTLY THICK'],
    ['culet', 'Pointed', 'NONE'],
    ['culet', 'VS', 'VERY SMALL'],
    ['treatment', 'None', 'NONE'],
    ['treatment', 'N', 'NONE'],
    ['treatment', 'LD', 'LASER DRILLED'],
    ['treatment', 'Clarity Enhanced', 'FRACTURE FILLED'],
    ['treatment', 'Bleached', 'BLEACHED'],
    ['growthType', 'Natural', 'NATURAL'],
    ['growthType', 'CVD', 'LAB'],
    ['growthType', 'LGD', 'LAB'],
    ['growthType', 'Lab Grown', 'LAB'],
    ['fancyColor', 'Fancy Intense Yellow', 'YELLOW'],
    ['fancyColor', 'Brownish Pink', 'PINK'],
    ['fancyIntensity', 'FI', 'FANCY INTENSE'],
    ['fancyOvertone', 'Greenish', 'GREENISH'],
    ['eyeClean', 'Y', 'YES'],
    ['milky', 'No Milky', 'NONE'],
    ['origin', 'RUS', 'Russia'],
    ['origin', 'botswana', 'Botswana'],
    ['origin', 'Atlantis', 'Atlantis'],
    ['carat', '1,01', '1.01'],
    ['pricePerCarat', '$5,000.00', '5000'],
    ['pricePerCarat', '5.000,50', '5000.5'],
    ['back', '-22.5%', '-22.5'],
    ['carat', 'one', null],
    ['stoneId', ' A-1 ', 'A-1'],
    ['comments', '-', ''],
    ['shape', '', ''],
  ]
  it.each(cases)('%s %j → %j', (field, raw, expected) => {
    expect(normalizeValue(field, raw)).toBe(expected)
  })

  it('only ever gives master values for graded fields', () => {
    const masterOf = {
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
    } as const
    for (const [field, raw, out] of cases)
      if (out && field in masterOf)
        expect(MASTERS[masterOf[field as keyof typeof masterOf]], `${field} ${raw}`).toContain(out)
  })

  it('reads numbers the way sellers type them', () => {
    expect(parseNumber('1,500', 'carat')).toBe(1.5)
    expect(parseNumber('1,500', 'totalPrice')).toBe(1500)
    expect(parseNumber('1.2.3', 'carat')).toBeNull()
    expect(parseNumber('', 'carat')).toBeNull()
  })
})
