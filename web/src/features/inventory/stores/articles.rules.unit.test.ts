import { describe, expect, it } from 'vitest'
import { articleProblems, parsePrice, photoProblem } from './articles.rules'

describe('an article form', () => {
  it('reads prices as sellers type them', () => {
    expect(parsePrice('12500')).toBe(12500)
    expect(parsePrice('12500.5')).toBe(12500.5)
    expect(parsePrice('12,500.50')).toBe(12500.5)
    expect(parsePrice('12.500,50')).toBe(12500.5)
    expect(parsePrice('1 250,99')).toBe(1250.99)
    expect(parsePrice(' 99.99 ')).toBe(99.99)
    expect(parsePrice('1,250')).toBe(1250)
    for (const bad of ['', 'abc', '-5', '12.', '1e5', '$10']) expect(parsePrice(bad), bad).toBeNull()
  })

  it('names the fields the server would refuse', () => {
    expect(articleProblems({ name: 'Ring', description: '', price: '10' })).toEqual({})
    expect(articleProblems({ name: '  ', description: 'd'.repeat(2001), price: '0' })).toEqual({
      name: 'nameRequired',
      description: 'descriptionLong',
      price: 'priceRange',
    })
    expect(articleProblems({ name: 'n'.repeat(121), description: '', price: 'x' })).toEqual({
      name: 'nameLong',
      price: 'priceBad',
    })
  })

  it('takes jpg and png photos up to the limit, 8 per article', () => {
    expect(photoProblem({ name: 'a.JPG', size: 10 }, 0)).toBeNull()
    expect(photoProblem({ name: 'a.png', size: 10 }, 7)).toBeNull()
    expect(photoProblem({ name: 'a.png', size: 10 }, 8)).toBe('full')
    expect(photoProblem({ name: 'a.gif', size: 10 }, 0)).toBe('type')
    expect(photoProblem({ name: 'a.jpg', size: 0 }, 0)).toBe('size')
    expect(photoProblem({ name: 'a.jpg', size: 11 * 1024 * 1024 }, 0)).toBe('size')
  })
})
