import { MAX_CARAT_RANGES } from '@diamond/contracts/http/stock.values'
import { describe, expect, it } from 'vitest'
import {
  addCaratRow,
  applyGradePreset,
  buildFilter,
  CARAT_PRESETS,
  caratPresetOn,
  cellOn,
  checkCount,
  editPath,
  emptyForm,
  formFromFilter,
  gradePresetOn,
  listTypeOf,
  quickSearchPath,
  removeCaratRow,
  resultPath,
  titleError,
  toggleCaratPreset,
  toggleChip,
  toggleCell,
  validateForm,
  type SearchForm,
} from './form.rules'
import { rangeError } from '../../../lib/stoneFilter.rules'

const white = { kind: 'diamond', pricing: true } as const

function form(patch: (f: SearchForm) => void): SearchForm {
  const f = emptyForm()
  patch(f)
  return f
}

describe('building the filter', () => {
  it('sends nothing for an untouched form', () => {
    expect(buildFilter(emptyForm(), white)).toStrictEqual({})
  })

  it('sends the chosen chips in the master order, numbers as numbers, one carat range as a range', () => {
    const f = form((f) => {
      toggleChip(f, 'shpNm', 'PEAR')
      toggleChip(f, 'shpNm', 'ROUND')
      toggleChip(f, 'colNm', 'G')
      toggleChip(f, 'colNm', 'D')
      f.carats = [{ from: '1.00', to: '1.49' }]
      f.ranges.back = { from: '-30', to: '' }
      f.ranges.depPer = { from: '', to: '62.5' }
    })
    expect(buildFilter(f, white)).toStrictEqual({
      shpNm: ['ROUND', 'PEAR'],
      colNm: ['D', 'G'],
      crt: { from: 1, to: 1.49 },
      back: { from: -30 },
      depPer: { to: 62.5 },
    })
  })

  it('sends several carat rows as a list and skips blank rows', () => {
    const f = form((f) => {
      f.carats = [
        { from: '0.30', to: '0.39' },
        { from: '', to: '' },
        { from: '0.50', to: '0.59' },
      ]
    })
    expect(buildFilter(f, white).crt).toStrictEqual([
      { from: 0.3, to: 0.39 },
      { from: 0.5, to: 0.59 },
    ])
  })

  it('unselects a chip when pressed again', () => {
    const f = form((f) => {
      toggleChip(f, 'clrNm', 'VS1')
      toggleChip(f, 'clrNm', 'VS1')
    })
    expect(f.chips).toStrictEqual({})
  })

  it('leaves price filters out for a user without the pricing right', () => {
    const f = form((f) => {
      f.ranges.back = { from: '-40', to: '-20' }
      f.ranges.amt = { from: '1000', to: '' }
      f.ranges.ctPr = { from: '', to: '9000' }
      f.ranges.tblPer = { from: '55', to: '60' }
    })
    expect(buildFilter(f, { kind: 'diamond', pricing: false })).toStrictEqual({ tblPer: { from: 55, to: 60 } })
    // …and does not flag them either: the user cannot see them.
    f.ranges.back = { from: '-10', to: '-20' }
    expect(validateForm(f, { kind: 'diamond', pricing: false })).toStrictEqual({})
  })

  it('sends tri-state flags only when yes or no is chosen', () => {
    const f = form((f) => {
      f.bools.isXray = true
      f.bools.isSeal = false
    })
    expect(buildFilter(f, white)).toStrictEqual({ isXray: true, isSeal: false })
  })

  it('splits the id text areas into lists', () => {
    const f = form((f) => {
      f.ids.stoneIds = 'S1, S2\nS3'
      f.ids.pairNo = 'P9'
    })
    expect(buildFilter(f, white)).toStrictEqual({ stoneIds: ['S1', 'S2', 'S3'], pairNo: ['P9'] })
  })

  it('asks for fancy colours on the fancy form, and drops white colour there', () => {
    const f = form((f) => {
      toggleChip(f, 'colNm', 'D')
      toggleChip(f, 'fcColNm', 'PINK')
      toggleChip(f, 'fcIntNm', 'FANCY VIVID')
    })
    expect(buildFilter(f, { kind: 'fancy', pricing: true })).toStrictEqual({
      fcColNm: ['PINK'],
      fcIntNm: ['FANCY VIVID'],
      isFcCol: true,
    })
    expect(buildFilter(f, white)).toStrictEqual({ colNm: ['D'] })
  })

  it('sends key to symbol as its list filter', () => {
    const f = form((f) => toggleChip(f, 'keyToSymbol', 'CLOUD'))
    expect(buildFilter(f, white)).toStrictEqual({ keyToSymbol: ['CLOUD'] })
  })
})

