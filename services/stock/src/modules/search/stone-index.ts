import { FILTER_MASTERS, MASTERS } from '@diamond/contracts/masters'
import type { EnumFilter, RangeFilter, BoolFilter } from '@diamond/contracts/http/stock.values'
import { isGoneWSts } from '@diamond/contracts/events/stock'
import { availabilityOf } from '../stones/stones.rules'
import type { Stone } from '../stones/stones.schema'

/**
 * The stock's searchable columns, held in memory as typed arrays (one array per field, one slot
 * per stone), so a search is a tight scan over numbers instead of a query plan. PostgreSQL stays the
 * source of truth: the index is loaded from it at start, and every change the stock service commits
 * (its own, at once; other instances', from events) is written into it in place. Rows shown to a
 * user are still read from PostgreSQL by id; the index only decides which ids, in what order.
 */

/** The stock table's columns the index needs (drizzle keys, for the loader's select list). */
export const INDEX_COLUMNS = [
  'id',
  'vStnId',
  'stoneId',
  'certNo',
  'shape',
  'carat',
  'color',
  'isFancy',
  'fancyColor',
  'fancyIntensity',
  'fancyOvertone',
  'clarity',
  'cut',
  'polish',
  'symmetry',
  'fluorescence',
  'lab',
  'location',
  'shade',
  'rapCents',
  'back',
  'amtCents',
  'ctprCents',
  'depPer',
  'tblPer',
  'ratio',
  'pAng',
  'pHgt',
  'cHgt',
  'cAng',
  'height',
  'width',
  'length',
  'grdlPer',
  'strLn',
  'lwrHal',
  'girdle',
  'girdleCond',
  'culet',
  'culetCond',
  'brilliancy',
  'blackTable',
  'blackSide',
  'whiteTable',
  'whiteSide',
  'openTable',
  'openCrown',
  'openPavilion',
  'eyeClean',
  'milky',
  'heartArrow',
  'keyToSymbol',
  'seller',
  'sellerCompanyId',
  'pairNo',
  'showName',
  'isXray',
  'isType2',
  'isSeal',
  'isDor',
  'wSts',
  'categories',
  'pcs',
  'arrivedAt',
] as const satisfies readonly (keyof Stone)[]

/** One stone as the index reads it: those columns and its version. */
export type IndexSource = Pick<Stone, (typeof INDEX_COLUMNS)[number] | 'statusVersion'>

/** Where each multi-select filter reads its value. */
export const ENUM_SOURCE: Record<EnumFilter, (r: IndexSource) => string> = {
  shpNm: (r) => r.shape,
  colNm: (r) => r.color,
  clrNm: (r) => r.clarity,
  cutNm: (r) => r.cut,
  polNm: (r) => r.polish,
  symNm: (r) => r.symmetry,
  fluNm: (r) => r.fluorescence,
  shdNm: (r) => r.shade,
  lbNm: (r) => r.lab,
  locNm: (r) => r.location,
  fcColNm: (r) => r.fancyColor,
  fcIntNm: (r) => r.fancyIntensity,
  fcOvtNm: (r) => r.fancyOvertone,
  blkTblNm: (r) => r.blackTable,
  blkSdNm: (r) => r.blackSide,
  wTblNm: (r) => r.whiteTable,
  wSdNm: (r) => r.whiteSide,
  opTblNm: (r) => r.openTable,
  opCrwnNm: (r) => r.openCrown,
  opPavNm: (r) => r.openPavilion,
  eClnNm: (r) => r.eyeClean,
  milkyNm: (r) => r.milky,
  hANm: (r) => r.heartArrow,
  brlncyNm: (r) => r.brilliancy,
  girdleNm: (r) => r.girdle,
  grdlCondNm: (r) => r.girdleCond,
  cultNm: (r) => r.culet,
  cultCondNm: (r) => r.culetCond,
  sellerNm: (r) => r.seller,
  showNm: (r) => r.showName,
  availability: (r) => availabilityCode(r.wSts),
}

/**
 * The index's availability of a web status: a stone that left live stock (removed, listing expired)
 * gets the empty value (code 0), which searches leave out (see `compile`).
 */
