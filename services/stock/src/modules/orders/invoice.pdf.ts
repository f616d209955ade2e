import PDFDocument from 'pdfkit'
import type { Order } from '@diamond/contracts/http/orders'
import { AUCTION_BILL_TYPE, AUCTION_TERMS, DELIVERY_WORKING_DAYS } from '@diamond/contracts/http/orders.values'
import { FONT_FACES, fontFile, fontName, fontRuns } from './invoice.fonts'
import type { BillTo } from './orders.schema'
import { taxLines, type TaxRate } from './orders.rules'

const MARGIN = 36
const ROW_H = 15
const INK = '#1f2933'
const MUTED = '#52606d'

/** The operator company that issues the invoice (STOCK_INVOICE_ISSUER*). */
export interface Issuer {
  name: string
  address: string[]
  taxId: string
}

/** What an invoice prints: the order, whom it is billed to, who issues it and the taxes configured. */
export interface Invoice {
  order: Order
  billTo: BillTo | null
  issuer: Issuer
  taxes: readonly TaxRate[]
}

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
/** A calendar date ('YYYY-MM-DD') as dd/LL/y. */
const day = (ymd: string) => ymd.split('-').reverse().join('/')

type Line = Order['lines'][number]
/**
 * The columns fill the printable width of A4 exactly (523 pt): with the seller's column the old
 * widths ran the "Final" column off the paper.
 */
const COLUMNS: { title: string; width: number; right?: boolean; cell: (l: Line) => string }[] = [
  { title: 'Stone No', width: 62, cell: (l) => l.vStnId },
  { title: 'Seller', width: 78, cell: (l) => l.sellerNm ?? '' },
  { title: 'Shape', width: 44, cell: (l) => l.shpNm },
  { title: 'Carat', width: 34, right: true, cell: (l) => two(l.crt) },
  { title: 'Color', width: 32, cell: (l) => l.colNm },
  { title: 'Clarity', width: 38, cell: (l) => l.clrNm },
  { title: 'Lab', width: 30, cell: (l) => l.lbNm },
  { title: 'Disc %', width: 36, right: true, cell: (l) => two(l.back) },
  { title: 'Price/Ct', width: 54, right: true, cell: (l) => money(l.pricePerCaratCents) },
  { title: 'Amount', width: 57, right: true, cell: (l) => money(l.amountCents) },
  { title: 'Final', width: 58, right: true, cell: (l) => money(l.finalAmountCents) },
]
export const TABLE_WIDTH = COLUMNS.reduce((n, c) => n + c.width, 0)

type TextOptions = PDFKit.Mixins.TextOptions

/**
 * Writes a text in the Noto faces its characters need, a run per face (continued on one line), so a
 * company name in Hebrew, Arabic, Chinese or Japanese prints as it is written.
 */
function write(
  doc: PDFKit.PDFDocument,
  text: string,
  bold: boolean,
  opts: TextOptions & { x?: number; y?: number } = {},
) {
  const { x, y, ...rest } = opts
  const runs = fontRuns(text || ' ')
  runs.forEach((r, i) => {
    doc.font(fontName(r.face, bold))
    const more = i < runs.length - 1
    if (i === 0 && x !== undefined) doc.text(r.text, x, y, { ...rest, continued: more })
    else doc.text(r.text, { ...rest, continued: more })
  })
}

/**
 * The invoice of one order as a PDF stream: the issuer (the operator company), the buyer's billing
 * address, each stone's seller, the lines at the prices fixed at the order, the totals with the
 * configured taxes, the bill type's terms (a won lot's: invoice the next business day, pay within 3
 * business days), and the spec's notices.
 */
