import { describe, expect, it } from 'vitest'
import { SIZE_BRACKET_BOUNDS, bracketLabel } from '@diamond/contracts/http/dashboard.values'
import {
  asOf,
  coalesceHighs,
  bracketOf,
  daysBefore,
  deltasOf,
  fromHundredths,
  hundredths,
  inIndex,
  positionsAfterHigh,
  priceIndex,
  priceSeries,
  type DayRow,
  type Share,
} from './dashboard.rules'

const share = (shape: string, bracket: number, ppcCents: number, back: string | null): Share => ({
  shape,
  bracket,
  ppcCents,
  back,
})
const row = (
  day: string,
  shape: string,
  bracket: number,
  stones: number,
  ppcSum: number,
  rapStones: number,
  backSum: number,
): DayRow => ({
  day,
  shape,
  bracket,
  stones,
  ppcSum,
  rapStones,
  backSum,
})

describe('the price index rules', () => {
  it('brackets carats as width_bucket does: the bound belongs to the bracket above', () => {
    expect(bracketOf(0.29)).toBe(0)
    expect(bracketOf(0.3)).toBe(1)
    expect(bracketOf(0.99)).toBe(4)
    expect(bracketOf(1)).toBe(5)
    expect(bracketOf(5)).toBe(SIZE_BRACKET_BOUNDS.length)
    expect(bracketOf(12.5)).toBe(SIZE_BRACKET_BOUNDS.length)
    expect(bracketLabel(0)).toBe('< 0.30 ct')
    expect(bracketLabel(5)).toBe('1.00–1.49 ct')
    expect(bracketLabel(9)).toBe('5.00+ ct')
  })

  it('leaves sold, confirmed, removed and lapsed stones out', () => {
    expect(['A', 'H', 'M', 'B', 'U'].every(inIndex)).toBe(true)
    expect(['C', 'X', 'R', 'L'].some(inIndex)).toBe(false)
  })

  it('reads discounts exactly in hundredths', () => {
    for (const [text, v] of [
      ['-23.50', -2350],
      ['-23.5', -2350],
      ['0.05', 5],
      ['-0.05', -5],
      ['12', 1200],
    ] as const) {
      expect(hundredths(text)).toBe(v)
    }
    expect(fromHundredths(-2350)).toBe('-23.50')
    expect(fromHundredths(-5)).toBe('-0.05')
    expect(fromHundredths(1207)).toBe('12.07')
  })

  it('moves the sums by the difference of old and new shares, and not at all for a change that moves nothing', () => {
    // A stone repriced, one joining, one leaving, one unchanged, one without a Rap price.
    const old = [
      share('ROUND', 5, 800_000, '-20.00'),
      share('OVAL', 2, 300_000, '-30.25'),
      share('PEAR', 1, 100_000, '-10.00'),
    ]
    const fresh = [
      share('ROUND', 5, 780_000, '-22.50'),
      share('PEAR', 1, 100_000, '-10.00'),
      share('ROUND', 7, 2_000_000, null),
    ]
    expect(deltasOf(old, fresh)).toEqual([
      { shape: 'ROUND', bracket: 5, stones: 0, ppcCents: -20_000, rapStones: 0, back100: -250 },
      { shape: 'OVAL', bracket: 2, stones: -1, ppcCents: -300_000, rapStones: -1, back100: 3025 },
      { shape: 'ROUND', bracket: 7, stones: 1, ppcCents: 2_000_000, rapStones: 0, back100: 0 },
    ])
  })

  it('equals a brute-force recount after any series of share changes', () => {
    let seed = 7
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n)
    const stones = new Map<number, Share | null>()
    const sums = new Map<string, { stones: number; ppc: number; rap: number; back: number }>()
    for (let step = 0; step < 2000; step++) {
      const id = rand(50)
      const before = stones.get(id) ?? null
      const after =
        rand(4) === 0
          ? null
          : share(
              ['ROUND', 'OVAL'][rand(2)]!,
              rand(3),
              rand(1_000_000),
              rand(3) ? fromHundredths(rand(5000) - 4000) : null,
            )
      stones.set(id, after)
      for (const d of deltasOf(before ? [before] : [], after ? [after] : [])) {
        const k = `${d.shape}|${d.bracket}`
        const s = sums.get(k) ?? { stones: 0, ppc: 0, rap: 0, back: 0 }
        sums.set(k, {
          stones: s.stones + d.stones,
          ppc: s.ppc + d.ppcCents,
          rap: s.rap + d.rapStones,
          back: s.back + d.back100,
        })
      }
    }
    const brute = new Map<string, { stones: number; ppc: number; rap: number; back: number }>()
    for (const s of stones.values()) {
      if (!s) continue
      const k = `${s.shape}|${s.bracket}`
      const b = brute.get(k) ?? { stones: 0, ppc: 0, rap: 0, back: 0 }
      brute.set(k, {
        stones: b.stones + 1,
        ppc: b.ppc + s.ppcCents,
        rap: b.rap + (s.back === null ? 0 : 1),
        back: b.back + (s.back === null ? 0 : hundredths(s.back)),
      })
    }
    const nonZero = (m: typeof sums) =>
      Object.fromEntries(
        [...m].filter(([, v]) => v.stones || v.ppc || v.rap || v.back).sort(([a], [b]) => a.localeCompare(b)),
      )
    expect(nonZero(sums)).toEqual(nonZero(brute))
  })
})

