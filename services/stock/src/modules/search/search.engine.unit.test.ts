import { describe, expect, it } from 'vitest'
import { MASTERS } from '@diamond/contracts/masters'
import type { Range, SortKey, StoneFilter } from '@diamond/contracts/http/stock'
import { FACETS, SORTABLE } from '@diamond/contracts/http/stock.values'
import { demoStone, mulberry32, type DemoStone } from '../demo/demo.rules'
import { availabilityOf } from '../stones/stones.rules'
import { runSearch } from './search.engine'
import { compile } from './search.filter'
import { StoneIndex } from './stone-index'

/**
 * The engine against a brute-force reference written from the filter's meaning, over generated
 * stones: every filter kind, random combinations, every sortable column, pages, totals and facets,
 * before and after status changes. The reference reads the stones' own values (strings, dollars)
 * and shares no code with the index's encoding.
 */
type Stone = DemoStone & { statusVersion: number }

const ENUM_VALUE: Record<string, (s: Stone) => string> = {
  shpNm: (s) => s.shape,
  colNm: (s) => s.color,
  clrNm: (s) => s.clarity,
  cutNm: (s) => s.cut,
  polNm: (s) => s.polish,
  symNm: (s) => s.symmetry,
  fluNm: (s) => s.fluorescence,
  shdNm: (s) => s.shade,
  lbNm: (s) => s.lab,
  locNm: (s) => s.location,
  fcColNm: (s) => s.fancyColor,
  fcIntNm: (s) => s.fancyIntensity,
  fcOvtNm: (s) => s.fancyOvertone,
  blkTblNm: (s) => s.blackTable,
  blkSdNm: (s) => s.blackSide,
  wTblNm: (s) => s.whiteTable,
  wSdNm: (s) => s.whiteSide,
  opTblNm: (s) => s.openTable,
  opCrwnNm: (s) => s.openCrown,
  opPavNm: (s) => s.openPavilion,
  eClnNm: (s) => s.eyeClean,
  milkyNm: (s) => s.milky,
  hANm: (s) => s.heartArrow,
  brlncyNm: (s) => s.brilliancy,
  girdleNm: (s) => s.girdle,
  grdlCondNm: (s) => s.girdleCond,
  cultNm: (s) => s.culet,
  cultCondNm: (s) => s.culetCond,
  sellerNm: (s) => s.seller,
  showNm: (s) => s.showName,
  availability: (s) => availabilityOf(s.wSts),
}
const ENUM_MASTER: Record<string, readonly string[]> = {
  shpNm: MASTERS.SHAPE,
  colNm: MASTERS.COLOR,
  clrNm: MASTERS.CLARITY,
  cutNm: MASTERS.CUT,
  polNm: MASTERS.POLISH,
  symNm: MASTERS.SYMMETRY,
  fluNm: MASTERS.FLUORESCENCE,
  shdNm: MASTERS.SHADE,
  lbNm: MASTERS.LAB,
  locNm: MASTERS.LOCATION,
  fcColNm: MASTERS.FANCY_COLOR,
  fcIntNm: MASTERS.INTENSITY,
  fcOvtNm: MASTERS.OVERTONE,
  blkTblNm: MASTERS.BLACK,
  blkSdNm: MASTERS.BLACK,
  wTblNm: MASTERS.WHITE,
  wSdNm: MASTERS.WHITE,
  opTblNm: MASTERS.OPEN,
  opCrwnNm: MASTERS.OPEN,
  opPavNm: MASTERS.OPEN,
  eClnNm: MASTERS.EYE_CLEAN,
  milkyNm: MASTERS.MILKY,
  hANm: MASTERS.HEART_ARROW,
  brlncyNm: MASTERS.BRILLIANCY,
  girdleNm: MASTERS.GIRDLE,
  grdlCondNm: MASTERS.GIRDLE_CONDITION,
  cultNm: MASTERS.CULET,
  cultCondNm: MASTERS.CULET_CONDITION,
  sellerNm: MASTERS.SELLER,
  showNm: MASTERS.SHOW,
  availability: MASTERS.AVAILABILITY,
}
/** Values in the unit a user types: carat, percent, degrees, mm, dollars. */
const RANGE_VALUE: Record<string, (s: Stone) => number> = {
  crt: (s) => Number(s.carat),
  back: (s) => Number(s.back),
  amt: (s) => s.amtCents / 100,
  ctPr: (s) => s.ctprCents / 100,
  rap: (s) => s.rapCents / 100,
  depPer: (s) => Number(s.depPer),
  tblPer: (s) => Number(s.tblPer),
  grdlPer: (s) => Number(s.grdlPer),
  pAng: (s) => Number(s.pAng),
  cAng: (s) => Number(s.cAng),
  cHgt: (s) => Number(s.cHgt),
  pHgt: (s) => Number(s.pHgt),
  ratio: (s) => Number(s.ratio),
  length: (s) => Number(s.length),
  width: (s) => Number(s.width),
  height: (s) => Number(s.height),
  diaMin: (s) => Math.min(Number(s.length), Number(s.width)),
  diaMax: (s) => Math.max(Number(s.length), Number(s.width)),
  strLn: (s) => Number(s.strLn),
  lwrHal: (s) => Number(s.lwrHal),
}
const BOOL_VALUE: Record<string, (s: Stone) => boolean> = {
  isFcCol: (s) => s.isFancy,
  isXray: (s) => s.isXray,
  isType2: (s) => s.isType2,
  isSeal: (s) => s.isSeal,
  isDor: (s) => s.isDor,
}

