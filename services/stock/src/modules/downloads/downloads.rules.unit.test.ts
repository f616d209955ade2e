import { describe, expect, it } from 'vitest'
import { DOWNLOAD_COLUMNS, PRICE_COLUMNS } from '@diamond/contracts/http/downloads'
import type { StoneRow } from '@diamond/contracts/http/stock'
import {
  cellOf,
  cellText,
  columnsFor,
  COLUMN_SPECS,
  fileName,
  HitWindow,
  kolkataDay,
  neutralise,
  totalsCells,
  TotalsCounter,
} from './downloads.rules'

const stone = (over: Partial<StoneRow> = {}): StoneRow =>
  ({
    id: '00000000-0000-4000-8000-000000000001',
    vStnId: 'D100001',
    stoneId: 'P1',
    certNo: '123',
    shpNm: 'ROUND',
    shpFullNm: 'Round',
    crt: 1.01,
    pcs: 1,
    colNm: 'G',
    isFcCol: false,
    fcColNm: '',
    fcIntNm: '',
    fcOvtNm: '',
    fcColDesc: '',
    clrNm: 'VS1',
    cutNm: 'EX',
    polNm: 'EX',
    symNm: 'VG',
    fluNm: 'NONE',
    lbNm: 'GIA',
    locNm: 'INDIA',
    shdNm: '',
    rap: 9500,
    back: -35.5,
    amt: 6127.5,
    ctPr: 6188.78,
    rapAvg: 9500,
    fnDis: -35.5,
    fnAmt: 6127.5,
    fnCtpr: 6188.78,
    depPer: 61.2,
    tblPer: 57,
    ratio: 1.01,
    pAng: 0,
    pHgt: 0,
    cHgt: 0,
    cAng: 0,
    height: 3.9,
    width: 6.4,
    length: 6.45,
    grdlPer: 0,
    strLn: 0,
    lwrHal: 0,
    girdleNm: '',
    girdleStr: '',
    grdlCondNm: '',
    cultNm: '',
    cultCondNm: '',
    brlncyNm: '',
    blkTblNm: '',
    blkSdNm: '',
    wTblNm: '',
    wSdNm: '',
    opTblNm: '',
    opCrwnNm: '',
    opPavNm: '',
    eClnNm: '',
    milkyNm: '',
    hANm: '',
    keyToSymbol: 'Cloud',
    sellerNm: '',
    pairNo: '',
    showNm: '',
    isXray: false,
    isType2: false,
    isSeal: false,
    isDor: false,
    sSts: '',
    wSts: 'A',
    webSts: '',
    sgiSts: '',
    initSts: '',
    sStsDesc: '',
    availability: 'A',
    sgiMemo: false,
    sgiHold: false,
    bestBuyMemo: false,
    bestBuyHold: false,
    categories: [],
    arrivedAt: '2026-03-04T20:00:00.000Z',
    statusVersion: 0,
    heldByMe: false,
    ...over,
  }) as StoneRow

