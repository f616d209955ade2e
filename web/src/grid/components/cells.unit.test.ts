import { describe, expect, it } from 'vitest'
import { cellProps, mayOverflow } from './cells'

const placed = (key: string, width: number) => ({ key, width, frozen: false, offset: 0 })
const clipped = (p: { className: string }) => p.className.split(' ').includes('cell--clip')

describe('cell clipping', () => {
  it('clips a text only when its characters could be wider than the column', () => {
    expect(mayOverflow('1.50', 60)).toBe(false)
    expect(mayOverflow('$12,345.00', 104)).toBe(false)
    expect(mayOverflow('$1,234,567.00', 104)).toBe(true)
    expect(mayOverflow('NEW YORK CITY WAREHOUSE', 92)).toBe(true)
    // Full-width characters run wider than Latin letters: four fit 64 px as Latin, not as Japanese.
    expect(mayOverflow('ABCD', 64)).toBe(false)
    expect(mayOverflow('はいはい', 64)).toBe(true)
    expect(clipped(cellProps(placed('crt', 60), '1.50'))).toBe(false)
    expect(clipped(cellProps(placed('locNm', 92), 'NEW YORK CITY WAREHOUSE'))).toBe(true)
  })

  it('always clips the live cells that hold an element, never the selection box', () => {
    for (const key of ['Details', 'status', 'Action']) expect(clipped(cellProps(placed(key, 80)))).toBe(true)
    expect(clipped(cellProps(placed('select', 36)))).toBe(false)
  })
})