const inRange = (v: number, r: Range) => (r.from === undefined || v >= r.from) && (r.to === undefined || v <= r.to)

/** Exclusive stock: availability E, or an available stone of the exclusive category (11). */
const exclusiveAvailable = (s: Stone) => availabilityOf(s.wSts) === 'A' && s.categories.includes(11)

function refMatch(s: Stone, f: StoneFilter): boolean {
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined) continue
    if (k === 'availability' && (v as string[]).includes('E') && exclusiveAvailable(s)) continue
    if (ENUM_VALUE[k]) {
      if ((v as string[]).length && !(v as string[]).includes(ENUM_VALUE[k](s))) return false
    } else if (RANGE_VALUE[k]) {
      const val = RANGE_VALUE[k](s)
      if (Array.isArray(v) ? !(v as Range[]).some((r) => inRange(val, r)) : !inRange(val, v as Range)) return false
    } else if (BOOL_VALUE[k]) {
      if (BOOL_VALUE[k](s) !== v) return false
    } else if (k === 'stoneIds') {
      const keys = [s.vStnId, s.stoneId, s.certNo].filter(Boolean).map((x) => x.toUpperCase())
      if (!(v as string[]).some((x) => keys.includes(x.trim().toUpperCase()))) return false
    } else if (k === 'sellerStoneNo') {
      if (!(v as string[]).some((x) => x.trim().toUpperCase() === s.stoneId.toUpperCase())) return false
    } else if (k === 'pairNo') {
      if (!s.pairNo || !(v as string[]).some((x) => x.trim().toUpperCase() === s.pairNo.toUpperCase())) return false
    } else if (k === 'keyToSymbol') {
      const mine = s.keyToSymbol.split(',').map((x) => x.trim())
      if (!(v as string[]).some((x) => mine.includes(x))) return false
    } else if (k === 'ids') {
      if (!(v as string[]).includes(s.id)) return false
    } else throw new Error(`reference does not know ${k}`)
  }
  return true
}

const stoneNoOrder = (a: Stone, b: Stone) =>
  a.vStnId.length - b.vStnId.length || (a.vStnId < b.vStnId ? -1 : a.vStnId > b.vStnId ? 1 : 0)
const rank = (list: readonly string[], v: string) => (v === '' ? 0 : list.indexOf(v) + 1)
const SORT_VALUE: Record<string, (s: Stone) => number> = {
  shpNm: (s) => rank(MASTERS.SHAPE, s.shape),
  colNm: (s) => rank(MASTERS.COLOR, s.color),
  clrNm: (s) => rank(MASTERS.CLARITY, s.clarity),
  crt: (s) => Number(s.carat),
  rap: (s) => s.rapCents,
  ctPr: (s) => s.ctprCents,
  amt: (s) => s.amtCents,
}
function refSort(list: Stone[], sort: SortKey[]): Stone[] {
  return [...list].sort((a, b) => {
    for (const k of sort) {
      const dir = k.dir === 'desc' ? -1 : 1
      const d = k.field === 'vStnId' ? stoneNoOrder(a, b) : SORT_VALUE[k.field]!(a) - SORT_VALUE[k.field]!(b)
      if (d !== 0) return d * dir
    }
    return stoneNoOrder(a, b)
  })
}