describe('neutralising formula text', () => {
  it('quotes text that begins with = + - @, a tab or a carriage return', () => {
    for (const t of ['=cmd|" /C calc"!A0', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(neutralise(t)).toBe(`'${t}`)
  })

  it('leaves other text alone, including those characters later in the text', () => {
    for (const t of ['GIA', 'a=b', 'Cloud, Feather', "'quoted", '', ' =1']) expect(neutralise(t)).toBe(t)
  })
})

describe('columns with price rights', () => {
  it('keeps the asked columns in their order', () => {
    expect(columnsFor(['crt', 'vStnId', 'amt'], true)).toEqual({ columns: ['crt', 'vStnId', 'amt'], problems: [] })
  })

  it('never gives a price column to a viewer without prices, even when asked', () => {
    const { columns, problems } = columnsFor([...DOWNLOAD_COLUMNS], false)
    expect(problems).toEqual([])
    for (const p of PRICE_COLUMNS) expect(columns).not.toContain(p)
    expect(columns).toContain('crt')
    expect(columnsFor(undefined, false).columns).not.toContain('ctPr')
  })

  it('uses the default grid columns when none are sent', () => {
    expect(columnsFor(undefined, true).columns).toEqual([
      'vStnId',
      'shpNm',
      'crt',
      'colNm',
      'clrNm',
      'cutNm',
      'polNm',
      'symNm',
      'fluNm',
      'lbNm',
      'locNm',
      'rap',
      'back',
      'amt',
      'ctPr',
    ])
  })

  it('refuses unknown and repeated columns, naming their position', () => {
    expect(columnsFor(['crt', 'password', 'crt'], true).problems).toEqual([
      { field: 'columns.1', in: 'body', message: 'is not a known column: password' },
      { field: 'columns.2', in: 'body', message: 'is given twice: crt' },
    ])
  })

  it('refuses a request left with no column the viewer may see, and too many for a PDF', () => {
    expect(columnsFor(['amt', 'ctPr'], false).problems[0]).toMatchObject({ field: 'columns' })
    expect(columnsFor([...DOWNLOAD_COLUMNS], true, 30).problems[0]!.message).toMatch(/at most 30/)
  })

  it('has a header and a kind for every column', () => {
    for (const c of DOWNLOAD_COLUMNS) expect(COLUMN_SPECS[c].header).toBeTruthy()
  })
})

describe('formatting (spec sections 4 and 9)', () => {
  const text = (row: StoneRow, c: Parameters<typeof cellOf>[1]) => cellText(cellOf(row, c))

  it('writes two decimals for measures, discounts and prices, Rap whole, in USD where a price', () => {
    const s = stone({ crt: 1.5, back: -35, amt: 6127.456, ctPr: 12345.6, rap: 9500.4 })
    expect(text(s, 'crt')).toBe('1.50')
    expect(text(s, 'back')).toBe('-35.00')
    expect(text(s, 'amt')).toBe('$6,127.46')
    expect(text(s, 'ctPr')).toBe('$12,345.60')
    expect(text(s, 'rap')).toBe('9,500')
    expect(cellOf(s, 'crt')).toEqual({ t: 'num', v: 1.5, fmt: 'two' })
  })

  it('shows a dash for empty or zero values and for cut NON', () => {
    const s = stone({ pAng: 0, shdNm: '', cutNm: 'NON' })
    expect(text(s, 'pAng')).toBe('-')
    expect(text(s, 'shdNm')).toBe('-')
    expect(text(s, 'cutNm')).toBe('-')
    expect(cellOf(s, 'pAng')).toEqual({ t: 'blank' })
  })

  it('replaces the lab by the status description, and a missing colour by the fancy colour', () => {
    expect(text(stone({ sSts: 'C', sStsDesc: 'In lab' }), 'lbNm')).toBe('In lab')
    expect(text(stone({ isFcCol: true, colNm: '', fcColNm: 'YELLOW' }), 'colNm')).toBe('YELLOW')
  })

  it('dates the arrival as dd/LL/y in Asia/Kolkata', () => {
    // 20:00 UTC on 4 March is 01:30 on 5 March in Kolkata.
    expect(text(stone(), 'arrivedAt')).toBe('05/03/2026')
    expect(kolkataDay('2026-03-04T18:29:00Z').toISOString()).toBe('2026-03-04T00:00:00.000Z')
  })

  it('names files by the Kolkata day', () => {
    expect(fileName('diamonds', 'xlsx', Date.parse('2026-12-31T19:00:00Z'))).toBe('diamonds-20270101.xlsx')
    expect(fileName('full-stock', 'xlsx', Date.parse('2026-06-01T00:00:00Z'))).toBe('full-stock-20260601.xlsx')
  })
})

describe('totals', () => {
  it('sums carats and amounts and weighs the per-carat figures by carat', () => {
    const t = new TotalsCounter()
    t.add(stone({ crt: 1, ctPr: 1000, rap: 2000, fnCtpr: 1000 }))
    t.add(stone({ crt: 3, ctPr: 6000, rap: 4000, fnCtpr: 6000 }))
    expect(t.result()).toEqual({
      count: 2,
      crt: 4,
      ctPr: 7000,
      fnCtpr: 7000,
      amt: 1750,
      rap: 3500,
      fnAmt: 1750,
      back: -50,
    })
  })

  it('has only count and carats without prices', () => {
    const t = new TotalsCounter()
    const { rap, back, amt, ctPr, rapAvg, fnDis, fnAmt, fnCtpr, ...plain } = stone()
    void [rap, back, amt, ctPr, rapAvg, fnDis, fnAmt, fnCtpr]
    t.add(plain)
    expect(t.result()).toEqual({ count: 1, crt: 1.01 })
  })

  it('puts each total under its column and names the row in the first one', () => {
    const cells = totalsCells(['vStnId', 'crt', 'colNm', 'ctPr'], { count: 2, crt: 4, ctPr: 7000 })
    expect(cells.map(cellText)).toEqual(['Total: 2 stones', '4.00', '-', '$7,000.00'])
  })
})

describe('full-stock limit', () => {
  it('lets max calls through per window, then says how long to wait', () => {
    const w = new HitWindow(2, 60_000)
    expect(w.take('a', 0)).toBeNull()
    expect(w.take('a', 1_000)).toBeNull()
    expect(w.take('a', 2_000)).toBe(58)
    expect(w.take('b', 2_000)).toBeNull()
    expect(w.take('a', 60_001)).toBeNull()
  })
})
