import { describe, expect, it } from 'vitest'
import { benchRow } from '../../../grid/stores/perf'
import { compareIds, differs } from './compare.rules'

describe('comparing stones', () => {
  it('compares at most ten well-formed stones, once each', () => {
    const ids = Array.from({ length: 12 }, (_, i) => benchRow(i).id)
    expect(compareIds([ids[0], 'junk', ids[0], ...ids.slice(1)].join(','))).toEqual(ids.slice(0, 10))
    expect(compareIds(null)).toEqual([])
    expect(differs(['a', 'a'])).toBe(false)
    expect(differs(['a', 'b'])).toBe(true)
  })
})
