/**
 * Download constants without TypeBox, so the web app can import them without the schema library
 * (the schemas are in downloads.ts).
 */

/**
 * The stone row fields a download can show as columns, in the grid's column-chooser order (the
 * web app sends its visible column keys). Anything else is refused with the field named.
 */
export const DOWNLOAD_COLUMNS = [
  'vStnId',
  'stoneId',
  'certNo',
  'lbNm',
  'shpNm',
  'shpFullNm',
  'crt',
  'pcs',
  'colNm',
  'clrNm',
  'cutNm',
  'polNm',
  'symNm',
  'fluNm',
  'locNm',
  'shdNm',
  'rap',
  'back',
  'amt',
  'ctPr',
  'rapAvg',
  'fnDis',
  'fnAmt',
  'fnCtpr',
  'isFcCol',
  'fcColNm',
  'fcIntNm',
  'fcOvtNm',
  'fcColDesc',
  'depPer',
  'tblPer',
  'ratio',
  'length',
  'width',
  'height',
  'cAng',
  'cHgt',
  'pAng',
  'pHgt',
  'grdlPer',
  'strLn',
  'lwrHal',
  'girdleNm',
  'girdleStr',
  'grdlCondNm',
  'cultNm',
  'cultCondNm',
  'brlncyNm',
  'blkTblNm',
  'blkSdNm',
  'wTblNm',
  'wSdNm',
  'opTblNm',
  'opCrwnNm',
  'opPavNm',
  'eClnNm',
  'milkyNm',
  'hANm',
  'keyToSymbol',
  'sellerNm',
  'pairNo',
  'showNm',
  'isXray',
  'isType2',
  'isSeal',
  'isDor',
  'sSts',
  'wSts',
  'webSts',
  'sgiSts',
  'initSts',
  'sStsDesc',
  'sgiMemo',
  'sgiHold',
  'bestBuyMemo',
  'bestBuyHold',
  'arrivedAt',
] as const
export type DownloadColumn = (typeof DOWNLOAD_COLUMNS)[number]

/** Price columns: never in a download for a viewer who may not see prices, even when asked for. */
export const PRICE_COLUMNS = [
  'rap',
  'back',
  'amt',
  'ctPr',
  'rapAvg',
  'fnDis',
  'fnAmt',
  'fnCtpr',
] as const satisfies readonly DownloadColumn[]

/** The open full-stock file's columns (prices only for a signed-in viewer who may see them). */
export const FULL_STOCK_COLUMNS = [
  'vStnId',
  'stoneId',
  'certNo',
  'lbNm',
  'shpNm',
  'crt',
  'pcs',
  'colNm',
  'clrNm',
  'cutNm',
  'polNm',
  'symNm',
  'fluNm',
  'locNm',
  'shdNm',
  'rap',
  'back',
  'amt',
  'ctPr',
  'fcColNm',
  'fcIntNm',
  'fcOvtNm',
  'depPer',
  'tblPer',
  'ratio',
  'length',
  'width',
  'height',
  'cAng',
  'cHgt',
  'pAng',
  'pHgt',
  'girdleNm',
  'cultNm',
  'eClnNm',
  'keyToSymbol',
  'arrivedAt',
] as const satisfies readonly DownloadColumn[]

/** Most stones one Excel or PDF download takes, and one zip (each stone brings several files). */
export const MAX_DOWNLOAD_STONES = 1000
export const MAX_ZIP_STONES = 200
/** A PDF page fits this many columns at a readable size; Excel takes them all. */
export const MAX_PDF_COLUMNS = 30

/** The file types a download answers with. */
export const DOWNLOAD_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  zip: 'application/zip',
} as const
export type DownloadKind = keyof typeof DOWNLOAD_TYPES
