import type { TFunction } from 'i18next'
import type { StoneRow } from '@diamond/contracts/http/stock'
import { shownLab } from '@diamond/contracts/http/stock.values'
import { DEFAULT_COLUMNS } from '@diamond/contracts/masters'
import { fmt2, fmtCut, fmtDate, fmtText, fmtUsd, fmtWhole } from '../../lib/format'

type Row = Omit<StoneRow, 'categories'> & { readonly categories: readonly number[] }

export interface Column {
  /** The StoneRow field (or the name of a computed column). */
  key: string
  /** i18n key of the header and of the chooser's entry. */
  label: string
  /** Width in px. */
  width: number
  numeric?: boolean
  /** Shown stronger (the stone number). */
  strong?: boolean
  /** A price: absent for viewers who may not see prices, so the column is not offered to them. */
  price?: boolean
  value: (s: Row, t: TFunction) => string
}

const text = (key: keyof StoneRow, label: string, width = 72): Column => ({
  key,
  label,
  width,
  value: (s) => fmtText(s[key] as string),
})
const two = (key: keyof StoneRow, label: string, width = 64, price = false): Column => ({
  key,
  label,
  width,
  numeric: true,
  price,
  value: (s) => fmt2(s[key] as number | undefined),
})
const usd = (key: keyof StoneRow, label: string, width = 104): Column => ({
  key,
  label,
  width,
  numeric: true,
  price: true,
  value: (s) => fmtUsd(s[key] as number | undefined),
})
const yesNo = (key: keyof StoneRow, label: string, width = 64): Column => ({
  key,
  label,
  width,
  value: (s, t) => t(s[key] ? 'common.yes' : 'common.no'),
})

/**
 * Every stone field as a column, in the chooser's order, with spec section 9's formatting: two
 * decimals for the measures, discounts and prices, Rap whole, a dash for empty or zero and for cut
 * NON (section 4), and the lab replaced by the status description when shownLab says so.
 */
