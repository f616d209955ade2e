import { useLayoutEffect } from 'react'
import type { Availability } from '@diamond/contracts/events/stock'
import type { StoneRow } from '@diamond/contracts/http/stock'
import { queueStatus } from './live'
import { seedRows, stones } from './query'
import { rowsWaiting, stoneField } from './rows'

/**
 * The page-level performance hook for browser benchmarks. A grid page installs
 * `window.__diamondGrid`:
 *
 * - `prepare(n)` builds n synthetic stones (default 100,000) and keeps them for the next `seed(n)`,
 *   so that a benchmark can time the grid's part alone;
 * - `seed(n)` shows n synthetic stones as one virtual list, without the server;
 * - `push(index, availability?)` applies a status change to the n-th stone as a push would;
 * - `stats()` answers the stones in the store, the row elements in the DOM, how many times a row
 *   component has rendered since the last `resetCounts()`, and how many stones still wait to be
 *   taken apart into the store's columns (a long list is, in slices, after it shows).
 *
 * A benchmark seeds, scrolls, pushes and reads `stats().rowRenders` (one push should cost one row
 * render). Rows count their renders in `gridPerf`, a plain counter (`useRenderCount`).
 */
export const gridPerf = { rowRenders: 0 }

/**
 * Counts a render of the calling row or card once React has put it on screen: in a layout effect,
 * because a render itself must not write outside the component (React may run it more than once),
 * and the commit that follows it is what a benchmark reads right after its pushes.
 */
export function useRenderCount(): void {
  useLayoutEffect(() => {
    gridPerf.rowRenders++
  })
}

export interface GridBench {
  prepare(n?: number): number
  seed(n?: number): number
  push(index: number, availability?: Availability): boolean
  stats(): { stones: number; domRows: number; rowRenders: number; waiting: number }
  resetCounts(): void
}

const SHAPES = ['ROUND', 'PEAR', 'OVAL', 'EMERALD', 'CUSHION', 'PRINCESS']
const COLOURS = ['D', 'E', 'F', 'G', 'H', 'I', 'J']
const CLARITIES = ['IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2']

export function benchRow(i: number): StoneRow {
  const crt = 0.3 + ((i * 37) % 300) / 100
  const rap = 2000 + ((i * 53) % 90) * 100
  const back = -((i * 7) % 45) - 5
  const amt = Math.round(rap * (1 + back / 100) * 100) / 100
  const hex = (i + 1).toString(16).padStart(12, '0')
  return {
    id: `00000000-0000-4000-8000-${hex}`,
    vStnId: `B${i + 1}`,
    stoneId: `S${i + 1}`,
    certNo: String(7_000_000_000 + i),
    shpNm: SHAPES[i % SHAPES.length]!,
    shpFullNm: SHAPES[i % SHAPES.length]!,
    crt,
    colNm: COLOURS[i % COLOURS.length]!,
    isFcCol: false,
    fcColNm: '',
    fcIntNm: '',
    fcOvtNm: '',
    fcColDesc: '',
    clrNm: CLARITIES[i % CLARITIES.length]!,
    cutNm: 'EX',
    polNm: 'EX',
    symNm: 'VG',
    fluNm: 'NON',
    lbNm: 'GIA',
    locNm: 'India',
    shdNm: 'NONE',
    rap,
    back,
    amt,
    ctPr: Math.round(amt * crt * 100) / 100,
    rapAvg: back,
    fnDis: back,
    fnAmt: amt,
    fnCtpr: Math.round(amt * crt * 100) / 100,
    depPer: 61.5,
    tblPer: 57,
    ratio: 1,
    pAng: 40.8,
    pHgt: 43,
    cHgt: 15,
    cAng: 34.5,
    height: 3.9,
    width: 6.4,
    length: 6.42,
    grdlPer: 3.5,
    strLn: 50,
    lwrHal: 75,
    girdleNm: 'MEDIUM',
    girdleStr: 'MEDIUM',
    grdlCondNm: 'FACETED',
    cultNm: 'NONE',
    cultCondNm: '',
    brlncyNm: 'EX',
    blkTblNm: 'NONE',
    blkSdNm: 'NONE',
    wTblNm: 'NONE',
    wSdNm: 'NONE',
    opTblNm: 'NONE',
    opCrwnNm: 'NONE',
    opPavNm: 'NONE',
    eClnNm: 'YES',
    milkyNm: 'NONE',
    hANm: 'NO',
    keyToSymbol: '',
    sellerNm: 'Surat Gems',
    pairNo: '',
    showNm: '',
    isXray: false,
    isType2: false,
    isSeal: false,
    isDor: false,
    sSts: 'A',
    wSts: 'A',
    webSts: 'A',
    sgiSts: '',
    initSts: '',
    sStsDesc: '',
    availability: 'A',
    sgiMemo: false,
    sgiHold: false,
    bestBuyMemo: false,
    bestBuyHold: false,
    categories: [3],
    arrivedAt: '2026-01-01T00:00:00Z',
    statusVersion: 1,
    heldByMe: false,
    pcs: 1,
  }
}

export function installGridBench(): () => void {
  // Versions handed out but maybe not applied yet (several pushes to one stone within a frame).
  const pushed = new Map<string, number>()
  let prepared: StoneRow[] | null = null
  const bench: GridBench = {
    prepare(n = 100_000) {
      prepared = Array.from({ length: n }, (_, i) => benchRow(i))
      return n
    },
    seed(n = 100_000) {
      const rows = prepared?.length === n ? prepared : Array.from({ length: n }, (_, i) => benchRow(i))
      prepared = null
      seedRows(rows)
      return stones.ids.length
    },
    push(index, availability = 'H') {
      const id = stones.ids[index]
      const known = id ? stoneField(id, 'statusVersion') : undefined
      if (!id || known === undefined) return false
      // The live feed's own path: queued, applied once a frame.
      const version = Math.max(known, pushed.get(id) ?? 0) + 1
      pushed.set(id, version)
      queueStatus({
        id,
        vStnId: stoneField(id, 'vStnId')!,
        wSts: availability,
        availability,
        version,
        at: new Date().toISOString(),
      })
      return true
    },
    stats() {
      return {
        stones: stones.ids.length,
        domRows: document.querySelectorAll('[data-testid^="stone-row-"]').length,
        rowRenders: gridPerf.rowRenders,
        waiting: rowsWaiting(),
      }
    },
    resetCounts() {
      gridPerf.rowRenders = 0
    },
  }
  const w = window as unknown as { __diamondGrid?: GridBench }
  w.__diamondGrid = bench
  return () => {
    if (w.__diamondGrid === bench) delete w.__diamondGrid
  }
}
