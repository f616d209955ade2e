import PDFDocument from 'pdfkit'
import type { Order } from '@diamond/contracts/http/orders'
import { DELIVERY_WORKING_DAYS } from '@diamond/contracts/http/orders.values'

const MARGIN = 36
const ROW_H = 16
const INK = '#1f2933'

const money = (cents: number | undefined) =>
  cents === undefined
    ? '-'
    : (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const two = (n: number | null | undefined) => (n === null || n === undefined ? '-' : n.toFixed(2))
const date = (iso: string) => {
  // Spec section 9: dd/LL/y in Asia/Kolkata.
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' })
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  )
  return `${p.day}/${p.month}/${p.year}`
}

const COLUMNS: { title: string; width: number; right?: boolean; cell: (l: Order['lines'][number]) => string }[] = [
  { title: 'Stone No', width: 70, cell: (l) => l.vStnId },
  { title: 'Shape', width: 50, cell: (l) => l.shpNm },
  { title: 'Carat', width: 40, right: true, cell: (l) => two(l.crt) },
  { title: 'Color', width: 40, cell: (l) => l.colNm },
  { title: 'Clarity', width: 45, cell: (l) => l.clrNm },
  { title: 'Lab', width: 40, cell: (l) => l.lbNm },
  { title: 'Disc %', width: 45, right: true, cell: (l) => two(l.back) },
  { title: 'Price/Ct', width: 70, right: true, cell: (l) => money(l.pricePerCaratCents) },
  { title: 'Amount', width: 80, right: true, cell: (l) => money(l.amountCents) },
  { title: 'Final', width: 80, right: true, cell: (l) => money(l.finalAmountCents) },
]

/**
 * The invoice of one order as a PDF stream: seller and buyer, the order's lines at the prices
 * fixed at confirm, the totals, the bill type and its terms, and the spec's notices.
 */
export function invoicePdf(order: Order): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Invoice ${order.orderNo}`, Creator: 'Diamond portal' },
  })
  const width = doc.page.width - 2 * MARGIN
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text('INVOICE', MARGIN, MARGIN)
  doc.font('Helvetica').fontSize(9)
  doc.text(`Invoice / Order No: ${order.orderNo}`, MARGIN, MARGIN + 26)
  doc.text(`Date: ${date(order.createdAt)}`)
  doc.text(`Bill to: ${order.companyName || order.buyerName || '-'}`)
  if (order.companyName && order.buyerName) doc.text(`Buyer: ${order.buyerName}`)
  doc.text(`Bill type: ${order.billType.name}`)
  const terms =
    order.billType.days > 0 ? `Payment within ${order.billType.days} days.` : 'Payment on delivery in Hong Kong.'
  doc.text(
    `Terms: ${terms} Bill discount ${order.billType.value}%; a discount of ${order.billType.resetDiscount}% is reset if payment misses the term.`,
    { width },
  )

  let y = doc.y + 12
  const row = (cells: string[], bold = false, fill?: string) => {
    if (fill) doc.rect(MARGIN, y, width, ROW_H).fill(fill)
    doc
      .fillColor(INK)
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8)
    let x = MARGIN
    cells.forEach((c, i) => {
      const col = COLUMNS[i]!
      doc.text(c, x + 2, y + 4, {
        width: col.width - 4,
        lineBreak: false,
        ellipsis: true,
        align: col.right ? 'right' : 'left',
      })
      x += col.width
    })
    y += ROW_H
    if (y > doc.page.height - MARGIN - 4 * ROW_H) {
      doc.addPage()
      y = MARGIN
    }
  }
  row(
    COLUMNS.map((c) => c.title),
    true,
    '#e4e7eb',
  )
  for (const l of order.lines) row(COLUMNS.map((c) => c.cell(l)))
  row(
    [
      'Total',
      `${order.pcs} pcs`,
      two(order.crt),
      '',
      '',
      '',
      '',
      '',
      money(order.amountCents),
      money(order.finalAmountCents),
    ],
    true,
    '#f5f7fa',
  )

  y += 8
  doc.font('Helvetica').fontSize(9).fillColor(INK)
  doc.text(`Amount: USD ${money(order.amountCents)}`, MARGIN, y)
  doc.text(`Bill type discount: USD ${money(order.adjustmentCents)}`)
  doc.font('Helvetica-Bold').text(`Total payable: USD ${money(order.finalAmountCents)}`)
  doc.moveDown().font('Helvetica').fontSize(8)
  doc.text('Prices on confirm are fixed and not negotiable.', { width })
  doc.text(`Shipments take at least ${DELIVERY_WORKING_DAYS.from}-${DELIVERY_WORKING_DAYS.to} working days.`, { width })
  doc.text(
    'Stones located outside India are not available for delivery in India without contacting the sales person.',
    { width },
  )
  doc.end()
  return doc
}
