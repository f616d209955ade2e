/**
 * A table of records kept by column, keyed by id: the grid's store of every stone it lists.
 *
 * Why columns: a list of 100,000 stones kept as objects of ninety fields is ten million slots and
 * over a million boxed numbers that every major collection of the page's heap marks again, on the
 * same two cores that draw the frames (npm run bench:grid: a full collection of that heap took about
 * 100 ms, and the last frames over 50 ms while scrolling overlapped one). Here numbers and flags sit
 * in typed arrays, which the collector does not look into; a column of few distinct values (shapes,
 * colours, labs, statuses) keeps a code per row and each value once; only values of many kinds (ids,
 * stone numbers) stay one slot per row. A record is put together (`read`) only when something shows it.
 *
 * A long list can be given whole and taken apart later (`later`, then `encodeSome` in slices): until
 * then each of its rows stays the object it came as, read and written as such (a field the object
 * does not have goes to the columns meanwhile), so showing 100,000 stones costs no long task.
 *
 * A column takes the kind of the first value it is given (null says nothing yet) and keeps any value
 * after that: what does not fit its kind (a text among numbers) goes to a side map, and a column whose
 * side map or dictionary grows large becomes a plain array. `undefined` means "no such field": it is
 * never written into a record read back.
 */

/** Tags of a slot whose number or flag is not in the typed array. */
const ABSENT = 0
const NULL = 1
const OTHER = 2
/** Flags: 0 false, 1 true, then these. */
const FLAG_ABSENT = 2
const FLAG_NULL = 3
const FLAG_OTHER = 4
/** A dictionary grown past this many values becomes a plain column (ids, numbers of stones). */
const MAX_DICT = 4096

/** Only nulls so far: the kind is not known yet. */
type Blank = { kind: 'blank'; tags: Uint8Array }
/** A number, or NaN and the slot's tag. */
type Num = { kind: 'num'; data: Float64Array; tags: Uint8Array; other: Map<number, unknown> }
type Flag = { kind: 'flag'; data: Uint8Array; other: Map<number, unknown> }
/** Code 0 is no value. */
type Dict = { kind: 'dict'; data: Uint16Array; values: unknown[]; index: Map<unknown, number> }
type Plain = { kind: 'any'; data: unknown[] }
/** A column whose kind is known. */
type Typed = Num | Flag | Dict | Plain
type Column = Blank | Typed

/**
 * A dictionary's key for a value: a text or null itself, a list of plain values by its text (behind a
 * mark no text of a row starts with); undefined for a value no dictionary keeps.
 */
