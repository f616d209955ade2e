import { describe, expect, it } from 'vitest'
import { splitIds } from './ids.rules'

describe('id lists', () => {
  it('splits on commas, spaces, tabs, semicolons and new lines', () => {
    expect(splitIds('A1, A2 A3\nA4\r\nA5\tA6;A7')).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7'])
  })

  it('drops blanks and repeats, keeping the first order', () => {
    expect(splitIds('  ,, \n ')).toEqual([])
    expect(splitIds('B2\nB1\nB2,,B1 B3')).toEqual(['B2', 'B1', 'B3'])
  })

  it('keeps a pasted column of 2000 numbers whole', () => {
    const column = Array.from({ length: 2000 }, (_, i) => `R${i}`).join('\n')
    expect(splitIds(column)).toHaveLength(2000)
  })
})
