import { describe, expect, it } from 'vitest'
import { demoStone } from '../demo/demo.rules'
import { SlotMap, StoneIndex } from './stone-index'

describe('SlotMap: keys to slots, one slot kept as a number', () => {
  it('adds, appends and removes as a map of lists would', () => {
    const m = new SlotMap()
    expect(m.get('A')).toBeUndefined()
    m.add('A', 3)
    m.add('A', 3)
    expect(m.get('A')).toEqual([3])
    m.add('A', 5)
    m.add('A', 3)
    m.append('A', 9)
    expect(m.get('A')).toEqual([3, 5, 9])
    m.append('B', 1)
    m.append('B', 2)
    expect([...m.values()]).toEqual([
      [3, 5, 9],
      [1, 2],
    ])
    expect(m.size).toBe(2)
    m.remove('A', 5)
    m.remove('A', 3)
    expect(m.get('A')).toEqual([9])
    m.remove('A', 4)
    expect(m.get('A')).toEqual([9])
    m.remove('A', 9)
    m.remove('nobody', 1)
    expect(m.get('A')).toBeUndefined()
    expect(m.size).toBe(1)
  })

  it('keeps the index finding stones by a number they share, and one that changed its own', () => {
    const index = new StoneIndex(4)
    const a = { ...demoStone(1), statusVersion: 0, certNo: 'gia-1' }
    const b = { ...demoStone(2), statusVersion: 0, certNo: 'GIA-1' }
    const ia = index.put(a)
    const ib = index.put(b)
    expect(index.byKey.get('GIA-1')).toEqual([ia, ib])
    index.put({ ...b, pairNo: 'P1', statusVersion: 1 })
    index.put({ ...a, pairNo: 'p1', statusVersion: 1 })
    expect(index.byPair.get('P1')).toEqual([ib, ia])
    index.put({ ...b, pairNo: '', statusVersion: 2 })
    expect(index.byPair.get('P1')).toEqual([ia])
    expect([...index.byPair.values()]).toEqual([[ia]])
  })
})
