import { describe, expect, it } from 'vitest'
import { parseNumber, toggleInOrder } from './stoneFilter.rules'

describe('filter form pieces', () => {
  it('keeps chips in the master order whatever order they were pressed in, and takes one off again', () => {
    const order = ['D', 'E', 'F', 'G']
    let chosen = toggleInOrder([], 'G', order)
    chosen = toggleInOrder(chosen, 'D', order)
    chosen = toggleInOrder(chosen, 'F', order)
    expect(chosen).toEqual(['D', 'F', 'G'])
    expect(toggleInOrder(chosen, 'F', order)).toEqual(['D', 'G'])
  })

  it('reads a typed number: blank is none, anything else not a number is flagged', () => {
    expect(parseNumber(' 1.5 ')).toBe(1.5)
    expect(parseNumber('  ')).toBeUndefined()
    expect(parseNumber('1,5')).toBeNull()
  })
})