export const CATALOGUE: readonly Column[] = [
  { key: 'vStnId', label: 'columns.stoneNo', width: 96, strong: true, value: (s) => fmtText(s.vStnId) },
  text('stoneId', 'columns.stoneId', 88),
  text('certNo', 'columns.certNo', 108),
  { key: 'lbNm', label: 'columns.lab', width: 76, value: (s) => fmtText(shownLab(s)) },
  text('shpNm', 'columns.shape', 80),
  text('shpFullNm', 'columns.shpFullNm', 96),
  two('crt', 'columns.carat', 60),
  // A parcel's carat is the lot's weight; Pcs says how many stones share it.
  { key: 'pcs', label: 'grid.pieces', width: 48, numeric: true, value: (s) => String(s.pcs) },
  // A fancy stone has no white colour grade: its fancy colour stands in.
  {
    key: 'colNm',
    label: 'columns.color',
    width: 56,
    value: (s) => fmtText(s.isFcCol && !s.colNm ? s.fcColNm : s.colNm),
  },
  text('clrNm', 'columns.clarity', 64),
  { key: 'cutNm', label: 'columns.cut', width: 52, value: (s) => fmtCut(s.cutNm) },
  text('polNm', 'columns.polish', 56),
  text('symNm', 'columns.symm', 56),
  text('fluNm', 'columns.fluor', 60),
  text('locNm', 'columns.location', 92),
  text('shdNm', 'columns.shade', 88),
  { key: 'rap', label: 'columns.rap', width: 72, numeric: true, price: true, value: (s) => fmtWhole(s.rap) },
  two('back', 'columns.disc', 64, true),
  usd('amt', 'columns.pricePerCarat', 100),
  usd('ctPr', 'columns.amount', 112),
  two('rapAvg', 'columns.rapAvg', 72, true),
  two('fnDis', 'columns.fnDis', 72, true),
  usd('fnAmt', 'columns.fnAmt', 100),
  usd('fnCtpr', 'columns.fnCtpr', 112),
  yesNo('isFcCol', 'columns.isFcCol', 64),
  text('fcColNm', 'columns.fcColNm', 80),
  text('fcIntNm', 'columns.fcIntNm', 104),
  text('fcOvtNm', 'columns.fcOvtNm', 88),
  text('fcColDesc', 'columns.fcColDesc', 140),
  two('depPer', 'columns.depPer', 60),
  two('tblPer', 'columns.tblPer', 60),
  two('ratio', 'columns.ratio', 56),
  two('length', 'columns.length', 60),
  two('width', 'columns.width', 60),
  two('height', 'columns.height', 60),
  two('cAng', 'columns.cAng', 64),
  two('cHgt', 'columns.cHgt', 64),
  two('pAng', 'columns.pAng', 64),
  two('pHgt', 'columns.pHgt', 64),
  two('grdlPer', 'columns.grdlPer', 64),
  two('strLn', 'columns.strLn', 64),
  two('lwrHal', 'columns.lwrHal', 64),
  text('girdleNm', 'columns.girdleNm', 96),
  text('girdleStr', 'columns.girdleStr', 120),
  text('grdlCondNm', 'columns.grdlCondNm', 96),
  text('cultNm', 'columns.cultNm', 80),
  text('cultCondNm', 'columns.cultCondNm', 96),
  text('brlncyNm', 'columns.brlncyNm', 80),
  text('blkTblNm', 'columns.blkTblNm', 72),
  text('blkSdNm', 'columns.blkSdNm', 72),
  text('wTblNm', 'columns.wTblNm', 72),
  text('wSdNm', 'columns.wSdNm', 72),
  text('opTblNm', 'columns.opTblNm', 72),
  text('opCrwnNm', 'columns.opCrwnNm', 72),
  text('opPavNm', 'columns.opPavNm', 72),
  text('eClnNm', 'columns.eClnNm', 80),
  text('milkyNm', 'columns.milkyNm', 64),
  text('hANm', 'columns.hANm', 64),
  text('keyToSymbol', 'columns.keyToSymbol', 160),
  text('sellerNm', 'columns.sellerNm', 140),
  text('pairNo', 'columns.pairNo', 80),
  text('showNm', 'columns.showNm', 120),
  yesNo('isXray', 'columns.isXray'),
  yesNo('isType2', 'columns.isType2'),
  yesNo('isSeal', 'columns.isSeal'),
  yesNo('isDor', 'columns.isDor'),
  text('sSts', 'columns.sSts', 56),
  text('wSts', 'columns.wSts', 56),
  text('webSts', 'columns.webSts', 56),
  text('sgiSts', 'columns.sgiSts', 56),
  text('initSts', 'columns.initSts', 56),
  text('sStsDesc', 'columns.sStsDesc', 120),
  yesNo('sgiMemo', 'columns.sgiMemo', 72),
  yesNo('sgiHold', 'columns.sgiHold', 72),
  yesNo('bestBuyMemo', 'columns.bestBuyMemo', 88),
  yesNo('bestBuyHold', 'columns.bestBuyHold', 88),
  { key: 'arrivedAt', label: 'columns.arrivedAt', width: 96, numeric: true, value: (s) => fmtDate(s.arrivedAt) },
]

export const CATALOGUE_KEYS = CATALOGUE.map((c) => c.key)
export const COLUMN_BY_KEY: ReadonlyMap<string, Column> = new Map(CATALOGUE.map((c) => [c.key, c]))
/** A new user's columns (the login's `columns`, the same list in contracts). */
export const DEFAULT_CHOICE: readonly string[] = DEFAULT_COLUMNS

/** The fixed columns around the chosen ones. */
export const SELECT_WIDTH = 36
export const DETAILS_WIDTH = 64
export const STATUS_WIDTH = 112
export const ACTION_WIDTH = 96

/** Columns a viewer may choose from: prices only for those who may see them. */
export const catalogueFor = (canSeePrices: boolean): readonly Column[] =>
  canSeePrices ? CATALOGUE : CATALOGUE.filter((c) => !c.price)