function refTotals(list: Stone[]) {
  let crt = 0
  let ctPr = 0
  let rapValue = 0
  let ctPrWithRap = 0
  for (const s of list) {
    const c = Math.round(Number(s.carat) * 100)
    crt += c
    ctPr += s.ctprCents
    if (s.rapCents > 0) {
      rapValue += s.rapCents * c
      ctPrWithRap += s.ctprCents
    }
  }
  const amt = crt > 0 ? Math.round((ctPr * 100) / crt) / 100 : 0
  return {
    count: list.length,
    crt: crt / 100,
    ctPr: Math.round(ctPr) / 100,
    amt,
    rap: crt > 0 ? Math.round(rapValue / crt) / 100 : 0,
    back: rapValue > 0 ? Math.round(((ctPrWithRap * 100) / rapValue - 1) * 100 * 100) / 100 : 0,
    fnCtpr: Math.round(ctPr) / 100,
    fnAmt: amt,
  }
}

/** Each group counted over the stones that pass the filter without the group's own condition. */
function refFacets(stones: Stone[], filter: StoneFilter) {
  const out: Record<string, Record<string, number>> = {}
  for (const k of FACETS) {
    const others = Object.fromEntries(Object.entries(filter).filter(([key]) => key !== k)) as StoneFilter
    const counts: Record<string, number> = {}
    for (const s of stones) {
      if (!refMatch(s, others)) continue
      const v = ENUM_VALUE[k]!(s)
      if (v) counts[v] = (counts[v] ?? 0) + 1
      if (k === 'availability' && exclusiveAvailable(s)) counts.E = (counts.E ?? 0) + 1
    }
    out[k] = counts
  }
  return out
}

const STONES = 4000
const source: Stone[] = Array.from({ length: STONES }, (_, i) => ({ ...demoStone(i + 1), statusVersion: 0 }))

function buildIndex(stones: Stone[]) {
  const index = new StoneIndex(64)
  // Out of stone-number order on purpose: the index must not rely on the load order.
  for (const s of [...stones].reverse()) index.put(s)
  return index
}

/** A random filter of 1 to 4 keys, drawn from every kind the contract has. */
function randomFilter(rnd: () => number, stones: Stone[]): StoneFilter {
  const f: Record<string, unknown> = {}
  const pickFrom = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!
  const keys = 1 + Math.floor(rnd() * 4)
  for (let n = 0; n < keys; n++) {
    const kind = rnd()
    if (kind < 0.4) {
      const k = pickFrom(Object.keys(ENUM_MASTER))
      const values = ENUM_MASTER[k]!.filter(() => rnd() < 0.45)
      f[k] = values.length ? values : [pickFrom(ENUM_MASTER[k]!)]
    } else if (kind < 0.75) {
      const k = pickFrom(Object.keys(RANGE_VALUE))
      const vals = stones.map(RANGE_VALUE[k]!).sort((a, b) => a - b)
      const lo = vals[Math.floor(rnd() * vals.length)]!
      const hi = vals[Math.floor(rnd() * vals.length)]!
      const [from, to] = lo <= hi ? [lo, hi] : [hi, lo]
      // Sometimes one end open, sometimes an odd number of decimals.
      const r = rnd()
      f[k] = r < 0.2 ? { from } : r < 0.4 ? { to } : r < 0.5 ? { from: from - 0.004, to: to + 0.0049 } : { from, to }
      if (k === 'crt' && rnd() < 0.3)
        f.crt = [
          { from: 0.3, to: 0.39 },
          { from: 0.9, to: 1.09 },
          { from, to },
        ]
    } else if (kind < 0.85) {
      f[pickFrom(Object.keys(BOOL_VALUE))] = rnd() < 0.5
    } else if (kind < 0.9) {
      f.keyToSymbol = MASTERS.KEY_TO_SYMBOL.filter(() => rnd() < 0.2)
      if (!(f.keyToSymbol as string[]).length) f.keyToSymbol = ['CLOUD']
    } else {
      const some = Array.from({ length: 1 + Math.floor(rnd() * 30) }, () => pickFrom(stones))
      const which = rnd()
      if (which < 0.4)
        f.stoneIds = [
          ...some.map((s) => pickFrom([s.vStnId, s.stoneId.toLowerCase(), s.certNo || s.vStnId])),
          'NO-SUCH-STONE',
        ]
      else if (which < 0.6) f.sellerStoneNo = some.map((s) => s.stoneId)
      else if (which < 0.8) f.pairNo = [...new Set(some.map((s) => s.pairNo).filter(Boolean)), 'P1']
      else f.ids = some.map((s) => s.id)
    }
  }
  return f as StoneFilter
}

