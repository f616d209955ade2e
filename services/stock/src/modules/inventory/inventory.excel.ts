import { PassThrough, type Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import { needsNeutralising, neutralise } from '../downloads/downloads.rules'

/**
 * The invalid rows of an upload as a workbook (row in the file, stock number, reasons), streamed as
 * it is written. Text a spreadsheet would run as a formula (= + - @) stays text.
 */
export function invalidWorkbook(rows: AsyncIterable<{ seq: number; stockNo: string; reasons: string[] }[]>): Readable {
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  workbook.creator = 'Diamond portal'
  const sheet = workbook.addWorksheet('Invalid rows', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = [
    { key: 'row', width: 8 },
    { key: 'stockNo', width: 20 },
    { key: 'reasons', width: 60 },
  ]
  const header = sheet.addRow(['Row', 'Stock #', 'Reasons'])
  header.font = { bold: true }
  header.commit()
  const fill = async () => {
    for await (const batch of rows) {
      for (const r of batch) {
        const row = sheet.addRow([r.seq, neutralise(r.stockNo), r.reasons.join(', ')])
        if (needsNeutralising(r.stockNo)) row.getCell(2).numFmt = '@'
        row.commit()
      }
    }
    sheet.commit()
    await workbook.commit()
  }
  fill().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))))
  return out
}