export const availabilityCode = (wSts: string): string => (isGoneWSts(wSts) ? '' : availabilityOf(wSts))

const num = (v: string | number) => (typeof v === 'number' ? v : Number(v))
const hundredths = (v: string | number) => Math.round(num(v) * 100)

/**
 * Where each range filter reads its value, in whole hundredths (carat, percent, degrees, mm) or, for
 * prices, in cents: both exact integers, so a search never misses a stone by a rounding error.
 */
export const RANGE_SOURCE: Record<RangeFilter, (r: IndexSource) => number> = {
  crt: (r) => hundredths(r.carat),
  back: (r) => hundredths(r.back),
  amt: (r) => num(r.amtCents),
  ctPr: (r) => num(r.ctprCents),
  rap: (r) => num(r.rapCents),
  depPer: (r) => hundredths(r.depPer),
  tblPer: (r) => hundredths(r.tblPer),
  grdlPer: (r) => hundredths(r.grdlPer),
  pAng: (r) => hundredths(r.pAng),
  cAng: (r) => hundredths(r.cAng),
  cHgt: (r) => hundredths(r.cHgt),
  pHgt: (r) => hundredths(r.pHgt),
  ratio: (r) => hundredths(r.ratio),
  length: (r) => hundredths(r.length),
  width: (r) => hundredths(r.width),
  height: (r) => hundredths(r.height),
  diaMin: (r) => Math.min(hundredths(r.length), hundredths(r.width)),
  diaMax: (r) => Math.max(hundredths(r.length), hundredths(r.width)),
  strLn: (r) => hundredths(r.strLn),
  lwrHal: (r) => hundredths(r.lwrHal),
}
/** Price ranges are cents; the rest hundredths. Both are "value × 100" of what a user types. */
export const CENTS_FIELDS: ReadonlySet<RangeFilter> = new Set(['amt', 'ctPr', 'rap'])

export const BOOL_SOURCE: Record<BoolFilter, (r: IndexSource) => boolean> = {
  isFcCol: (r) => r.isFancy,
  isXray: (r) => r.isXray,
  isType2: (r) => r.isType2,
  isSeal: (r) => r.isSeal,
  isDor: (r) => r.isDor,
}

const KEY_SYMBOLS: readonly string[] = MASTERS.KEY_TO_SYMBOL
export const symbolMask = (text: string): number => {
  let m = 0
  for (const part of text.split(',')) {
    const i = KEY_SYMBOLS.indexOf(part.trim().toUpperCase())
    if (i >= 0) m |= 1 << i
  }
  return m
}
export const categoryMask = (codes: readonly number[]): number =>
  codes.reduce((m, c) => (c > 0 && c < 31 ? m | (1 << c) : m), 0)

/**
 * Value dictionaries: code 0 is the empty value, then the master list in its order (so sorting by
 * code sorts colours D to M and clarities FL to I1), then any other value as it first appears.
 */
export class Dictionary {
  readonly values: string[] = ['']
  private readonly codes = new Map<string, number>([['', 0]])
  constructor(seed: readonly string[] = []) {
    for (const v of seed) this.code(v)
  }
  code(v: string): number {
    let c = this.codes.get(v)
    if (c === undefined) {
      if (this.values.length >= 255) throw new Error(`too many distinct values (${v})`)
      c = this.values.length
      this.values.push(v)
      this.codes.set(v, c)
    }
    return c
  }
  /** The code of a value, or -1 if no stone has ever had it. */
  find(v: string): number {
    return this.codes.get(v) ?? -1
  }
}

/**
 * Keys to slots, most keys naming one stone: that slot is kept as a number, an array only once a key
 * names two. One-element lists, four a stone for life, held 27 MiB of heap in an index of 125,000
 * stones (each also made young in an upload's commit and copied by its collections). Keys are
 * upper-cased by the caller.
 */
export class SlotMap {
  private readonly map = new Map<string, number | number[]>()

  get size(): number {
    return this.map.size
  }

  /** The slots under `key` (a fresh array for a single one). */
  get(key: string): readonly number[] | undefined {
    const v = this.map.get(key)
    return v === undefined ? undefined : typeof v === 'number' ? [v] : v
  }