describe('checking the form', () => {
  it('flags an inverted range on its field', () => {
    expect(rangeError({ from: '2', to: '1' })).toBe('inverted')
    expect(rangeError({ from: '1', to: '1' })).toBeNull()
    expect(rangeError({ from: '', to: '1' })).toBeNull()
    expect(rangeError({ from: 'abc', to: '' })).toBe('number')
    const f = form((f) => {
      f.carats = [
        { from: '0.5', to: '0.6' },
        { from: '1.5', to: '1.0' },
      ]
      f.ranges.tblPer = { from: '60', to: '55' }
    })
    expect(validateForm(f, white)).toStrictEqual({ 'crt.1': 'inverted', tblPer: 'inverted' })
  })

  it('refuses more than 2000 ids, or one longer than the contract allows', () => {
    const f = form((f) => (f.ids.stoneIds = Array.from({ length: 2001 }, (_, i) => `S${i}`).join(' ')))
    expect(validateForm(f, white)).toStrictEqual({ stoneIds: 'tooMany' })
    f.ids.stoneIds = 'X'.repeat(61)
    expect(validateForm(f, white)).toStrictEqual({ stoneIds: 'idTooLong' })
  })

  it('asks for a title of at most 100 characters', () => {
    expect(titleError('   ')).toBe('required')
    expect(titleError('x'.repeat(101))).toBe('tooLong')
    expect(titleError(' Rounds 1ct ')).toBeNull()
    expect(titleError('x'.repeat(100))).toBeNull()
  })
})

describe('presets', () => {
  it('3EX sets cut, polish and symmetry to EX and clears them when pressed again', () => {
    const f = emptyForm()
    applyGradePreset(f, '3EX')
    expect(f.chips).toStrictEqual({ cutNm: ['EX'], polNm: ['EX'], symNm: ['EX'] })
    expect(gradePresetOn(f, '3EX')).toBe(true)
    expect(gradePresetOn(f, '3VG+')).toBe(false)
    applyGradePreset(f, '3EX')
    expect(f.chips).toStrictEqual({})
  })

  it('3VG+ means excellent or very good on all three', () => {
    const f = emptyForm()
    applyGradePreset(f, '3VG+')
    expect(buildFilter(f, white)).toStrictEqual({ cutNm: ['EX', 'VG'], polNm: ['EX', 'VG'], symNm: ['EX', 'VG'] })
  })

  it('size chips fill the blank row first, add rows after, and come off again', () => {
    const f = emptyForm()
    const [a, b] = [CARAT_PRESETS[0]!, CARAT_PRESETS[5]!]
    toggleCaratPreset(f, a)
    expect(f.carats).toStrictEqual([{ from: '0.30', to: '0.39' }])
    toggleCaratPreset(f, b)
    expect(f.carats).toHaveLength(2)
    expect(caratPresetOn(f, b)).toBe(true)
    // A row typed as 1 – 1.49 is the same band as 1.00 – 1.49.
    f.carats[1] = { from: '1', to: '1.49' }
    expect(caratPresetOn(f, b)).toBe(true)
    toggleCaratPreset(f, a)
    toggleCaratPreset(f, b)
    expect(f.carats).toStrictEqual([{ from: '', to: '' }])
  })

  it('allows at most ten carat rows and always keeps one', () => {
    const f = emptyForm()
    for (let i = 0; i < 15; i++) addCaratRow(f)
    expect(f.carats).toHaveLength(MAX_CARAT_RANGES)
    for (let i = 0; i < 15; i++) removeCaratRow(f, 0)
    expect(f.carats).toStrictEqual([{ from: '', to: '' }])
  })
})

