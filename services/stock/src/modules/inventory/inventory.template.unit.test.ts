import { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { MASTERS } from '@diamond/contracts/masters'
import { matchHeaders } from './inventory.mapping'
import { readSheet } from './inventory.read'
import { RowChecker } from './inventory.rules'
import { templateHeader, templateWorkbook } from './inventory.template'
import { UPLOAD_FIELDS } from './inventory.types'

// exceljs types its input as the older Buffer; the bytes are the same.
const load = async (wb: ExcelJS.Workbook) => wb.xlsx.load(new Uint8Array(await templateWorkbook()).buffer)

describe('templateWorkbook', () => {
  it('has one column per field, each header mapping back to its field', async () => {
    const wb = new ExcelJS.Workbook()
    await load(wb)
    const stones = wb.getWorksheet('Stones')!
    const headers = (stones.getRow(1).values as unknown[]).slice(1).map(String)
    expect(headers).toEqual(UPLOAD_FIELDS.map(templateHeader))
    expect(Object.values(matchHeaders(headers))).toEqual([...UPLOAD_FIELDS])
    expect(stones.getRow(1).getCell(1).font?.bold).toBe(true)
  })

  it('lists the allowed values of each graded column, from the masters', async () => {
    const wb = new ExcelJS.Workbook()
    await load(wb)
    const allowed = wb.getWorksheet('Allowed values')!
    const column = (header: string) => {
      const col = (allowed.getRow(1).values as unknown[]).indexOf(header)
      expect(col, header).toBeGreaterThan(0)
      return (allowed.getColumn(col).values as unknown[]).slice(2).filter((v) => v !== null && v !== undefined)
    }
    expect(column('Shape')).toEqual([...MASTERS.SHAPE])
    expect(column('Fluorescence Intensity')).toEqual([...MASTERS.FLUORESCENCE])
    expect(column('City')).toEqual([...MASTERS.LOCATION])
    expect(column('Treatment')).toContain('NONE')
    expect(column('Growth Type')).toEqual(['NATURAL'])
    expect(column('Weight')).toEqual(['0.01 to 99.99'])
  })

  it('is read by the upload reader: a row typed into it checks out', async () => {
    const wb = new ExcelJS.Workbook()
    await load(wb)
    const values: Record<string, string> = {
      stoneId: 'T-1',
      shape: 'ROUND',
      carat: '1.2',
      color: 'F',
      clarity: 'VS2',
      lab: 'GIA',
      treatment: 'NONE',
      back: '-20',
    }
    wb.getWorksheet('Stones')!.addRow(UPLOAD_FIELDS.map((f) => values[f] ?? ''))
    const sheet = await readSheet(
      { fileName: 'template.xlsx', stream: Readable.from([Buffer.from(await wb.xlsx.writeBuffer())]) },
      { maxBytes: 1 << 20, maxRows: 10 },
    )
    const checker = new RowChecker(sheet.headers, matchHeaders(sheet.headers))
    for await (const row of sheet.rows) expect(checker.check(row)).toMatchObject({ ok: true, stockNo: 'T-1' })
  })
})