  *values(): IterableIterator<readonly number[]> {
    for (const v of this.map.values()) yield typeof v === 'number' ? [v] : v
  }

  /** Adds the slot under `key` unless it is there already. */
  add(key: string, i: number): void {
    const v = this.map.get(key)
    if (v === undefined) this.map.set(key, i)
    else if (typeof v === 'number') {
      if (v !== i) this.map.set(key, [v, i])
    } else if (!v.includes(i)) v.push(i)
  }

  /** `add` for a slot known not to be there yet: no search of a list that may be long (a seller's stones). */
  append(key: string, i: number): void {
    const v = this.map.get(key)
    if (v === undefined) this.map.set(key, i)
    else if (typeof v === 'number') this.map.set(key, [v, i])
    else v.push(i)
  }

  remove(key: string, i: number): void {
    const v = this.map.get(key)
    if (v === undefined) return
    if (typeof v === 'number') {
      if (v === i) this.map.delete(key)
      return
    }
    const rest = v.filter((x) => x !== i)
    if (rest.length === 0) this.map.delete(key)
    else this.map.set(key, rest.length === 1 ? rest[0]! : rest)
  }
}

const ENUM_KEYS = Object.keys(ENUM_SOURCE) as EnumFilter[]
const RANGE_KEYS = Object.keys(RANGE_SOURCE) as RangeFilter[]
const BOOL_KEYS = Object.keys(BOOL_SOURCE) as BoolFilter[]

function grow<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size)
  b.set(a)
  return b
}

export class StoneIndex {
  size = 0
  private capacity: number
  readonly ids: string[] = []
  readonly vStnIds: string[] = []
  readonly pairNos: string[] = []
  readonly enums = {} as Record<EnumFilter, Uint8Array>
  readonly dicts = {} as Record<EnumFilter, Dictionary>
  /** Hundredths (Int32) or cents (Float64: an amount in cents can pass 2^31). */
  readonly ranges = {} as Record<RangeFilter, Int32Array | Float64Array>
  readonly bools = {} as Record<BoolFilter, Uint8Array>
  symbols: Uint16Array
  categories: Uint32Array
  pcs: Int32Array
  arrivedAt: Float64Array
  versions: Int32Array
  /** 1 once a slot has been written (a first write counts values in; a rewrite moves them). */
  private filled: Uint8Array
  /**
   * Stone-number order and each slot's rank in it, in buffers with room to grow: arrivals are merged
   * in place (no new arrays per search while an upload's stones arrive). `vCount` of them are in use;
   * `vRank` and `vOrder` are the views `order()` hands out.
   */
  private vRankBuf: Int32Array = new Int32Array(0)
  private vOrderBuf: Int32Array = new Int32Array(0)
  private vCount = 0
  private vRank: Int32Array = new Int32Array(0)
  private vOrder: Int32Array = new Int32Array(0)
  /** Slots added since the stone-number order was built: merged in on the next read. */
  private vPending: number[] = []
  /** Slots in carat order and their carats, so a carat band is found by binary search, not a scan. */
  private crtOrder: Int32Array = new Int32Array(0)
  private crtSorted: Int32Array = new Int32Array(0)
  private crtCount = 0
  /** Slots added since the carat order was built (merged in); a changed carat sorts everything again. */
  private crtPending: number[] = []
  private crtDirty = false
  /** How many stones have each value, per multi-select column (to test the rarest condition first). */
  readonly valueCounts = {} as Record<EnumFilter, Int32Array>
  readonly byId = new Map<string, number>()
  /** Upper-cased stone number, seller stone number and report number → stones. */
  readonly byKey = new SlotMap()
  readonly bySellerNo = new SlotMap()
  readonly byPair = new SlotMap()
  /** The seller's company → its stones (a member profile's listed stock). */
  readonly bySellerCompany = new SlotMap()
  private sellerCompanies: (string | null)[] = []
  /** Raised by every change, so caches (deal of the day) know when to recompute. */
  generation = 0

