import { describe, expect, it } from 'vitest'
import { DRAFT_COLUMNS, draftText } from './inventory.repository'

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