function randomSort(rnd: () => number): SortKey[] {
  const n = Math.floor(rnd() * 4)
  const fields = [...SORTABLE].sort(() => rnd() - 0.5).slice(0, n)
  return fields.map((field) => ({ field, dir: rnd() < 0.5 ? 'asc' : 'desc' }))
}

function check(index: StoneIndex, stones: Stone[], filter: StoneFilter, sort: SortKey[], page: number, limit: number) {
  const expected = stones.filter((s) => refMatch(s, filter))
  const got = runSearch(index, compile(index, filter), { sort, offset: (page - 1) * limit, limit, facets: true })
  const label = JSON.stringify({ filter, sort, page, limit })
  expect(got.count, label).toBe(expected.length)
  expect(got.totals, label).toEqual(refTotals(expected))
  expect(got.facets, label).toEqual(refFacets(stones, filter))
  const want = refSort(expected, sort)
    .slice((page - 1) * limit, page * limit)
    .map((s) => s.vStnId)
  expect(
    got.page.map((i) => index.vStnIds[i]),
    label,
  ).toEqual(want)
}

describe('search engine against a brute-force reference', () => {
  const index = buildIndex(source)

  it('answers an empty filter with the whole stock in stone-number order', () => {
    check(index, source, {}, [], 1, 250)
    check(index, source, {}, [], 3, 100)
    check(index, source, {}, [{ field: 'vStnId', dir: 'desc' }], 2, 50)
  })

  it('gives exactly the reference answer for every filter kind, alone', () => {
    const rnd = mulberry32(7)
    for (const k of Object.keys(ENUM_MASTER))
      check(index, source, { [k]: ENUM_MASTER[k]!.filter(() => rnd() < 0.5) } as StoneFilter, [], 1, 100)
    for (const k of Object.keys(RANGE_VALUE)) {
      const vals = source.map(RANGE_VALUE[k]!).sort((a, b) => a - b)
      check(
        index,
        source,
        { [k]: { from: vals[STONES / 4], to: vals[(3 * STONES) / 4] } } as StoneFilter,
        [{ field: 'crt', dir: 'desc' }],
        1,
        100,
      )
    }
    for (const k of Object.keys(BOOL_VALUE))
      for (const v of [true, false]) check(index, source, { [k]: v } as StoneFilter, [], 1, 50)
  }, 60_000)

  it('gives exactly the reference answer for random combinations, sorts and pages', () => {
    const rnd = mulberry32(2026)
    for (let n = 0; n < 300; n++) {
      check(
        index,
        source,
        randomFilter(rnd, source),
        randomSort(rnd),
        1 + Math.floor(rnd() * 3),
        [10, 50, 250][Math.floor(rnd() * 3)]!,
      )
    }
  }, 60_000)

  it('stays exact while statuses change', () => {
    const stones = source.map((s) => ({ ...s }))
    const live = buildIndex(stones)
    const rnd = mulberry32(99)
    for (let round = 0; round < 20; round++) {
      for (let c = 0; c < 200; c++) {
        const s = stones[Math.floor(rnd() * stones.length)]!
        const wSts = ['A', 'H', 'M', 'U', 'X'][Math.floor(rnd() * 5)]!
        s.wSts = wSts
        s.statusVersion++
        expect(live.setStatus(s.id, wSts, s.statusVersion)).toBe(true)
        // A late, older event changes nothing.
        expect(live.setStatus(s.id, 'A', s.statusVersion - 1)).toBe(false)
      }
      check(live, stones, { availability: ['A'] }, [], 1, 250)
      check(live, stones, { ...randomFilter(rnd, stones), availability: ['H', 'M'] }, randomSort(rnd), 1, 100)
    }
  }, 60_000)

  it('takes a rewritten stone (a new price) and new arrivals', () => {
    const stones = source.slice(0, 500).map((s) => ({ ...s }))
    const live = buildIndex(stones)
    const s = stones[10]!
    s.back = '-10.00'
    s.amtCents = Math.round(s.rapCents * 0.9)
    s.ctprCents = Math.round((s.amtCents * Math.round(Number(s.carat) * 100)) / 100)
    s.statusVersion = 5
    live.put(s)
    const added = { ...demoStone(9001), statusVersion: 0 }
    stones.push(added)
    live.put(added)
    check(live, stones, { back: { from: -12, to: -5 } }, [{ field: 'amt', dir: 'desc' }], 1, 50)
    check(live, stones, {}, [], 2, 250)
  })

  it('finds no staged stone (a commit still open) until its committed status shows it, then as any other', () => {
    const stones = source.slice(0, 300).map((s) => ({ ...s }))
    const live = buildIndex(stones)
    const staged = Array.from({ length: 60 }, (_, i) => ({ ...demoStone(9100 + i), statusVersion: 1 }))
    for (const s of staged) live.stage(s)
    check(live, stones, {}, [], 1, 250)
    check(live, stones, { back: { from: -40, to: -5 } }, [{ field: 'amt', dir: 'desc' }], 1, 50)
    expect(live.availabilityAt(staged[0]!.id)).toBe('')
    // The commit's status (the same version) shows them; an older one would not.
    expect(live.setStatus(staged[0]!.id, staged[0]!.wSts, 0)).toBe(false)
    for (const s of staged) expect(live.setStatus(s.id, s.wSts, s.statusVersion)).toBe(true)
    const all = [...stones, ...staged]
    check(live, all, {}, [], 1, 250)
    check(live, all, {}, [], 2, 250)
    check(live, all, { back: { from: -40, to: -5 } }, [{ field: 'amt', dir: 'desc' }], 1, 50)
  })

  it('keeps a stone staged without its number out of every search and the number order until numbered', () => {
    // An upload's new stones are staged from their lines before the insert hands out their numbers.
    const stones = source.slice(0, 300).map((s) => ({ ...s }))
    const live = buildIndex(stones)
    check(live, stones, {}, [], 1, 250) // the number order built before they come
    const staged = Array.from({ length: 900 }, (_, i) => ({ ...demoStone(9300 + i), statusVersion: 0 }))
    for (const s of staged) live.stage({ ...s, vStnId: '' })
    check(live, stones, {}, [], 1, 250)
    check(live, stones, { back: { from: -40, to: -5 } }, [{ field: 'amt', dir: 'desc' }], 1, 50)
    // Unnumbered, a stone is unknown to the index's followers and no status shows it.
    expect(live.versionOf(staged[0]!.id)).toBeUndefined()
    expect(live.setStatus(staged[0]!.id, staged[0]!.wSts, 0)).toBe(false)
    expect(live.byKey.get(staged[0]!.vStnId.toUpperCase())).toBeUndefined()
    // Another stone arrives meanwhile, numbered: merged into the order without the unnumbered ones.
    const other = { ...demoStone(9290), statusVersion: 0 }
    live.put(other)
    stones.push(other)
    check(live, stones, {}, [], 1, 250)
    check(live, stones, {}, [{ field: 'vStnId', dir: 'desc' }], 1, 250)
    // Found by a narrow filter (ranked by slot: its slot lies past every unnumbered one), and in a sort with ties.
    const carat = Number(other.carat)
    check(live, stones, { crt: { from: carat - 0.05, to: carat + 0.05 } }, [], 1, 50)
    check(live, stones, { crt: { from: carat - 0.3, to: carat + 0.3 } }, [{ field: 'shpNm', dir: 'asc' }], 1, 50)
    // The commit numbers them (more than the order held: it is built again), then shows them.
    for (const s of staged) live.number(s.id, s.vStnId)
    live.number(staged[0]!.id, 'N999999999') // a number is given once
    expect(live.vStnIds[live.byId.get(staged[0]!.id)!]).toBe(staged[0]!.vStnId)
    expect(live.versionOf(staged[0]!.id)).toBe(-1)
    for (const s of staged) expect(live.setStatus(s.id, s.wSts, s.statusVersion)).toBe(true)
    const all = [...stones, ...staged]
    check(live, all, {}, [], 1, 250)
    check(live, all, {}, [{ field: 'vStnId', dir: 'desc' }], 2, 250)
    check(live, all, { back: { from: -40, to: -5 } }, [{ field: 'amt', dir: 'desc' }], 1, 50)
    expect(live.byKey.get(staged[5]!.vStnId.toUpperCase())).toEqual([live.byId.get(staged[5]!.id)])
    // A few more, merged into the order rather than sorted whole.
    const late = Array.from({ length: 20 }, (_, i) => ({ ...demoStone(9300 + 900 + i), statusVersion: 0 }))
    for (const s of late) live.stage({ ...s, vStnId: '' })
    for (const s of late) live.number(s.id, s.vStnId)
    for (const s of late) live.setStatus(s.id, s.wSts, s.statusVersion)
    check(live, [...all, ...late], {}, [], 1, 250)
    check(live, [...all, ...late], {}, [{ field: 'vStnId', dir: 'desc' }], 1, 250)
  })

  it('merges arrivals between searches into its carat and stone-number orders, as a fresh index has them', () => {
    // An upload's stones arrive in batches while buyers search: each search merges what arrived.
    const rnd = mulberry32(31)
    const order = source.map((s) => ({ ...s })).sort(() => rnd() - 0.5)
    const stones = order.slice(0, 800)
    const live = buildIndex(stones)
    check(live, stones, { crt: { from: 0.5, to: 1.5 } }, [], 1, 100)
    for (let at = 800; at < 2400;) {
      const batch = order.slice(at, (at += 1 + Math.floor(rnd() * 300)))
      for (const s of batch) live.put(s)
      stones.push(...batch)
      if (rnd() < 0.3) {
        // Now and then a stone already in the orders is rewritten with another carat.
        const s = stones[Math.floor(rnd() * stones.length)]!
        s.carat = (Number(s.carat) + 0.37).toFixed(2)
        s.statusVersion++
        live.put(s)
      }
      check(
        live,
        stones,
        { ...randomFilter(rnd, stones), crt: { from: 0.3, to: 1 + rnd() * 2 } },
        randomSort(rnd),
        1,
        100,
      )
      check(live, stones, {}, [{ field: 'vStnId', dir: rnd() < 0.5 ? 'asc' : 'desc' }], 1 + Math.floor(rnd() * 3), 100)
    }
  }, 60_000)

  it('counts each facet group without its own condition: picking one shape keeps the other shapes', () => {
    const got = runSearch(index, compile(index, { shpNm: ['ROUND'], colNm: ['D', 'E'] }), {
      offset: 0,
      limit: 0,
      countOnly: true,
      facets: true,
    })
    const dOrE = source.filter((s) => ['D', 'E'].includes(s.color))
    expect(got.facets!.shpNm!.PEAR).toBe(dOrE.filter((s) => s.shape === 'PEAR').length)
    expect(got.facets!.shpNm!.PEAR).toBeGreaterThan(0)
    expect(got.facets!.colNm!.G).toBe(source.filter((s) => s.shape === 'ROUND' && s.color === 'G').length)
  })

  it('counts fancy intensity and overtone', () => {
    const got = runSearch(index, compile(index, { isFcCol: true }), { offset: 0, limit: 0, facets: true })
    expect(Object.keys(got.facets!.fcIntNm!).length).toBeGreaterThan(1)
    expect(Object.keys(got.facets!.fcOvtNm!).length).toBeGreaterThan(1)
  })

  it("counts the exclusive page's stones under availability E, and finds them by it", () => {
    const page = compile(index, {}, { categoryMask: 1 << 11 })
    const got = runSearch(index, page, { offset: 0, limit: 0, facets: true })
    const exclusive = source.filter(exclusiveAvailable)
    expect(got.facets!.availability!.E).toBe(exclusive.length)
    expect(exclusive.length).toBeGreaterThan(0)
    expect(runSearch(index, compile(index, { availability: ['E'] }), { offset: 0, limit: 0 }).count).toBe(
      exclusive.length,
    )
  })

  it('finds nothing for a value no stone has, without scanning', () => {
    const got = runSearch(index, compile(index, { shpNm: ['ROUND'], keyToSymbol: ['NOT A SYMBOL'] }), {
      offset: 0,
      limit: 10,
    })
    expect(got.count).toBe(0)
  })
})
