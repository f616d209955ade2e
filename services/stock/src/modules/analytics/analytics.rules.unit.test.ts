import { describe, expect, it } from 'vitest'
import {
  addSearch,
  addView,
  emptyBuffer,
  MAX_SEARCHES_PER_USER_WINDOW,
  noViewsSeen,
  turn,
  VIEW_ONCE_MS,
} from './analytics.rules'

describe('coalescing of analytics/create', () => {
  it("counts a user's views of one stone once, other users' and other stones' each", () => {
    const buf = emptyBuffer()
    const seen = noViewsSeen(0)
    expect(addView(buf, seen, 'u1', 's1')).toBe(true)
    expect(addView(buf, seen, 'u1', 's1')).toBe(false)
    expect(addView(buf, seen, 'u2', 's1')).toBe(true)
    expect(addView(buf, seen, 'u1', 's2')).toBe(true)
    expect([...buf.views]).toEqual([
      ['s1', 2],
      ['s2', 1],
    ])
  })

  it('remembers views at least VIEW_ONCE_MS, across one turn of the generations, and forgets them after two', () => {
    const buf = emptyBuffer()
    let seen = noViewsSeen(0)
    addView(buf, seen, 'u1', 's1')
    seen = turn(seen, VIEW_ONCE_MS - 1)
    expect(addView(buf, seen, 'u1', 's1')).toBe(false)
    seen = turn(seen, VIEW_ONCE_MS)
    expect(addView(buf, seen, 'u1', 's1')).toBe(false)
    seen = turn(seen, 2 * VIEW_ONCE_MS)
    expect(addView(buf, seen, 'u1', 's1')).toBe(true)
  })

  it("caps one user's searches per flush window", () => {
    const buf = emptyBuffer()
    const answers = Array.from({ length: MAX_SEARCHES_PER_USER_WINDOW + 5 }, () => addSearch(buf, 'u1'))
    expect(answers.filter(Boolean).length).toBe(MAX_SEARCHES_PER_USER_WINDOW)
    expect(addSearch(buf, 'u2')).toBe(true)
  })
})
