import { describe, expect, it } from 'vitest'
import { rangeText, summaryParts, summaryText, valuesText, type SummaryWords } from './summary.rules'

const words: SummaryWords = {
  label: (k) =>
    ({ fluNm: 'Fluorescence', lbNm: 'Lab', tblPer: 'Table %', isXray: 'X-ray', isFcCol: 'Fancy colour' })[k] ?? k,
  yes: 'Yes',
  no: 'No',
  ids: (k, n) => `${n} ${k}`,
  all: 'All stones',
}
const line = (f: Parameters<typeof summaryParts>[0], max?: number) => summaryText(summaryParts(f), words, max)

describe('search summary', () => {
  it('reads like the trade writes it', () => {
    expect(
      line({ shpNm: ['ROUND'], crt: { from: 1, to: 1.49 }, colNm: ['D', 'E', 'F', 'G'], clrNm: ['VS1', 'VS2'] }),
    ).toBe('ROUND · 1.00–1.49 ct · D–G · VS1, VS2')
  })

  it('writes runs of three or more neighbours as a span, the rest as a list', () => {
    expect(valuesText(['G', 'D', 'E', 'F', 'I'], ['D', 'E', 'F', 'G', 'H', 'I', 'J'])).toBe('D–G, I')
    expect(valuesText(['D', 'F'], ['D', 'E', 'F'])).toBe('D, F')
    expect(valuesText(['X', 'D'], ['D', 'E'])).toBe('D, X')
  })

  it('writes open-ended and several carat ranges', () => {
    expect(rangeText({ from: 2 })).toBe('≥ 2')
    expect(rangeText({ to: 0.5 })).toBe('≤ 0.5')
    expect(
      line({
        crt: [
          { from: 0.3, to: 0.39 },
          { from: 0.5, to: 0.59 },
        ],
      }),
    ).toBe('0.30–0.39, 0.50–0.59 ct')
  })

  it('names other filters, counts id lists and says yes or no', () => {
    expect(
      line({ fluNm: ['NON'], lbNm: ['GIA'], tblPer: { from: 55, to: 60 }, isXray: true, stoneIds: ['a', 'b', 'c'] }),
    ).toBe('Fluorescence NON · Lab GIA · Table % 55–60 · X-ray: Yes · 3 stoneIds')
  })

  it('shows 3EX for excellent cut, polish and symmetry', () => {
    expect(line({ shpNm: ['OVAL'], cutNm: ['EX'], polNm: ['EX'], symNm: ['EX'] })).toBe('OVAL · 3EX')
  })

  it('names a fancy search without a colour, and lists fancy colours like grades', () => {
    expect(line({ isFcCol: true })).toBe('Fancy colour: Yes')
    expect(line({ isFcCol: true, fcColNm: ['PINK'], fcIntNm: ['FANCY VIVID'] })).toBe('PINK · FANCY VIVID')
  })

  it('says so for a search without filters, and shortens a long one', () => {
    expect(line({})).toBe('All stones')
    expect(line({ shpNm: ['ROUND'], colNm: ['D'], clrNm: ['IF'], fluNm: ['NON'], lbNm: ['GIA'] }, 3)).toBe(
      'ROUND · D · IF · +2',
    )
  })
})
