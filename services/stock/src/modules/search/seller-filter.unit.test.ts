import { describe, expect, it } from 'vitest'
import { DEMO_COMPANY_IDS } from '@diamond/contracts/companies'
import { demoStone } from '../demo/demo.rules'
import { runSearch } from './search.engine'
import { compile } from './search.filter'
import { StoneIndex } from './stone-index'

/** `sellerCompanyId` (a member profile's listed stock): the stones of those companies, and only theirs. */
describe('the seller company filter', () => {
  const stones = Array.from({ length: 600 }, (_, i) => ({ ...demoStone(i + 1), statusVersion: 0 }))
  const antwerp = DEMO_COMPANY_IDS['Antwerp Brilliants']!
  const surat = DEMO_COMPANY_IDS['Surat Gems']!
  const expected = (ids: string[]) =>
    stones
      .filter((s) => s.sellerCompanyId !== null && ids.includes(s.sellerCompanyId) && s.wSts !== 'R')
      .map((s) => s.id)
      .sort()
  const found = (index: StoneIndex, ids: string[]) =>
    runSearch(index, compile(index, { sellerCompanyId: ids }), { sort: [], offset: 0, limit: 1000 })
      .page.map((i) => index.ids[i]!)
      .sort()

  it('finds each company’s stones, both companies’ together, none of a company with no stones', () => {
    const index = new StoneIndex(16)
    for (const s of stones) index.put(s)
    expect(expected([antwerp]).length).toBeGreaterThan(0)
    expect(found(index, [antwerp])).toEqual(expected([antwerp]))
    expect(found(index, [antwerp, surat])).toEqual(expected([antwerp, surat]))
    // Written in any case, as ids come from a link.
    expect(found(index, [antwerp.toUpperCase()])).toEqual(expected([antwerp]))
    expect(found(index, ['00000000-0000-4000-8000-000000000000'])).toEqual([])
  })

  it('follows a stone moved to another company, and one taken back into the house', () => {
    const index = new StoneIndex(16)
    for (const s of stones) index.put(s)
    const moved = stones.find((s) => s.sellerCompanyId === antwerp)!
    index.put({ ...moved, sellerCompanyId: surat, statusVersion: 1 })
    expect(found(index, [antwerp])).not.toContain(moved.id)
    expect(found(index, [surat])).toContain(moved.id)
    index.put({ ...moved, sellerCompanyId: null, statusVersion: 2 })
    expect(found(index, [surat])).not.toContain(moved.id)
  })
})
