import PDFDocument from 'pdfkit'
import type { DownloadColumn } from '@diamond/contracts/http/downloads'
import type { StoneRow } from '@diamond/contracts/http/stock'
import { cellOf, cellText, COLUMN_SPECS, totalsCells, TotalsCounter, type Cell } from './downloads.rules'

const MARGIN = 24
const ROW_H = 14
const WIDE: ReadonlySet<DownloadColumn> = new Set([
  'fcColDesc',
  'keyToSymbol',
  'sellerNm',
  'girdleStr',
  'sStsDesc',
  'showNm',
  'shpFullNm',
])

/**
 * A stone list as a PDF table: landscape A4 (A3 for many columns), a header row repeated on each
 * page, numbers right-aligned, the totals in bold at the end. pdfkit's built-in Helvetica covers
 * the stock's texts (grades, numbers, names in Latin letters).
 */
export async function pdfBuffer(
  rows: readonly StoneRow[],
  columns: readonly DownloadColumn[],
  subtitle: string,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: columns.length > 16 ? 'A3' : 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: 'Diamonds', Creator: 'Diamond portal' },
  })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve)
    doc.on('error', reject)
  })

  const fontSize = columns.length > 22 ? 6 : 7
  const usable = doc.page.width - 2 * MARGIN
  const weights = columns.map((c) => (WIDE.has(c) ? 2 : 1))
  const unit = usable / weights.reduce((a, b) => a + b, 0)
  const widths = weights.map((w) => w * unit)
  const bottom = () => doc.page.height - MARGIN - ROW_H

  const line = (cells: readonly (Cell | string)[], y: number, opts: { bold?: boolean; fill?: string } = {}) => {
    if (opts.fill) doc.rect(MARGIN, y, usable, ROW_H).fill(opts.fill)
    doc
      .fillColor('#1f2933')
      .font(opts.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(fontSize)
    let x = MARGIN
    cells.forEach((c, n) => {
      const text = typeof c === 'string' ? c : cellText(c)
      const numeric = typeof c !== 'string' && c.t === 'num'
      doc.text(text, x + 2, y + 4, {
        width: widths[n]! - 4,
        height: ROW_H,
        lineBreak: false,
        ellipsis: true,
        align: numeric ? 'right' : 'left',
      })
      x += widths[n]!
    })
  }
  const header = (y: number) =>
    line(
      columns.map((c) => COLUMN_SPECS[c].header),
      y,
      { bold: true, fill: '#e4e7eb' },
    )

  doc.font('Helvetica-Bold').fontSize(12).fillColor('#1f2933').text('Diamonds', MARGIN, MARGIN, { lineBreak: false })
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(subtitle, MARGIN, MARGIN + 16, { lineBreak: false })
  let y = MARGIN + 32
  header(y)
  y += ROW_H
  const totals = new TotalsCounter()
  rows.forEach((r, i) => {
    if (y > bottom()) {
      doc.addPage()
      y = MARGIN
      header(y)
      y += ROW_H
    }
    totals.add(r)
    line(
      columns.map((c) => cellOf(r, c)),
      y,
      i % 2 ? { fill: '#f5f7fa' } : {},
    )
    y += ROW_H
  })
  if (y > bottom()) {
    doc.addPage()
    y = MARGIN
  }
  line(
    totalsCells(columns, totals.result()).map((c) => (c.t === 'blank' ? '' : c)),
    y,
    { bold: true, fill: '#e4e7eb' },
  )
  doc.end()
  await ended
  return Buffer.concat(chunks)
}
