import { describe, expect, it } from 'vitest'
import { blockProblems, blockRight, blockTypeOfStatus, secondsLeft, staffRight, webStatusOf } from './blocks.rules'

const me = '11111111-1111-4111-8111-111111111111'
const buyer = '22222222-2222-4222-8222-222222222222'

describe('block rules', () => {
  it('lets a buyer hold for themselves with the hold insert right', () => {
    expect(blockRight({ blockType: 1 }, me)).toEqual(['hold', 'insert'])
    expect(blockRight({ blockType: 1, userId: me }, me)).toEqual(['hold', 'insert'])
  })

  it('needs staff rights to hold for someone else, to memo, show or office a stone', () => {
    expect(blockRight({ blockType: 1, userId: buyer }, me)).toEqual(['hold', 'all'])
    expect(blockRight({ blockType: 2, userId: buyer, memoNo: 'M-1' }, me)).toEqual(['memo', 'all'])
    expect(blockRight({ blockType: 3 }, me)).toEqual(['memo', 'all'])
    expect(blockRight({ blockType: 4 }, me)).toEqual(['office', 'all'])
    expect(staffRight(1)).toEqual(['hold', 'all'])
    expect(staffRight(2)).toEqual(['memo', 'all'])
  })

  it('asks a memo for its buyer and memo number, naming the fields', () => {
    expect(blockProblems({ blockType: 2, userId: buyer, memoNo: 'M-100' }, me)).toEqual([])
    expect(blockProblems({ blockType: 2 }, me).map((p) => p.field)).toEqual(['userId', 'memoNo'])
    expect(blockProblems({ blockType: 2, userId: me, memoNo: 'M-1' }, me).map((p) => p.field)).toEqual(['userId'])
  })

  it('refuses a memo number on anything but a memo', () => {
    expect(blockProblems({ blockType: 1, memoNo: 'M-1' }, me).map((p) => p.field)).toEqual(['memoNo'])
    expect(blockProblems({ blockType: 3 }, me)).toEqual([])
  })

  it('maps block types to web statuses and back', () => {
    expect([1, 2, 3, 4].map((t) => webStatusOf(t as 1))).toEqual(['H', 'M', 'S', 'O'])
    expect(blockTypeOfStatus('M')).toBe(2)
    expect(blockTypeOfStatus('A')).toBeNull()
  })

  it('counts the seconds left on the server clock, never below zero', () => {
    expect(secondsLeft('2026-01-01T10:15:00Z', '2026-01-01T10:00:00.500Z')).toBe(899)
    expect(secondsLeft('2026-01-01T10:00:00Z', '2026-01-01T10:00:01Z')).toBe(0)
  })
})
