import { describe, expect, it } from 'vitest'
import { Watchers } from './watchers'

const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `stone-${from + i}`)

describe('the watchers index', () => {
  it('finds the connections watching a stone, and only those', () => {
    const w = new Watchers<string>()
    expect(w.watch('a', ['s1', 's2'])).toBe(true)
    expect(w.watch('b', ['s2'])).toBe(true)
    expect([...w.of('s1')]).toEqual(['a'])
    expect([...w.of('s2')]).toEqual(['a', 'b'])
    expect([...w.of('s3')]).toEqual([])
  })

  it('forgets unwatched stones and every stone of a dropped connection, feed included', () => {
    const w = new Watchers<string>()
    w.watch('a', ['s1', 's2'])
    w.watch('b', ['s2'])
    w.joinFeed('a')
    w.unwatch('a', ['s1', 'never-watched'])
    expect([...w.of('s1')]).toEqual([])
    w.drop('a')
    expect([...w.of('s2')]).toEqual(['b'])
    expect(w.watching('a')).toBe(0)
    expect([...w.feed]).toEqual([])
  })

  it('counts a stone watched twice once, and refuses a request past the limit without applying any of it', () => {
    const w = new Watchers<string>()
    expect(w.watch('a', ids(8), 10)).toBe(true)
    expect(w.watch('a', ids(10), 10)).toBe(true) // 8 again and 2 new
    expect(w.watching('a')).toBe(10)
    expect(w.watch('a', ids(1, 10), 10)).toBe(false)
    expect(w.watching('a')).toBe(10)
    expect([...w.of('stone-10')]).toEqual([])
  })
})
