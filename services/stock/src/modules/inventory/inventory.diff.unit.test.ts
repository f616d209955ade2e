import { describe, expect, it } from 'vitest'
import {
  comparable,
  decideOmitted,
  decideRow,
  keptReason,
  pack,
  priceChangePct,
  priceDraft,
  sellerStoneStatus,
  type CurrentStone,
} from './inventory.diff'
import type { StoneDraft } from './inventory.types'

const draft = (over: Partial<StoneDraft> = {}): StoneDraft => ({
  stoneId: 'A1',
  certNo: '2141438171',
  shape: 'ROUND',
  carat: 1.2,
  color: 'G',
  clarity: 'VS1',
  cut: 'EX',
  polish: 'EX',
  symmetry: 'EX',
  fluorescence: 'NON',
  lab: 'GIA',
  location: 'MUMBAI',
  shade: 'NONE',
  back: -30,
  length: 6.81,
  width: 6.84,
  height: 4.21,
  depPer: 61.7,
  tblPer: 57,
  girdle: 'MED',
  culet: 'NON',
  treatment: 'NONE',
  origin: '',
  growthType: 'NATURAL',
  keyToSymbol: 'CRYSTAL',
  comments: '',
  fancyColor: '',
  fancyIntensity: '',
  fancyOvertone: '',
  eyeClean: '',
  milky: '',
  imageUrl: '',
  videoUrl: '',
  certificateUrl: '',
  ...over,
})

const current = (d: StoneDraft, over: Partial<CurrentStone> = {}): CurrentStone => ({
  id: '00000000-0000-4000-8000-000000000001',
  vStnId: 'N1',
  wSts: 'A',
  inOrder: false,
  inLot: false,
  packed: pack(comparable(priceDraft(d))),
  ...over,
})

describe('decideRow', () => {
  it('adds a stock number the seller does not have', () => {
    expect(decideRow(undefined, priceDraft(draft()))).toEqual({ kind: 'added' })
  })

  it('finds an identical row unchanged, whatever the decimals look like', () => {
    // 1.2 and 1.20 are one carat weight: the packed form writes both as PostgreSQL does.
    expect(decideRow(current(draft({ carat: 1.2 })), priceDraft(draft({ carat: 1.2 })))).toEqual({ kind: 'unchanged' })
    expect(pack(comparable(priceDraft(draft())))).toContain('1.20')
  })

  it('names the fields an update changes and the price change in percent', () => {
    const d = decideRow(current(draft()), priceDraft(draft({ back: -40, comments: 'pinpoint' })))
    expect(d.kind).toBe('updated')
    if (d.kind !== 'updated') return
    expect(d.changes.map((c) => c.field)).toEqual(['back', 'amtCents', 'comments'])
    expect(d.changes[0]).toEqual({ field: 'back', from: -30, to: -40 })
    // -30 % → -40 % off the same Rap price: 70 → 60, a fall of 14.29 %.
    expect(d.pricePct).toBe(-14.29)
  })

  it('gives no price change when only other fields change', () => {
    const d = decideRow(current(draft()), priceDraft(draft({ location: 'SURAT' })))
    expect(d).toMatchObject({ kind: 'updated', pricePct: null })
  })

  it.each([
    ['H', false, false, 'held'],
    ['M', false, false, 'memo'],
    ['C', false, false, 'confirmed'],
    ['A', true, false, 'order'],
    ['B', false, true, 'auction'],
  ] as const)(
    'keeps a stone with status %s (order %s, lot %s) rather than reprice it: %s',
    (wSts, inOrder, inLot, reason) => {
      const d = decideRow(current(draft(), { wSts, inOrder, inLot }), priceDraft(draft({ back: -10 })))
      expect(d).toMatchObject({ kind: 'kept', reason, wouldBe: 'updated' })
    },
  )

  it('leaves a held stone unchanged when the row is the same (nothing to keep it from)', () => {
    expect(decideRow(current(draft(), { wSts: 'H' }), priceDraft(draft()))).toEqual({ kind: 'unchanged' })
  })
})

describe('decideOmitted', () => {
  it('leaves omitted stones alone in add-and-update', () => {
    expect(decideOmitted(current(draft()), 'addUpdate')).toBeNull()
  })
  it('deletes omitted stones in replace-all, but never a held one', () => {
    expect(decideOmitted(current(draft()), 'replaceAll')).toEqual({ kind: 'deleted' })
    expect(decideOmitted(current(draft(), { wSts: 'H' }), 'replaceAll')).toEqual({
      kind: 'kept',
      reason: 'held',
      wouldBe: 'deleted',
    })
  })
  it('deletes an expired listing the file leaves out, and ignores a removed stone', () => {
    expect(decideOmitted(current(draft(), { wSts: 'L' }), 'replaceAll')).toEqual({ kind: 'deleted' })
    expect(decideOmitted(current(draft(), { wSts: 'R' }), 'replaceAll')).toBeNull()
  })
})

describe('rules of their own', () => {
  it('protects by auction first, then order, then status', () => {
    expect(keptReason({ wSts: 'H', inOrder: true, inLot: true })).toBe('auction')
    expect(keptReason({ wSts: 'H', inOrder: true, inLot: false })).toBe('order')
    expect(keptReason({ wSts: 'A', inOrder: false, inLot: false })).toBeNull()
  })
  it('computes price changes against the current price', () => {
    expect(priceChangePct(10000, 11000)).toBe(10)
    expect(priceChangePct(10000, 10000)).toBeNull()
    expect(priceChangePct(0, 100)).toBeNull()
  })
  it("tells a seller's stone status", () => {
    const now = Date.parse('2026-01-10T00:00:00Z')
    const base = { wSts: 'A', inOrder: false, inLot: false }
    expect(sellerStoneStatus({ ...base, listedUntil: new Date(now + 5 * 86_400_000) }, now)).toBe('listed')
    expect(sellerStoneStatus({ ...base, listedUntil: new Date(now + 3_600_000) }, now)).toBe('expiring')
    expect(sellerStoneStatus({ ...base, wSts: 'L', listedUntil: new Date(now - 1) }, now)).toBe('expired')
    expect(sellerStoneStatus({ ...base, wSts: 'H', listedUntil: null }, now)).toBe('held')
    expect(sellerStoneStatus({ ...base, wSts: 'X', listedUntil: null }, now)).toBe('sold')
    expect(sellerStoneStatus({ ...base, inLot: true, listedUntil: null }, now)).toBe('auction')
  })
})
