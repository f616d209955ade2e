import { describe, expect, it } from 'vitest'
import { directoryQuery, initials, linkText, pagesOf, stars, withFollow } from './members.rules'

describe('the member directory', () => {
  it('asks with blank filters left out and the search trimmed', () => {
    expect(directoryQuery({ search: '  shah ', country: '', businessType: '' }, 1)).toEqual({
      search: 'shah',
      page: 1,
      limit: 24,
    })
    expect(directoryQuery({ search: '', country: ' India', businessType: 'manufacturer' }, 3)).toEqual({
      country: 'India',
      businessType: 'manufacturer',
      page: 3,
      limit: 24,
    })
  })

  it('counts pages, at least one', () => {
    expect(pagesOf(0, 24)).toBe(1)
    expect(pagesOf(24, 24)).toBe(1)
    expect(pagesOf(25, 24)).toBe(2)
  })

  it('draws an average as whole and half stars out of five', () => {
    expect(stars(0)).toEqual({ full: 0, half: false, empty: 5 })
    expect(stars(4.67)).toEqual({ full: 4, half: true, empty: 0 })
    expect(stars(4.2)).toEqual({ full: 4, half: false, empty: 1 })
    expect(stars(5)).toEqual({ full: 5, half: false, empty: 0 })
  })

  it('makes initials for a company without a logo, in any script', () => {
    expect(initials('Shah Diamonds')).toBe('SD')
    expect(initials('Cohen & Sons')).toBe('CS')
    expect(initials('יהלומי רמת גן')).toBe('יר')
    expect(initials('   ')).toBe('?')
  })

  it('shows a link without its scheme', () => {
    expect(linkText({ url: 'https://www.linkedin.com/company/x/' })).toBe('www.linkedin.com/company/x')
  })

  it('keeps a follow on every card of that company', () => {
    const list = [
      { id: 'a', following: false, followers: 0 },
      { id: 'b', following: false, followers: 2 },
    ]
    expect(withFollow(list, { companyId: 'b', following: true, followers: 3 })).toEqual([
      { id: 'a', following: false, followers: 0 },
      { id: 'b', following: true, followers: 3 },
    ])
  })
})