function dictKey(v: unknown): unknown {
  if (v === null) return null
  if (typeof v === 'string') return v.charCodeAt(0) === 0 ? undefined : v
  if (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object')) return `\u0000${JSON.stringify(v)}`
  return undefined
}

export class RowTable<T extends { id: string }> {
  /** The columns in the order their fields were first seen, and each field's place among them. */
  private readonly keys: string[] = []
  private readonly cols: Column[] = []
  private readonly places = new Map<string, number>()
  private readonly slots = new Map<string, number>()
  private n = 0
  private cap: number
  /** Rows given to `later` not taken apart yet, by slot (undefined once a slot is in the columns). */
  private raw: (Record<string, unknown> | undefined)[] | null = null
  private rawLeft = 0
  private rawNext = 0

  constructor(capacity = 16) {
    this.cap = Math.max(1, capacity)
  }

  /** A table of these rows, in this order (slot i holds rows[i]). */
  static of<R extends { id: string }>(rows: readonly R[]): RowTable<R> {
    const t = new RowTable<R>(rows.length)
    for (const r of rows) t.add(r)
    return t
  }

  /**
   * A table of these rows, in this order, whose rows stay as they are until `encodeSome` takes them
   * apart (the caller lets them go: the table may write into them meanwhile).
   */
  static later<R extends { id: string }>(rows: readonly R[]): RowTable<R> {
    const t = new RowTable<R>(rows.length)
    const raw: (Record<string, unknown> | undefined)[] = new Array(rows.length)
    for (const r of rows) {
      const s = t.slots.get(r.id)
      if (s !== undefined) {
        raw[s] = r // the same id again: the last row wins its slot, as with add
        continue
      }
      t.slots.set(r.id, t.n)
      raw[t.n++] = r
    }
    t.raw = raw
    t.rawLeft = t.n
    return t
  }

  get size(): number {
    return this.n
  }

  /** Rows still waiting to be taken apart into the columns. */
  get pending(): number {
    return this.rawLeft
  }

  /** Takes waiting rows apart, in order, for about `budgetMs`; answers how many still wait. */
  encodeSome(budgetMs: number): number {
    const until = performance.now() + budgetMs
    let k = 0
    while (this.raw && this.rawNext < this.n) {
      const s = this.rawNext++
      const row = this.takeRaw(s)
      if (row) this.putRow(s, row)
      // The clock is read every 64 rows: a row takes a few microseconds.
      if ((++k & 63) === 0 && performance.now() > until) break
    }
    if (this.rawNext >= this.n) this.raw = null
    return this.rawLeft
  }

  /** A slot's waiting row, no longer waiting (undefined if the slot is in the columns already). */
  private takeRaw(s: number): Record<string, unknown> | undefined {
    const row = this.raw?.[s]
    if (row) {
      this.raw![s] = undefined
      this.rawLeft--
    }
    return row
  }

  slot(id: string): number | undefined {
    return this.slots.get(id)
  }

  /** Stores a row and answers its slot; a row whose id is here already replaces it in its slot. */
  add(row: T): number {
    let s = this.slots.get(row.id)
    if (s === undefined) {
      if (this.n === this.cap) this.grow(this.cap * 2)
      s = this.n++
      this.slots.set(row.id, s)
    } else {
      this.takeRaw(s)
      for (let i = 0; i < this.cols.length; i++) this.put(s, i, undefined)
    }
    this.putRow(s, row as Record<string, unknown>)
    return s
  }

  private putRow(s: number, row: Record<string, unknown>): void {
    // Rows of one shape list their fields in the same order: the place of the n-th field is
    // usually the n-th column's, found without a lookup.
    let n = 0
    for (const k in row) {
      const v = row[k]
      if (this.keys[n] === k) this.put(s, n, v)
      else this.set(s, k, v)
      n++
    }
  }

  /** The row in a slot, put together as a plain record (its fields in the order first seen). */
  read(slot: number): T {
    const out: Record<string, unknown> = {}
    for (let i = 0; i < this.cols.length; i++) {
      const v = cell(this.cols[i]!, slot)
      if (v !== undefined) out[this.keys[i]!] = v
    }
    const waiting = this.raw?.[slot]
    if (waiting) for (const k in waiting) if (waiting[k] !== undefined) out[k] = waiting[k]
    return out as T
  }

  get<K extends keyof T & string>(slot: number, key: K): T[K] {
    const waiting = this.raw?.[slot]
    if (waiting && key in waiting) return waiting[key] as T[K]
    const i = this.places.get(key)
    return (i === undefined ? undefined : cell(this.cols[i]!, slot)) as T[K]
  }

  /** Writes one field of a slot (undefined: the row has no such field). */
  set(slot: number, key: string, v: unknown): void {
    const waiting = this.raw?.[slot]
    if (waiting && key in waiting) {
      if (v === undefined) delete waiting[key]
      else waiting[key] = v
      return
    }
    let i = this.places.get(key)
    if (i === undefined) {
      if (v === undefined) return
      i = this.cols.length
      this.keys.push(key)
      this.cols.push({ kind: 'blank', tags: new Uint8Array(this.cap) })
      this.places.set(key, i)
    }
    this.put(slot, i, v)
  }

  /** Writes the value of a slot in the i-th column. */
  private put(slot: number, i: number, v: unknown): void {
    let c = this.cols[i]!
    if (c.kind === 'blank') {
      if (v === undefined || v === null) {
        c.tags[slot] = v === null ? NULL : ABSENT
        return
      }
      c = this.typed(i, c, v)
    }
    switch (c.kind) {
      case 'num':
        if (typeof v === 'number' && v === v) {
          c.data[slot] = v
          if (c.tags[slot] === OTHER) {
            c.other.delete(slot)
            c.tags[slot] = ABSENT
          }
          return
        }
        c.data[slot] = NaN
        if (c.tags[slot] === OTHER) c.other.delete(slot)
        c.tags[slot] = v === undefined ? ABSENT : v === null ? NULL : OTHER
        if (v !== undefined && v !== null) this.spill(i, c, slot, v)
        return
      case 'flag':
        if (c.data[slot] === FLAG_OTHER) c.other.delete(slot)
        c.data[slot] =
          v === true ? 1 : v === false ? 0 : v === undefined ? FLAG_ABSENT : v === null ? FLAG_NULL : FLAG_OTHER
        if (c.data[slot] === FLAG_OTHER) this.spill(i, c, slot, v)
        return
      case 'dict': {
        if (v === undefined) {
          c.data[slot] = 0
          return
        }
        // Texts, the usual case, are their own key.
        const k = typeof v === 'string' && v.charCodeAt(0) !== 0 ? v : dictKey(v)
        let code = k === undefined ? undefined : c.index.get(k)
        if (code === undefined) {
          if (k === undefined || c.values.length >= MAX_DICT) {
            this.toPlain(i, c).data[slot] = v
            return
          }
          code = c.values.length
          // Rows share the value: a list is frozen so that no row can change another's.
          c.values.push(Array.isArray(v) ? Object.freeze([...v]) : v)
          c.index.set(k, code)
        }
        c.data[slot] = code
        return
      }
      case 'any':
        c.data[slot] = v
    }
  }

  /** A blank column's kind, from its first value that is not null; its nulls are kept. */
  private typed(i: number, b: Blank, v: unknown): Typed {
    let c: Typed
    if (typeof v === 'number')
      c = { kind: 'num', data: new Float64Array(this.cap).fill(NaN), tags: b.tags, other: new Map() }
    else if (typeof v === 'boolean') {
      const data = new Uint8Array(this.cap)
      for (let i = 0; i < this.cap; i++) data[i] = b.tags[i] === NULL ? FLAG_NULL : FLAG_ABSENT
      c = { kind: 'flag', data, other: new Map() }
    } else if (dictKey(v) !== undefined) {
      const data = new Uint16Array(this.cap)
      for (let i = 0; i < this.n; i++) if (b.tags[i] === NULL) data[i] = 1
      c = { kind: 'dict', data, values: [undefined, null], index: new Map([[null, 1]]) }
    } else {
      const data = new Array<unknown>(this.cap)
      for (let i = 0; i < this.n; i++) if (b.tags[i] === NULL) data[i] = null
      c = { kind: 'any', data }
    }
    this.cols[i] = c
    return c
  }

  /** A value that does not fit its column goes to the side map; a column with many of those becomes plain. */
  private spill(i: number, c: Num | Flag, slot: number, v: unknown): void {
    c.other.set(slot, v)
    if (c.other.size > 64 && c.other.size * 8 > this.n) this.toPlain(i, c)
  }

  private toPlain(i: number, c: Column): Plain {
    const data = new Array<unknown>(this.cap)
    for (let s = 0; s < this.n; s++) data[s] = cell(c, s)
    const p: Plain = { kind: 'any', data }
    this.cols[i] = p
    return p
  }

  private grow(cap: number): void {
    const wider = <A extends Float64Array | Uint8Array | Uint16Array>(a: A, make: (n: number) => A): A => {
      const d = make(cap)
      d.set(a)
      return d
    }
    for (const c of this.cols) {
      switch (c.kind) {
        case 'blank':
          c.tags = wider(c.tags, (n) => new Uint8Array(n))
          break
        case 'num':
          c.data = wider(c.data, (n) => new Float64Array(n).fill(NaN))
          c.tags = wider(c.tags, (n) => new Uint8Array(n))
          break
        case 'flag':
          c.data = wider(c.data, (n) => new Uint8Array(n).fill(FLAG_ABSENT))
          break
        case 'dict':
          c.data = wider(c.data, (n) => new Uint16Array(n))
          break
        case 'any':
          c.data.length = cap
      }
    }
    this.cap = cap
  }
}

function cell(c: Column, slot: number): unknown {
  switch (c.kind) {
    case 'blank':
      return c.tags[slot] === NULL ? null : undefined
    case 'num': {
      const x = c.data[slot]!
      if (x === x) return x
      const tag = c.tags[slot]
      return tag === NULL ? null : tag === OTHER ? c.other.get(slot) : undefined
    }
    case 'flag': {
      const x = c.data[slot]!
      return x === 1
        ? true
        : x === 0
          ? false
          : x === FLAG_NULL
            ? null
            : x === FLAG_OTHER
              ? c.other.get(slot)
              : undefined
    }
    case 'dict':
      return c.values[c.data[slot]!]
    case 'any':
      return c.data[slot]
  }
}
