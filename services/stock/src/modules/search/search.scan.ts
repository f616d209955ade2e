import type { StoneIndex } from './stone-index'
import { isExclusiveAvailable, makeTest, type Compiled } from './search.filter'

/*
 * The scan, a column at a time: the candidates (a carat band, a list of ids, or every stone) pass
 * through one tight loop per condition, rarest first, each keeping the survivors in place. Each loop
 * reads one typed array of one type, which the JIT compiles to a few machine instructions a stone.
 */
function keepEnum(src: Int32Array | null, n: number, out: Int32Array, col: Uint8Array, allow: Uint8Array): number {
  let m = 0
  if (src === null) {
    for (let i = 0; i < n; i++) if (allow[col[i]!] !== 0) out[m++] = i
  } else {
    for (let j = 0; j < n; j++) {
      const i = src[j]!
      if (allow[col[i]!] !== 0) out[m++] = i
    }
  }
  return m
}
function keepInt(src: Int32Array | null, n: number, out: Int32Array, col: Int32Array, lo: number, hi: number): number {
  let m = 0
  if (src === null) {
    for (let i = 0; i < n; i++) {
      const v = col[i]!
      if (v >= lo && v <= hi) out[m++] = i
    }
  } else {
    for (let j = 0; j < n; j++) {
      const i = src[j]!
      const v = col[i]!
      if (v >= lo && v <= hi) out[m++] = i
    }
  }
  return m
}
function keepFloat(
  src: Int32Array | null,
  n: number,
  out: Int32Array,
  col: Float64Array,
  lo: number,
  hi: number,
): number {
  let m = 0
  if (src === null) {
    for (let i = 0; i < n; i++) {
      const v = col[i]!
      if (v >= lo && v <= hi) out[m++] = i
    }
  } else {
    for (let j = 0; j < n; j++) {
      const i = src[j]!
      const v = col[i]!
      if (v >= lo && v <= hi) out[m++] = i
    }
  }
  return m
}
function keepWhere(src: Int32Array | null, n: number, out: Int32Array, test: (i: number) => boolean): number {
  let m = 0
  for (let j = 0; j < n; j++) {
    const i = src === null ? j : src[j]!
    if (test(i)) out[m++] = i
  }
  return m
}
export function countValues(hits: Int32Array, n: number, col: Uint8Array, counts: Int32Array) {
  for (let h = 0; h < n; h++) counts[col[hits[h]!]!]!++
}

/** Writes the stones that pass every condition into `out`, in candidate order; answers how many. */
export function narrow(index: StoneIndex, c: Compiled, out: Int32Array): number {
  let src: Int32Array | null = null
  let n = index.size
  if (c.candidates) {
    out.set(c.candidates)
    src = out
    n = c.candidates.length
  }
  const step = (m: number) => {
    src = out
    n = m
  }
  for (const p of c.enumP) {
    const x = p.exclusive
    if (x) step(keepWhere(src, n, out, (i) => p.allow[p.col[i]!] !== 0 || isExclusiveAvailable(index, x, i)))
    else step(keepEnum(src, n, out, p.col, p.allow))
  }
  for (const p of c.intP) step(keepInt(src, n, out, p.col, p.lo, p.hi))
  for (const p of c.centP) step(keepFloat(src, n, out, p.col, p.lo, p.hi))
  // The rest are rare conditions: one general pass over the few stones still in.
  const rest = makeRestTest(index, c)
  if (rest) step(keepWhere(src, n, out, rest))
  if (src === null) for (let i = 0; i < n; i++) out[i] = i
  return n
}

/** Carat bands, yes/no, symbols, categories, arrival, parcels and a page's own test, or null if none. */
function makeRestTest(index: StoneIndex, c: Compiled): ((i: number) => boolean) | null {
  const { crtRanges, boolP, symMasks, scope } = c
  if (
    !crtRanges &&
    !boolP.length &&
    !symMasks.length &&
    !scope.categoryMask &&
    scope.minArrivedAt === undefined &&
    !scope.minPcs &&
    !scope.test
  )
    return null
  return makeTest(index, { ...c, enumP: [], intP: [], centP: [] })
}
