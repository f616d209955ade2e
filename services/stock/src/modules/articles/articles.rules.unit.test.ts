import { describe, expect, it } from 'vitest'
import {
  checkArticle,
  hasCents,
  manages,
  photoKey,
  photoOf,
  photoRefusal,
  visiblePrice,
  visibleTo,
  type ArticleViewer,
} from './articles.rules'

const SELLER = '11111111-1111-4111-8111-111111111111'
const OTHER = '22222222-2222-4222-8222-222222222222'
const seller: ArticleViewer = { operator: false, companyId: SELLER, seesPrices: true }
const otherSeller: ArticleViewer = { operator: false, companyId: OTHER, seesPrices: true }
const staff: ArticleViewer = { operator: true, companyId: undefined, seesPrices: true }
const buyer: ArticleViewer = { operator: false, companyId: undefined, seesPrices: true }
const noPrice: ArticleViewer = { operator: false, companyId: undefined, seesPrices: false }

const fieldsOf = (r: ReturnType<typeof checkArticle>) => (r.ok ? [] : r.problems.map((p) => `${p.field}: ${p.message}`))

describe('an article’s fields', () => {
  it('takes a complete article, trimming its name and description', () => {
    expect(
      checkArticle({ kind: 'jewellery', name: '  Ring  ', description: ' gold \n', priceUsd: 1250.5 }, true),
    ).toEqual({ ok: true, values: { kind: 'jewellery', name: 'Ring', description: 'gold', priceUsd: 1250.5 } })
  })

  it('names every missing field on create, and none on an update that leaves them out', () => {
    expect(fieldsOf(checkArticle({}, true))).toEqual([
      'kind: is required',
      'name: is required',
      'priceUsd: is required',
    ])
    expect(checkArticle({}, false)).toEqual({ ok: true, values: {} })
    expect(checkArticle({ status: 'listed' }, false)).toEqual({ ok: true, values: { status: 'listed' } })
  })

  it('refuses a blank name, and one over 120 characters (counted as characters, not bytes)', () => {
    expect(fieldsOf(checkArticle({ name: '   ' }, false))).toEqual(['name: is required'])
    expect(fieldsOf(checkArticle({ name: 'a'.repeat(121) }, false))).toEqual(['name: must be at most 120 characters'])
    expect(checkArticle({ name: 'a'.repeat(120) }, false).ok).toBe(true)
    expect(checkArticle({ name: '💎'.repeat(120) }, false).ok).toBe(true)
    expect(checkArticle({ name: ` ${'a'.repeat(120)} ` }, false).ok).toBe(true)
  })

  it('refuses a description over 2,000 characters', () => {
    expect(checkArticle({ description: 'd'.repeat(2000) }, false).ok).toBe(true)
    expect(fieldsOf(checkArticle({ description: 'd'.repeat(2001) }, false))).toEqual([
      'description: must be at most 2000 characters',
    ])
  })

  it('takes a price above 0, at most 100,000,000, with at most 2 decimals', () => {
    for (const p of [0.01, 1, 19.99, 1250.5, 99_999_999.99, 100_000_000])
      expect(checkArticle({ priceUsd: p }, false), String(p)).toEqual({ ok: true, values: { priceUsd: p } })
    expect(fieldsOf(checkArticle({ priceUsd: 0 }, false))).toEqual(['priceUsd: must be above 0'])
    expect(fieldsOf(checkArticle({ priceUsd: -5 }, false))).toEqual(['priceUsd: must be above 0'])
    expect(fieldsOf(checkArticle({ priceUsd: Number.NaN }, false))).toEqual(['priceUsd: must be above 0'])
    expect(fieldsOf(checkArticle({ priceUsd: 100_000_000.01 }, false))).toEqual(['priceUsd: must be at most 100000000'])
    expect(fieldsOf(checkArticle({ priceUsd: 1.005 }, false))).toEqual(['priceUsd: may have at most 2 decimals'])
  })

  it('tells 2 decimals from more, as typed prices arrive', () => {
    for (const p of [0.1, 0.29, 10.07, 123456.78, 99_999_999.99]) expect(hasCents(p), String(p)).toBe(true)
    for (const p of [0.001, 19.999, 0.125, Infinity]) expect(hasCents(p), String(p)).toBe(false)
    // Brute force: every cent amount up to 20 dollars is accepted.
    for (let c = 1; c <= 2000; c++) expect(hasCents(c / 100)).toBe(true)
  })

  it('names every bad field at once', () => {
    expect(
      fieldsOf(checkArticle({ kind: 'parcel', name: '', priceUsd: 0, description: 'x'.repeat(3000) }, true)),
    ).toEqual(['name: is required', 'description: must be at most 2000 characters', 'priceUsd: must be above 0'])
  })
})

describe('who sees and manages an article', () => {
  const listed = { sellerCompanyId: SELLER, status: 'listed' as const, priceUsd: 900 }
  const draft = { ...listed, status: 'draft' as const }

  it('lets its seller and staff manage it, nobody else', () => {
    expect(manages(seller, listed)).toBe(true)
    expect(manages(staff, listed)).toBe(true)
    expect(manages(otherSeller, listed)).toBe(false)
    expect(manages(buyer, listed)).toBe(false)
  })

  it('shows a listed article to every member and a draft only to its managers', () => {
    for (const v of [seller, staff, otherSeller, buyer, noPrice]) expect(visibleTo(v, listed)).toBe(true)
    expect(visibleTo(seller, draft)).toBe(true)
    expect(visibleTo(staff, draft)).toBe(true)
    expect(visibleTo(otherSeller, draft)).toBe(false)
    expect(visibleTo(buyer, draft)).toBe(false)
  })

  it('hides the price from a member who may not see prices, never from its seller', () => {
    expect(visiblePrice(buyer, listed)).toBe(900)
    expect(visiblePrice(noPrice, listed)).toBeNull()
    expect(visiblePrice({ ...seller, seesPrices: false }, listed)).toBe(900)
    expect(visiblePrice({ ...otherSeller, seesPrices: false }, listed)).toBeNull()
  })
})

describe('article photos', () => {
  it('holds at most 8', () => {
    expect(photoRefusal(0)).toBeNull()
    expect(photoRefusal(7)).toBeNull()
    expect(photoRefusal(8)).toBe('at most 8 photos per article')
  })

  it('keys a photo under its article, and reads the key back', () => {
    const key = photoKey(SELLER, OTHER, 'png')
    expect(key).toBe(`articles/${SELLER}/${OTHER}.png`)
    expect(photoOf(key)).toEqual({ articleId: SELLER, photoId: OTHER, ext: 'png' })
    expect(photoOf(`stones/${SELLER}/photo/${OTHER}.jpg`)).toBeNull()
    expect(photoOf(`articles/${SELLER}/../${OTHER}.jpg`)).toBeNull()
    expect(photoOf(`articles/${SELLER}/${OTHER}.pdf`)).toBeNull()
  })
})