export function invoicePdf({ order, billTo, issuer, taxes }: Invoice): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Invoice ${order.orderNo}`, Creator: issuer.name },
  })
  for (const face of FONT_FACES) {
    doc.registerFont(fontName(face, false), fontFile(face, false))
    doc.registerFont(fontName(face, true), fontFile(face, true))
  }
  const width = doc.page.width - 2 * MARGIN
  const half = width / 2 - 6

  // The issuer, top right; the invoice's number and dates, top left.
  doc.fillColor(INK).fontSize(10)
  write(doc, issuer.name, true, { x: MARGIN + half + 12, y: MARGIN, width: half, align: 'right' })
  doc.fontSize(8).fillColor(MUTED)
  for (const line of [...issuer.address, issuer.taxId].filter(Boolean))
    write(doc, line, false, { width: half, align: 'right' })
  doc.fillColor(INK).fontSize(18)
  write(doc, 'INVOICE', true, { x: MARGIN, y: MARGIN, width: half })
  doc.fontSize(9)
  write(doc, `Invoice / Order No: ${order.orderNo}`, false, { width: half })
  write(doc, `Date: ${date(order.createdAt)}`, false, { width: half })
  if (order.payBy) write(doc, `Payment due: ${day(order.payBy)}`, true, { width: half })

  // Bill to: the buyer's company and billing address as they stood when the order was placed.
  let y = Math.max(doc.y, MARGIN + 70) + 10
  doc.fontSize(8).fillColor(MUTED)
  write(doc, 'BILL TO', true, { x: MARGIN, y, width: half })
  doc.fontSize(9).fillColor(INK)
  write(doc, billTo?.company || order.companyName || order.buyerName || '-', true, { width: half })
  if (order.buyerName) write(doc, `Buyer: ${order.buyerName}`, false, { width: half })
  for (const line of billTo?.lines ?? []) write(doc, line, false, { width: half })
  const leftEnd = doc.y
  const sellers = [...new Set(order.lines.map((l) => l.sellerNm ?? '').filter(Boolean))]
  doc.fontSize(8).fillColor(MUTED)
  write(doc, 'SOLD BY', true, { x: MARGIN + half + 12, y, width: half })
  doc.fontSize(9).fillColor(INK)
  write(doc, sellers.length ? sellers.join(', ') : issuer.name, false, { width: half })
  write(doc, `Bill type: ${order.billType.name}`, false, { width: half })
  y = Math.max(leftEnd, doc.y) + 6
  const terms =
    order.billType.code === AUCTION_BILL_TYPE.code
      ? `Auction terms: the winning price is final; invoiced ${AUCTION_TERMS.invoiceAfterBusinessDays} business day after the close, payment within ${AUCTION_TERMS.payWithinBusinessDays} business days of the invoice.`
      : `${order.billType.days > 0 ? `Payment within ${order.billType.days} days.` : 'Payment on delivery in Hong Kong.'} Bill discount ${order.billType.value}%; a discount of ${order.billType.resetDiscount}% is reset if payment misses the term.`
  doc.fontSize(8)
  write(doc, `Terms: ${terms}`, false, { x: MARGIN, y, width })

  y = doc.y + 10
  const row = (cells: string[], bold = false, fill?: string) => {
    if (fill) doc.rect(MARGIN, y, TABLE_WIDTH, ROW_H).fill(fill)
    doc.fillColor(INK).fontSize(7.5)
    let x = MARGIN
    cells.forEach((c, i) => {
      const col = COLUMNS[i]!
      write(doc, c, bold, {
        x: x + 2,
        y: y + 4,
        width: col.width - 4,
        lineBreak: false,
        ellipsis: true,
        align: col.right ? 'right' : 'left',
      })
      x += col.width
    })
    y += ROW_H
    if (y > doc.page.height - MARGIN - 8 * ROW_H) {
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
      '',
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

  // Totals, right-aligned under the table: the bill type's discount, the configured taxes, the sum due.
  const tax = taxLines(order.finalAmountCents ?? 0, taxes)
  const totals: [string, string, boolean][] = [
    ['Amount', money(order.amountCents), false],
    ['Bill type discount', money(order.adjustmentCents), false],
    ['Subtotal', money(order.finalAmountCents), false],
    ...tax.lines.map((t): [string, string, boolean] => [`${t.name} ${t.percent}%`, money(t.cents), false]),
    ['Total payable (USD)', money(tax.totalCents), true],
  ]
  y += 8
  doc.fontSize(9).fillColor(INK)
  for (const [label, value, bold] of totals) {
    write(doc, label, bold, { x: MARGIN + width - 260, y, width: 160, lineBreak: false })
    write(doc, value, bold, { x: MARGIN + width - 100, y, width: 100, align: 'right', lineBreak: false })
    y += 13
  }
  doc.fontSize(8)
  y += 6
  write(doc, 'Prices on confirm are fixed and not negotiable.', false, { x: MARGIN, y, width })
  write(doc, `Shipments take at least ${DELIVERY_WORKING_DAYS.from}-${DELIVERY_WORKING_DAYS.to} working days.`, false, {
    width,
  })
  write(
    doc,
    'Stones located outside India are not available for delivery in India without contacting the sales person.',
    false,
    { width },
  )
  doc.end()
  return doc
}
