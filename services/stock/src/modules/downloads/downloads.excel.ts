import { once } from 'node:events'
import { PassThrough, type Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { DownloadColumn } from '@diamond/contracts/http/downloads'
import type { StoneRow } from '@diamond/contracts/http/stock'
import {
  cellOf,
  COLUMN_SPECS,
  EXCEL_FORMATS,
  needsNeutralising,
  neutralise,
  totalsCells,
  TotalsCounter,
  type Cell,
} from './downloads.rules'

const WIDE: ReadonlySet<DownloadColumn> = new Set([
  'fcColDesc',
  'keyToSymbol',
  'sellerNm',
  'girdleStr',
  'sStsDesc',
  'showNm',
])

function write(cell: ExcelJS.Cell, c: Cell): void {
  switch (c.t) {
    case 'blank':
      cell.value = '-'
      cell.alignment = { horizontal: 'center' }
      return
    case 'text':
      // Text from the stock that a spreadsheet would read as a formula stays text, quoted.
      if (needsNeutralising(c.v)) cell.numFmt = '@'
      cell.value = neutralise(c.v)
      return
    case 'date':
      cell.value = c.v
      cell.numFmt = EXCEL_FORMATS.date
      return
    default:
      cell.value = c.v
      cell.numFmt = EXCEL_FORMATS[c.fmt]
  }
}

/**
 * Stones into one worksheet with exceljs's streaming writer: each row is written out and dropped
 * when added, so a sheet of the whole stock takes no more memory than a sheet of ten stones.
 * The header row stays frozen; the last row holds the totals.
 */
export class StoneSheet {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter
  private readonly sheet: ExcelJS.Worksheet
  private readonly totals = new TotalsCounter()

  constructor(
    private readonly out: Writable,
    private readonly columns: readonly DownloadColumn[],
    title: string,
  ) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
    this.workbook.creator = 'Diamond portal'
    this.workbook.created = new Date()
    this.sheet = this.workbook.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 1 }] })
    this.sheet.columns = columns.map((c) => ({
      key: c,
      width: WIDE.has(c) ? 28 : Math.max(10, COLUMN_SPECS[c].header.length + 2),
    }))
    const header = this.sheet.addRow(columns.map((c) => COLUMN_SPECS[c].header))
    header.font = { bold: true }
    header.commit()
  }

  add(row: StoneRow): void {
    this.totals.add(row)
    const r = this.sheet.addRow([])
    this.columns.forEach((c, n) => write(r.getCell(n + 1), cellOf(row, c)))
    r.commit()
  }

  /** Waits while the reader is behind, so rows never pile up in memory (or until the reader is gone). */
  async drained(): Promise<void> {
    const out = this.out
    if (!out.writableNeedDrain || out.destroyed) return
    await new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done)
        out.off('close', done)
        resolve()
      }
      out.on('drain', done)
      out.on('close', done)
    })
  }

  async finish(): Promise<void> {
    const r = this.sheet.addRow([])
    // Columns without a total stay empty rather than showing a dash.
    totalsCells(this.columns, this.totals.result()).forEach((c, n) => c.t !== 'blank' && write(r.getCell(n + 1), c))
    r.font = { bold: true }
    r.commit()
    this.sheet.commit()
    await this.workbook.commit()
  }
}

/** A small workbook (a selection) in memory, so its length is known before it is sent. */
export async function excelBuffer(rows: readonly StoneRow[], columns: readonly DownloadColumn[]): Promise<Buffer> {
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (c: Buffer) => chunks.push(c))
  const done = once(out, 'end')
  const sheet = new StoneSheet(out, columns, 'Diamonds')
  for (const r of rows) sheet.add(r)
  await sheet.finish()
  await done
  return Buffer.concat(chunks)
}
