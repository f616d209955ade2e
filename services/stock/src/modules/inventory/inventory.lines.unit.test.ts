import { describe, expect, it } from 'vitest'
import { DRAFT_COLUMNS, draftText, copyNumber } from './inventory.repository'

describe("a preview line's draft columns in COPY's text format", () => {
  it('come in the order the COPY names its columns (DRAFT_COLUMNS), one each', () => {
    const named = Object.fromEntries(DRAFT_COLUMNS.map((k) => [k, k]))
    expect(draftText(named).split('\t')).toEqual([...DRAFT_COLUMNS])
  })

  it('write NULL for a missing value, numbers and booleans as PostgreSQL reads them, and escape text', () => {
    const cells = draftText({ certNo: '123', carat: 1.01, isFancy: false, comments: 'a\tb\\c\nd' }).split('\t')
    const at = (k: (typeof DRAFT_COLUMNS)[number]) => cells[DRAFT_COLUMNS.indexOf(k)]
    expect(cells).toHaveLength(DRAFT_COLUMNS.length)
    expect(at('certNo')).toBe('123')
    expect(at('carat')).toBe('1.01')
    expect(at('isFancy')).toBe('f')
    expect(at('comments')).toBe('a\\tb\\\\c\\nd')
    expect(at('shape')).toBe('\\N')
  })
})

describe('copyNumber', () => {
  it('writes every number as String does', () => {
    const odd = [
      0,
      -0,
      0.5,
      -0.05,
      0.1 + 0.2,
      1e-7,
      1e21,
      123456789.99,
      -99.99,
      1e12 + 0.01,
      2 ** 53,
      NaN,
      Infinity,
      -Infinity,
    ]
    for (const n of odd) expect(copyNumber(n)).toBe(String(n))
    let seed = 7
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1
    for (let i = 0; i < 1_000_000; i++) {
      const scale = 10 ** (i % 9)
      // Two decimals (what a trade file has), three, and any double.
      const n =
        i % 3 === 0
          ? Math.round(random() * scale * 100) / 100
          : i % 3 === 1
            ? Math.round(random() * 1e5) / 1e3
            : random() * scale
      if (copyNumber(n) !== String(n)) expect(copyNumber(n)).toBe(String(n))
    }
  })
})
