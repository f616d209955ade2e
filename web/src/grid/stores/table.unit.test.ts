import { describe, expect, it } from 'vitest'
import { benchRow } from './perf'
import { RowTable } from './table'

type Rec = { id: string } & Record<string, unknown>

/** A small deterministic random source (the same cases every run). */
function random(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

describe('a table of rows kept by column', () => {
  it('gives back every row as it was stored, fields in order', () => {
    const rows = Array.from({ length: 500 }, (_, i) => benchRow(i))
    const t = RowTable.of(rows)
    expect(t.size).toBe(500)
    for (const [i, r] of rows.entries()) {
      expect(t.slot(r.id)).toBe(i)
      expect(t.read(i)).toEqual(r)
      expect(Object.keys(t.read(i))).toEqual(Object.keys(r))
    }
  })

  it('keeps nulls, missing fields, NaN, texts among numbers and lists apart', () => {
    const t = new RowTable<Rec>(2)
    const a: Rec = { id: 'a', pAng: null, crt: 1.01, isXray: null, note: 'x', categories: [1, 2] }
    const b: Rec = { id: 'b', pAng: 40.5, crt: Number.NaN, isXray: true, categories: [] }
    const c: Rec = { id: 'c', pAng: 'n/a', crt: 0, isXray: 'yes', note: null, categories: [1, 2], extra: { deep: 1 } }
    for (const r of [a, b, c]) t.add(r)
    expect(t.read(0)).toEqual(a)
    expect(t.read(1)).toEqual(b)
    expect(t.read(2)).toEqual(c)
    // A field a row does not have is not in its record at all (prices hidden by the server).
    expect('note' in t.read(1)).toBe(false)
    expect('extra' in t.read(0)).toBe(false)
  })

  it('shares one frozen copy of a list among the rows that have it', () => {
    const list = [3]
    const t = RowTable.of([
      { id: 'a', categories: list },
      { id: 'b', categories: [3] },
    ])
    const a = t.get(0, 'categories')
    expect(a).toEqual([3])
    expect(t.get(1, 'categories')).toBe(a)
    expect(Object.isFrozen(a)).toBe(true)
    list.push(4)
    expect(t.get(0, 'categories')).toEqual([3])
  })

  it('takes a column kind from its first value that is not null', () => {
    const t = RowTable.of<Rec>([
      { id: 'a', v: null },
      { id: 'b', v: null },
      { id: 'c', v: 2.5 },
      { id: 'd', v: true },
      { id: 'e' },
    ])
    expect([0, 1, 2, 3, 4].map((i) => t.get(i, 'v'))).toEqual([null, null, 2.5, true, undefined])
  })

  it('writes one field of a row and replaces a row stored again under its id', () => {
    const t = RowTable.of<Rec>([
      { id: 'a', n: 1, s: 'x', f: false },
      { id: 'b', n: 2, s: 'y', f: true },
    ])
    t.set(0, 'n', 7)
    t.set(0, 's', 'z')
    t.set(1, 'f', undefined)
    expect(t.read(0)).toEqual({ id: 'a', n: 7, s: 'z', f: false })
    expect(t.read(1)).toEqual({ id: 'b', n: 2, s: 'y' })
    expect(t.add({ id: 'a', s: 'w' })).toBe(0)
    expect(t.read(0)).toEqual({ id: 'a', s: 'w' })
    expect(t.size).toBe(2)
  })

  it('grows past its first size, and turns a column of many texts plain without losing one', () => {
    const t = new RowTable<Rec>(1)
    for (let i = 0; i < 10_000; i++)
      t.add({ id: `id-${i}`, code: `c${i}`, shape: i % 2 ? 'ROUND' : 'PEAR', n: i, odd: i % 2 === 1 })
    expect(t.size).toBe(10_000)
    for (const i of [0, 1, 4095, 4096, 4097, 9999])
      expect(t.read(t.slot(`id-${i}`)!)).toEqual({
        id: `id-${i}`,
        code: `c${i}`,
        shape: i % 2 ? 'ROUND' : 'PEAR',
        n: i,
        odd: i % 2 === 1,
      })
  })

  it('answers what a plain list of records answers, whatever is written in any order', () => {
    const rnd = random(42)
    const values = [
      undefined,
      null,
      0,
      -1.5,
      3,
      Number.NaN,
      true,
      false,
      '',
      'A',
      'H',
      'ROUND',
      [1],
      [2, 3],
      { x: 1 },
      '\u0000odd',
    ]
    const keys = ['a', 'b', 'c', 'd']
    const t = new RowTable<Rec>(1)
    const ref = new Map<string, Rec>()
    for (let step = 0; step < 20_000; step++) {
      const id = `r${Math.floor(rnd() * 300)}`
      const s = t.slot(id)
      if (s === undefined || rnd() < 0.1) {
        const r: Rec = { id }
        for (const k of keys) {
          const v = values[Math.floor(rnd() * values.length)]
          if (v !== undefined) r[k] = v
        }
        t.add(r)
        ref.set(id, r)
      } else {
        const k = keys[Math.floor(rnd() * keys.length)]!
        const v = values[Math.floor(rnd() * values.length)]
        t.set(s, k, v)
        const r = ref.get(id)!
        if (v === undefined) delete r[k]
        else r[k] = v
      }
    }
    for (const [id, r] of ref) expect(t.read(t.slot(id)!)).toEqual(r)
  })

  it('takes a long list apart later, in slices, reading and writing its rows as they are meanwhile', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => benchRow(i) as unknown as Rec)
    const want = rows.map((r) => ({ ...r }))
    const t = RowTable.later(rows)
    expect(t.size).toBe(3000)
    expect(t.pending).toBe(3000)
    // Before: reads, a write, a row stored again.
    expect(t.read(5)).toEqual(want[5])
    t.set(7, 'wSts', 'H')
    want[7]!.wSts = 'H'
    t.set(8, 'note', undefined)
    expect(t.get(7, 'wSts')).toBe('H')
    const again: Rec = { ...want[9]!, crt: 9.99 }
    t.add(again)
    want[9] = again
    expect(t.pending).toBe(2999)
    // Slices of no time still take some rows: the list ends taken apart.
    let slices = 0
    while (t.encodeSome(0) > 0) slices++
    expect(slices).toBeGreaterThan(10)
    expect(t.pending).toBe(0)
    for (const i of [0, 5, 7, 8, 9, 2999]) expect(t.read(i)).toEqual(want[i])
    expect(t.slot(want[2999]!.id)).toBe(2999)
  })

  it('answers the same whether its rows were taken apart at once or later, whatever is written meanwhile', () => {
    const rnd = random(7)
    const values = [undefined, null, 1, 2.5, true, 'A', 'B', [1]]
    const make = (i: number): Rec => {
      const r: Rec = { id: `r${i}` }
      for (const k of ['a', 'b', 'c']) {
        const v = values[Math.floor(rnd() * values.length)]
        if (v !== undefined) r[k] = v
      }
      return r
    }
    const rows = Array.from({ length: 500 }, (_, i) => make(i))
    const now = RowTable.of(rows.map((r) => ({ ...r })))
    const later = RowTable.later(rows.map((r) => ({ ...r })))
    for (let step = 0; step < 5000; step++) {
      const slot = Math.floor(rnd() * 500)
      const k = ['a', 'b', 'c', 'd'][Math.floor(rnd() * 4)]!
      const v = values[Math.floor(rnd() * values.length)]
      now.set(slot, k, v)
      later.set(slot, k, v)
      if (step % 50 === 0) later.encodeSome(0)
      expect(later.get(slot, k as never)).toEqual(now.get(slot, k as never))
    }
    while (later.encodeSome(1) > 0);
    for (let i = 0; i < 500; i++) expect(later.read(i)).toEqual(now.read(i))
  })

  it('keeps a field a waiting row does not have beside it, without adding it to the row', () => {
    const row: Rec = { id: 'a', crt: 1 }
    const t = RowTable.later<Rec>([row, { id: 'b', crt: 2 }])
    t.set(0, 'flash', true)
    expect(row).toEqual({ id: 'a', crt: 1 })
    expect(t.read(0)).toEqual({ id: 'a', crt: 1, flash: true })
    expect(t.get(0, 'flash')).toBe(true)
    t.add({ id: 'a', crt: 3 })
    expect(t.read(0)).toEqual({ id: 'a', crt: 3 })
    t.set(1, 'flash', false)
    while (t.encodeSome(1) > 0);
    expect(t.read(1)).toEqual({ id: 'b', crt: 2, flash: false })
  })
})
