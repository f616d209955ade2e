import { describe, expect, it } from 'vitest'
import { followedListings, listedParams } from './followers.rules'

const A = '5e11e500-0000-4000-8000-000000000001'
const B = '5e11e500-0000-4000-8000-000000000002'

describe('followers’ notices', () => {
  it('carry the company, its name, the count and where the stones came from', () => {
    expect(
      listedParams({
        companyId: A,
        companyName: 'Shah Diamonds',
        source: 'upload',
        sourceId: B,
        count: 3,
        stoneIds: [],
      }),
    ).toEqual({ companyId: A, companyName: 'Shah Diamonds', count: 3, source: 'upload', sourceId: B })
  })

  it('are summed per company for the digest, the most stones first, ignoring malformed ones', () => {
    const n = (companyId: string, companyName: string, count: number) => ({ params: { companyId, companyName, count } })
    expect(
      followedListings([n(A, 'Shah', 3), n(B, 'Surat', 10), n(A, 'Shah', 4), { params: { companyId: A, count: 'x' } }]),
    ).toEqual([
      { companyId: B, companyName: 'Surat', stones: 10, listings: 1 },
      { companyId: A, companyName: 'Shah', stones: 7, listings: 2 },
    ])
  })
})