  constructor(capacity = 1024) {
    this.capacity = Math.max(16, capacity)
    for (const k of ENUM_KEYS) {
      this.enums[k] = new Uint8Array(this.capacity)
      this.valueCounts[k] = new Int32Array(256)
      this.dicts[k] = new Dictionary(k === 'availability' ? MASTERS.AVAILABILITY : MASTERS[FILTER_MASTERS[k]])
    }
    for (const k of RANGE_KEYS)
      this.ranges[k] = CENTS_FIELDS.has(k) ? new Float64Array(this.capacity) : new Int32Array(this.capacity)
    for (const k of BOOL_KEYS) this.bools[k] = new Uint8Array(this.capacity)
    this.symbols = new Uint16Array(this.capacity)
    this.categories = new Uint32Array(this.capacity)
    this.pcs = new Int32Array(this.capacity)
    this.arrivedAt = new Float64Array(this.capacity)
    this.versions = new Int32Array(this.capacity)
    this.filled = new Uint8Array(this.capacity)
  }

  private ensure(n: number) {
    if (n <= this.capacity) return
    const size = Math.max(n, Math.ceil(this.capacity * 1.5))
    for (const k of ENUM_KEYS) this.enums[k] = grow(this.enums[k], size)
    for (const k of RANGE_KEYS) this.ranges[k] = grow(this.ranges[k], size)
    for (const k of BOOL_KEYS) this.bools[k] = grow(this.bools[k], size)
    this.symbols = grow(this.symbols, size)
    this.categories = grow(this.categories, size)
    this.pcs = grow(this.pcs, size)
    this.arrivedAt = grow(this.arrivedAt, size)
    this.versions = grow(this.versions, size)
    this.filled = grow(this.filled, size)
    this.capacity = size
  }

  private static addTo(map: SlotMap, key: string, i: number) {
    if (key) map.add(key.toUpperCase(), i)
  }

  private static removeFrom(map: SlotMap, key: string | null | undefined, i: number) {
    if (key) map.remove(key.toUpperCase(), i)
  }

  /** Adds a stone, or rewrites it if its version is newer than what the index has. Returns its slot. */
  put(r: IndexSource): number {
    let i = this.byId.get(r.id)
    if (i !== undefined && r.statusVersion < this.versions[i]!) return i
    if (i === undefined) {
      i = this.size++
      this.ensure(this.size)
      this.byId.set(r.id, i)
      this.ids[i] = r.id
      this.vStnIds[i] = ''
      StoneIndex.addTo(this.byKey, r.stoneId, i)
      StoneIndex.addTo(this.byKey, r.certNo, i)
      StoneIndex.addTo(this.bySellerNo, r.stoneId, i)
    }
    if (r.vStnId && !this.vStnIds[i]) this.numberSlot(i, r.vStnId)
    if (this.pairNos[i] !== r.pairNo) {
      const old = this.pairNos[i]
      StoneIndex.removeFrom(this.byPair, old, i)
      this.pairNos[i] = r.pairNo
      StoneIndex.addTo(this.byPair, r.pairNo, i)
    }
    if ((this.sellerCompanies[i] ?? null) !== r.sellerCompanyId) {
      StoneIndex.removeFrom(this.bySellerCompany, this.sellerCompanies[i], i)
      this.sellerCompanies[i] = r.sellerCompanyId
      // A slot is in its seller's list only while that is its seller: appended without a search of
      // the list, which made an upload of 100,000 stones of one seller quadratic (4 s of its commit).
      if (r.sellerCompanyId) this.bySellerCompany.append(r.sellerCompanyId.toUpperCase(), i)
    }
    const added = !this.filled[i]
    for (const k of ENUM_KEYS) {
      const code = this.dicts[k].code(ENUM_SOURCE[k](r))
      if (!added) this.valueCounts[k][this.enums[k][i]!]!--
      this.valueCounts[k][code]!++
      this.enums[k][i] = code
    }
    const crt = RANGE_SOURCE.crt(r)
    if (added) this.crtPending.push(i)
    else if (this.ranges.crt[i] !== crt) this.crtDirty = true
    for (const k of RANGE_KEYS) this.ranges[k][i] = RANGE_SOURCE[k](r)
    for (const k of BOOL_KEYS) this.bools[k][i] = BOOL_SOURCE[k](r) ? 1 : 0
    this.symbols[i] = symbolMask(r.keyToSymbol)
    this.categories[i] = categoryMask(r.categories)
    this.pcs[i] = r.pcs
    this.arrivedAt[i] = new Date(r.arrivedAt).getTime()
    this.versions[i] = r.statusVersion
    this.filled[i] = 1
    this.generation++
    return i
  }

