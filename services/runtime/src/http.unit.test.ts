import { describe, expect, it } from 'vitest'
import { nulAt } from './http'

describe('a NUL character in a request', () => {
  it('is found wherever it hides, by field path', () => {
    expect(nulAt({ title: 'ok\u0000' }, '')).toBe('title')
    expect(nulAt({ lots: [{ stoneId: 'a' }, { note: ['x', 'y\u0000'] }] }, '')).toBe('lots.1.note.1')
    expect(nulAt({ ['k\u0000']: 1 }, '')).toBe('k\u0000')
    expect(nulAt('\u0000', '')).toBe('')
  })
  it('is not seen where there is none', () => {
    expect(nulAt({ title: 'Évening \\u0000 sale', n: 1, b: null, list: [1, 'two'] }, '')).toBeNull()
    expect(nulAt(undefined, '')).toBeNull()
  })
})