describe('the index and its series from day rows', () => {
  const today = '2026-11-27'
  const rows = [
    row('2026-10-20', 'ROUND', 5, 10, 8_000_000, 10, -200),
    row('2026-11-20', 'ROUND', 5, 10, 9_000_000, 10, -150),
    row('2026-11-27', 'ROUND', 5, 20, 20_000_000, 20, -200),
    row('2026-11-25', 'OVAL', 2, 4, 1_200_000, 2, -60),
  ]

  it('takes each key as of a day from its latest row on or before it', () => {
    expect(daysBefore(today, 7)).toBe('2026-11-20')
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28')
    expect(asOf(rows, '2026-11-21').get('ROUND\u00005')!.day).toBe('2026-11-20')
    expect(asOf(rows, '2026-11-21').has('OVAL\u00002')).toBe(false)
  })

  it('averages now and the change over 7 and 30 days', () => {
    const index = priceIndex(rows, today, true)
    expect(index[0]).toEqual({
      shape: 'ROUND',
      bracket: 5,
      stones: 20,
      back: -10,
      ppcCents: 1_000_000,
      back7: 5,
      back30: 10,
      ppc7Cents: 100_000,
      ppc30Cents: 200_000,
    })
    // No row 7 or 30 days back: nothing to compare.
    expect(index[1]).toMatchObject({ shape: 'OVAL', back: -30, ppcCents: 300_000, back7: null, ppc30Cents: null })
  })

  it('hides every average for a reader without prices', () => {
    for (const r of priceIndex(rows, today, false)) {
      expect([r.back, r.ppcCents, r.back7, r.back30, r.ppc7Cents, r.ppc30Cents]).toEqual([
        null,
        null,
        null,
        null,
        null,
        null,
      ])
    }
  })

  it("draws each shape's average per day, carried forward over days without a change", () => {
    const [round, oval] = priceSeries(rows, today, 30)
    expect(round!.shape).toBe('ROUND')
    expect(round!.days.length).toBe(31)
    expect(round!.days[30]).toBe(today)
    expect(round!.ppcCents[30]).toBe(1_000_000)
    expect(round!.ppcCents[29]).toBe(900_000)
    expect(round!.ppcCents[0]).toBe(800_000)
    expect(oval!.ppcCents[27]).toBe(null)
    expect(oval!.ppcCents[28]).toBe(300_000)
  })
})

describe('bid positions', () => {
  it('makes the leader lead and everyone displaced outbid, never the leader twice', () => {
    expect(positionsAfterHigh('a', ['b', 'a', 'c'])).toEqual([
      { userId: 'a', state: 'leading' },
      { userId: 'b', state: 'outbid' },
      { userId: 'c', state: 'outbid' },
    ])
  })
})

describe('coalesceHighs', () => {
  const h = (
    lotId: string,
    bidCount: number,
    leaderId: string,
    outbidIds: string[],
    previousLeaderId: string | null = null,
  ) => ({
    lotId,
    bidCount,
    leaderId,
    outbidIds,
    previousLeaderId,
  })
  const outbid = (x: { leaderId: string; outbidIds: string[]; previousLeaderId: string | null }) =>
    [...x.outbidIds, ...(x.previousLeaderId ? [x.previousLeaderId] : [])].filter((id) => id !== x.leaderId)

  it('keeps each lot once, its newest high, with everyone the run displaced but the final leader', () => {
    const out = coalesceHighs(
      [
        h('L1', 1, 'a', []),
        h('L2', 1, 'x', []),
        h('L1', 2, 'b', [], 'a'),
        h('L1', 3, 'a', ['b']),
        h('L1', 4, 'c', [], 'a'),
      ],
      outbid,
    )
    expect(out.map((o) => [o.lotId, o.bidCount, o.leaderId, [...o.outbidIds].sort()])).toEqual([
      ['L2', 1, 'x', []],
      ['L1', 4, 'c', ['a', 'b']],
    ])
  })

  it('the final leader is never told outbid, even if displaced earlier in the run', () => {
    const [o] = coalesceHighs([h('L1', 5, 'b', ['a']), h('L1', 6, 'a', ['b'])], outbid)
    expect(o).toMatchObject({ leaderId: 'a', outbidIds: ['b'], previousLeaderId: null, bidCount: 6 })
  })

  it('a late, older high (redelivered) does not win over the newest', () => {
    const [o] = coalesceHighs([h('L1', 7, 'c', ['b']), h('L1', 6, 'b', ['a'])], outbid)
    expect(o).toMatchObject({ leaderId: 'c', bidCount: 7 })
  })
})