  /** A slot's stone number, given once (a stone's number never changes): found by it, and in number order. */
  private numberSlot(i: number, vStnId: string): void {
    this.vStnIds[i] = vStnId
    this.vPending.push(i)
    StoneIndex.addTo(this.byKey, vStnId, i)
  }

  /**
   * The number of a stone staged without one (an upload's new stone, staged from its line before the
   * insert handed out its number): given when the commit is through. A numbered stone keeps its own.
   */
  number(id: string, vStnId: string): void {
    const i = this.byId.get(id)
    if (i !== undefined && vStnId && !this.vStnIds[i]) this.numberSlot(i, vStnId)
  }

  /**
   * A stone its transaction has not committed yet (an upload's commit stages its new stones, read in
   * that transaction, before it commits): in the index but gone, so no search finds it, and one version behind,
   * so the committed status (`setStatus`, once the transaction is through) shows it. A rolled-back
   * one stays gone, as a removed stone does.
   */
  stage(r: IndexSource): void {
    const i = this.put(r)
    this.versions[i] = r.statusVersion - 1
    const code = this.enums.availability[i]!
    this.valueCounts.availability[code]!--
    this.valueCounts.availability[0]!++
    this.enums.availability[i] = 0
  }

  /**
   * A status change the service committed; an older one than the index has changes nothing, nor one
   * of a stone without its number yet (`number` first: a search never finds a stone it cannot order).
   */
  setStatus(id: string, wSts: string, version: number): boolean {
    const i = this.byId.get(id)
    if (i === undefined || !this.vStnIds[i] || version <= this.versions[i]!) return false
    this.versions[i] = version
    const code = this.dicts.availability.code(availabilityCode(wSts))
    this.valueCounts.availability[this.enums.availability[i]!]!--
    this.valueCounts.availability[code]!++
    this.enums.availability[i] = code
    this.generation++
    return true
  }

  /** How many stones in the index have left live stock (removed or expired). */
  get goneCount(): number {
    return this.valueCounts.availability[0]!
  }

  /** Whether the stone left live stock (or is unknown). */
  isGone(id: string): boolean {
    const i = this.byId.get(id)
    return i === undefined || this.enums.availability[i] === 0
  }

  /**
   * The stone's version, undefined for a stone the index does not know — or knows without its number
   * (staged from an upload's line, not numbered by a commit): such a stone is read again, not shown
   * by a status alone.
   */
  versionOf(id: string): number | undefined {
    const i = this.byId.get(id)
    return i === undefined || !this.vStnIds[i] ? undefined : this.versions[i]
  }

  /** The stone's availability code as the index has it (the hold path refuses taken stones by it). */
  availabilityAt(id: string): string | undefined {
    const i = this.byId.get(id)
    return i === undefined ? undefined : this.dicts.availability.values[this.enums.availability[i]!]
  }

  /**
   * The slots whose carat (hundredths) lies in [lo, hi], from the carat order: a slice found by two
   * binary searches. Stones added since the order was built are merged into it (their own sort and
   * one pass: searches between the batches of an upload's 100,000 stones each paid a sort of the
   * whole index); a carat that changed sorts everything again.
   */
  caratBand(lo: number, hi: number): Int32Array {
    const pending = this.crtPending.length
    if (this.crtDirty || pending > this.crtCount) this.sortCarats()
    else if (pending) this.mergeCarats()
    const first = (v: number) => {
      let a = 0
      let b = this.crtCount
      while (a < b) {
        const m = (a + b) >> 1
        if (this.crtSorted[m]! < v) a = m + 1
        else b = m
      }
      return a
    }
    return this.crtOrder.subarray(first(lo), first(hi === Infinity ? Infinity : hi + 1))
  }

