import { describe, expect, it } from 'vitest'
import { counterProblem, counterRange } from './offer.rules'

describe('counter-offers', () => {
  it('allow prices 10 above the buyer and 10 below the sales side (or the asking price)', () => {
    expect(counterRange({ buyerPrice: 5000, salesPrice: null, askingPrice: 5400 })).toEqual({ min: 5010, max: 5390 })
    expect(counterRange({ buyerPrice: 5000, salesPrice: 5200, askingPrice: 5400 })).toEqual({ min: 5010, max: 5190 })
    expect(counterRange({ buyerPrice: 5000, salesPrice: 5020, askingPrice: 5400 })).toEqual({ min: 5010, max: 5010 })
  })

  it('leave none when the prices are closer than that (a quote within 10 of the asking price)', () => {
    expect(counterRange({ buyerPrice: 5395, salesPrice: null, askingPrice: 5400 })).toBeNull()
    expect(counterRange({ buyerPrice: 5000, salesPrice: 5015, askingPrice: 5400 })).toBeNull()
  })

  it('say what is wrong with a typed price', () => {
    const r = { min: 5010, max: 5390 }
    expect(counterProblem('', r)).toBe('empty')
    expect(counterProblem('5100.555', r)).toBe('decimals')
    expect(counterProblem('5000', r)).toBe('outOfRange')
    expect(counterProblem('5391', r)).toBe('outOfRange')
    expect(counterProblem('5010', r)).toBeNull()
    expect(counterProblem('5390.00', r)).toBeNull()
  })
})