describe('reading a stored search back', () => {
  it('fills the form so that building it again gives the same filter', () => {
    const filter = {
      shpNm: ['ROUND'],
      crt: [{ from: 0.3, to: 0.39 }, { from: 1 }],
      colNm: ['D', 'E'],
      back: { from: -30, to: -10 },
      isXray: false,
      stoneIds: ['A1', 'A2'],
      keyToSymbol: ['CLOUD'],
    }
    const f = formFromFilter(filter)
    expect(f.carats).toStrictEqual([
      { from: '0.3', to: '0.39' },
      { from: '1', to: '' },
    ])
    expect(f.ids.stoneIds).toBe('A1\nA2')
    expect(buildFilter(f, white)).toStrictEqual(filter)
  })

  it('reads a single carat range and a fancy search', () => {
    const f = formFromFilter({ crt: { to: 2 }, isFcCol: true, fcColNm: ['BLUE'] })
    expect(f.carats).toStrictEqual([{ from: '', to: '2' }])
    expect(buildFilter(f, { kind: 'fancy', pricing: true })).toStrictEqual({
      crt: { to: 2 },
      fcColNm: ['BLUE'],
      isFcCol: true,
    })
  })
})

describe('after the count', () => {
  it('stops on the form when the search finds more than the limit, or nothing', () => {
    const rounds = { shpNm: ['ROUND'] }
    expect(checkCount(1001, 1000, rounds)).toStrictEqual({ kind: 'limit', limit: 1000 })
    expect(checkCount(1000, 1000, rounds)).toStrictEqual({ kind: 'go' })
    expect(checkCount(0, 1000, rounds)).toStrictEqual({ kind: 'empty' })
  })

  it('lets a search without any filter open the whole stock, as the server does', () => {
    expect(checkCount(25_000, 1000, {})).toStrictEqual({ kind: 'go' })
    expect(checkCount(0, 1000, {})).toStrictEqual({ kind: 'empty' })
  })

  it('opens each kind of search on its own result page', () => {
    expect(resultPath('diamond', 'abc')).toBe('/diamond-list/abc')
    expect(resultPath('fancy', 'abc')).toBe('/diamond-list/abc')
    expect(resultPath('quick', 'abc')).toBe('/diamond-list/abc')
    expect(resultPath('matchPair', 'abc')).toBe('/match-pair/abc')
    expect(resultPath('exclusive', 'abc')).toBe('/exclusive/abc')
    expect(listTypeOf('matchPair')).toBe('matchPair')
    expect(listTypeOf('exclusive')).toBe('exclusive')
    expect(listTypeOf('diamond')).toBeUndefined()
  })

  it('edits a fancy search on the fancy form, and sends quick words in the address', () => {
    expect(editPath({ isFcCol: true }, 'x1')).toBe('/fancy-search/x1')
    expect(editPath({ shpNm: ['ROUND'] }, 'x1')).toBe('/diamond-search/x1')
    expect(quickSearchPath(' 1.01 round G VS1 ')).toBe('/diamond-list?q=1.01%20round%20G%20VS1')
  })
})

describe('colour × clarity grid', () => {
  it('lights a cell when both its colour and clarity are chosen, and takes both away again', () => {
    const f = emptyForm()
    toggleCell(f, 'G', 'VS1')
    expect(f.chips).toStrictEqual({ colNm: ['G'], clrNm: ['VS1'] })
    toggleCell(f, 'E', 'VS1')
    expect(f.chips).toStrictEqual({ colNm: ['E', 'G'], clrNm: ['VS1'] })
    expect(cellOn(f, 'E', 'VS1')).toBe(true)
    expect(cellOn(f, 'E', 'VS2')).toBe(false)
    toggleCell(f, 'G', 'VS1')
    expect(f.chips).toStrictEqual({ colNm: ['E'] })
  })
})

describe("the spec's texts", () => {
  it('says the limit exactly as the server does', async () => {
    const { readFileSync } = await import('node:fs')
    const { searchLimitMessage } = await import('@diamond/contracts/http/stock.values')
    const en = JSON.parse(readFileSync(new URL('../../../locales/en.json', import.meta.url), 'utf8')) as {
      errors: Record<string, string>
      empty: Record<string, string>
    }
    expect(en.errors.E_SEARCH_LIMIT!.replace('{{limit}}', '1000')).toBe(searchLimitMessage(1000))
    expect(en.empty.noDataSearch).toBe('No data found for requested search criteria.')
  })
})