  /** Every slot sorted by carat (hundredths), slot order among equals. */
  private sortCarats() {
    const n = this.size
    const crt = this.ranges.crt as Int32Array
    // Carat in the high part, slot in the low 23 bits: one native numeric sort.
    const keys = new Float64Array(n)
    for (let i = 0; i < n; i++) keys[i] = crt[i]! * 8_388_608 + i
    keys.sort()
    this.crtOrder = new Int32Array(this.capacity)
    this.crtSorted = new Int32Array(this.capacity)
    for (let r = 0; r < n; r++) {
      const i = keys[r]! % 8_388_608
      this.crtOrder[r] = i
      this.crtSorted[r] = crt[i]!
    }
    this.crtCount = n
    this.crtPending = []
    this.crtDirty = false
  }

  /**
   * The carat order with the slots added since merged in: their own sort, then one pass from the
   * back of both into the buffers (grown when full), so the merge writes no new array.
   */
  private mergeCarats() {
    const crt = this.ranges.crt as Int32Array
    const added = Float64Array.from(this.crtPending, (i) => crt[i]! * 8_388_608 + i).sort()
    const n = this.crtCount + added.length
    if (n > this.crtOrder.length) {
      this.crtOrder = grow(this.crtOrder, this.capacity)
      this.crtSorted = grow(this.crtSorted, this.capacity)
    }
    const order = this.crtOrder
    const sorted = this.crtSorted
    let a = this.crtCount - 1
    let b = added.length - 1
    for (let w = n - 1; b >= 0; w--) {
      if (a >= 0 && sorted[a]! * 8_388_608 + order[a]! > added[b]!) {
        order[w] = order[a]!
        sorted[w] = sorted[a--]!
      } else {
        const i = added[b--]! % 8_388_608
        order[w] = i
        sorted[w] = crt[i]!
      }
    }
    this.crtCount = n
    this.crtPending = []
  }

  /** Stone numbers of one width compare as strings; a longer number is a later one. */
  private compareNumbers = (a: number, b: number): number => {
    const v = this.vStnIds
    return v[a]!.length - v[b]!.length || (v[a]! < v[b]! ? -1 : v[a]! > v[b]! ? 1 : 0)
  }

  /**
   * Stone-number order (views of the `vCount` numbered slots; a stone staged without its number is
   * in it once numbered, and found by no search before): stones numbered since it was built are
   * sorted alone and merged in from the back (a stone's number never changes); a whole sort only
   * when most of the index is new (the first load).
   */
  order(): { vRank: Int32Array; vOrder: Int32Array } {
    const pending = this.vPending.length
    if (pending > this.vCount) {
      const order = [...this.vPending]
      for (let r = 0; r < this.vCount; r++) order.push(this.vOrderBuf[r]!)
      order.sort(this.compareNumbers)
      this.vOrderBuf = new Int32Array(this.capacity)
      this.vOrderBuf.set(order)
    } else if (pending) {
      const added = this.vPending.sort(this.compareNumbers)
      const n = this.vCount + added.length
      if (n > this.vOrderBuf.length) this.vOrderBuf = grow(this.vOrderBuf, this.capacity)
      const order = this.vOrderBuf
      let a = this.vCount - 1
      let b = added.length - 1
      for (let w = n - 1; b >= 0; w--)
        order[w] = a >= 0 && this.compareNumbers(order[a]!, added[b]!) > 0 ? order[a--]! : added[b--]!
    }
    if (pending) {
      this.vCount += pending
      this.vPending = []
      if (this.vRankBuf.length < this.size) this.vRankBuf = new Int32Array(this.capacity)
      for (let r = 0; r < this.vCount; r++) this.vRankBuf[this.vOrderBuf[r]!] = r
      // By slot, and numbered slots lie anywhere below `size` (an unnumbered one may sit before them).
      this.vRank = this.vRankBuf.subarray(0, this.size)
      this.vOrder = this.vOrderBuf.subarray(0, this.vCount)
    }
    return { vRank: this.vRank, vOrder: this.vOrder }
  }
}
