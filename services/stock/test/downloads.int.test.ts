import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_DOWNLOAD_STONES } from '@diamond/contracts/http/downloads'
import { startTestPortal, type TestPortal } from '../../../test/portal'

/** The entry names of a zip, read from its central directory. */
function zipEntries(buf: Buffer): string[] {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  let at = buf.readUInt32LE(end + 16)
  const names: string[] = []
  for (let n = buf.readUInt16LE(end + 10); n > 0; n--) {
    const nameLen = buf.readUInt16LE(at + 28)
    names.push(buf.toString('utf8', at + 46, at + 46 + nameLen))
    at += 46 + nameLen + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32)
  }
  return names
}

async function sheetOf(buf: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(buf as unknown as ArrayBuffer)
  return wb.worksheets[0]!
}
const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1)

describe('downloads', () => {
  let portal: TestPortal
  let buyer: string
  let noPrice: string
  let stones: { id: string; vStnId: string }[]

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 40, env: { STOCK_FULL_STOCK_MAX: '3' } })
    ;[buyer, noPrice] = await Promise.all([portal.login('buyer1'), portal.login('noprice1')])
    stones = (await portal.stones(buyer, 3)).map(({ id, vStnId }) => ({ id, vStnId }))
  })
  afterAll(() => portal?.close())

  async function download(path: string, body: unknown, token?: string) {
    const res = await fetch(`${portal.base}/web/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
  }
  const envelope = (b: Buffer) => JSON.parse(b.toString('utf8')) as { code: string; message: string; data: any }

  it('sends the selected stones as Excel with the asked columns, their rows and totals, formulas neutralised', async () => {
    await portal.sql`update stock.stones set key_to_symbol = ${'=cmd|" /C calc"!A0'} where id = ${stones[1]!.id}`
    const ids = stones.map((s) => s.id)
    const res = await download(
      'diamond/excel',
      { ids, columns: ['vStnId', 'crt', 'keyToSymbol', 'amt', 'ctPr'] },
      buyer,
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="diamonds-\d{8}\.xlsx"$/)
    expect(Number(res.headers.get('content-length'))).toBe(res.body.length)

    const ws = await sheetOf(res.body)
    expect(rowValues(ws, 1)).toEqual(['Stone No', 'Carat', 'Key to Symbols', 'Price / Carat', 'Amount'])
    expect([2, 3, 4].map((n) => ws.getRow(n).getCell(1).value)).toEqual(stones.map((s) => s.vStnId))
    const risky = ws.getRow(3).getCell(3)
    expect(risky.value).toBe(`'=cmd|" /C calc"!A0`)
    expect(risky.numFmt).toBe('@')
    expect(risky.formula).toBeUndefined()
    expect(ws.getRow(2).getCell(2).numFmt).toBe('#,##0.00')

    const [sum] = await portal.sql<{ crt: string; ctpr: string }[]>`
      select sum(carat)::text as crt, (sum(ctpr_cents) / 100.0)::text as ctpr from stock.stones where id = any(${ids}::uuid[])`
    const totals = ws.getRow(5)
    expect(totals.getCell(1).value).toBe('Total: 3 stones')
    expect(totals.getCell(2).value).toBeCloseTo(Number(sum!.crt), 2)
    expect(totals.getCell(5).value).toBeCloseTo(Number(sum!.ctpr), 2)
    expect(ws.rowCount).toBe(5)
  })

  it('never gives price columns to a user who may not see prices, even when asked', async () => {
    const res = await download(
      'diamond/excel',
      { ids: [stones[0]!.id], columns: ['vStnId', 'rap', 'back', 'amt', 'ctPr', 'crt', 'fnCtpr'] },
      noPrice,
    )
    expect(res.status).toBe(200)
    const ws = await sheetOf(res.body)
    expect(rowValues(ws, 1)).toEqual(['Stone No', 'Carat'])
    expect(rowValues(ws, 3)).toEqual(['Total: 1 stone', expect.any(Number)])
  })

  it('lets a guest download what a guest may see', async () => {
    const guest = await portal.call('guest/auth/login', {
      name: 'Gil',
      companyName: 'Just Looking',
      contactNumber: '+1 555 0100',
      email: 'gil@example.test',
    })
    const res = await download(
      'diamond/excel',
      { ids: [stones[0]!.id], columns: ['vStnId', 'crt'] },
      guest.body.data.token.jwt,
    )
    expect(res.status).toBe(200)
    expect(rowValues(await sheetOf(res.body), 2)[0]).toBe(stones[0]!.vStnId)
  })

  it('sends a PDF', async () => {
    const res = await download('diamond/pdf', { ids: stones.map((s) => s.id) }, buyer)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toMatch(/filename="diamonds-\d{8}\.pdf"/)
    expect(res.body.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(Number(res.headers.get('content-length'))).toBe(res.body.length)
  })

  it('sends a zip with a folder per stone: certificate document, image and plotting', async () => {
    const res = await download('diamond/download-zip', { ids: stones.map((s) => s.id) }, buyer)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    const names = zipEntries(res.body)
    for (const s of stones)
      expect(names).toEqual(
        expect.arrayContaining([`${s.vStnId}/certificate.txt`, `${s.vStnId}/image.svg`, `${s.vStnId}/plotting.svg`]),
      )
    expect(names).toHaveLength(stones.length * 3)
  })

  it('answers bad input with a clear JSON error and no file', async () => {
    const cases: [string, unknown, string, number, string?][] = [
      ['diamond/excel', { ids: [] }, 'E_VALIDATION', 400, 'ids'],
      ['diamond/excel', { ids: [stones[0]!.id], columns: ['vStnId', 'secret'] }, 'E_VALIDATION', 400, 'columns.1'],
      [
        'diamond/excel',
        { ids: Array.from({ length: MAX_DOWNLOAD_STONES + 1 }, () => stones[0]!.id) },
        'E_VALIDATION',
        400,
        'ids',
      ],
      ['diamond/excel', { ids: [stones[0]!.id, stones[0]!.id] }, 'E_VALIDATION', 400, 'ids.1'],
      ['diamond/pdf', { ids: ['00000000-0000-4000-8000-000000000000'] }, 'E_NOT_FOUND', 404],
      ['diamond/download-zip', { ids: [stones[0]!.id], columns: ['crt'] }, 'E_VALIDATION', 400, 'columns'],
    ]
    for (const [path, body, code, status, field] of cases) {
      const res = await download(path, body, buyer)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(res.headers.get('content-disposition')).toBeNull()
      const e = envelope(res.body)
      expect(e.code).toBe(code)
      if (field) expect(e.data.fields.map((f: { field: string }) => f.field)).toContain(field)
    }
    expect((await download('diamond/excel', { ids: [stones[0]!.id] })).status).toBe(401)
  })

  it('streams the available stock to anyone, without prices unless the token may see them, and limits callers', async () => {
    const open = await fetch(`${portal.base}/web/v1/download-full-stock`)
    expect(open.status).toBe(200)
    expect(open.headers.get('content-disposition')).toMatch(/^attachment; filename="full-stock-\d{8}\.xlsx"$/)
    const ws = await sheetOf(Buffer.from(await open.arrayBuffer()))
    const headers = rowValues(ws, 1)
    expect(headers).toContain('Stone No')
    for (const h of ['Rap.($)', 'Disc %', 'Price / Carat', 'Amount']) expect(headers).not.toContain(h)
    const [{ n }] = await portal.sql<[{ n: number }]>`select count(*)::int as n from stock.stones where w_sts = 'A'`
    expect(ws.rowCount).toBe(n + 2)

    const signed = await fetch(`${portal.base}/web/v1/download-full-stock`, {
      headers: { authorization: `JWT ${buyer}` },
    })
    expect(rowValues(await sheetOf(Buffer.from(await signed.arrayBuffer())), 1)).toContain('Amount')
    const bad = await fetch(`${portal.base}/web/v1/download-full-stock`, { headers: { authorization: 'JWT a.b.c' } })
    expect(bad.status).toBe(401)

    // Three per window per address (set for this test): the fourth waits, told how long.
    for (let i = 0; i < 2; i++)
      expect(
        (await fetch(`${portal.base}/web/v1/download-full-stock`).then(async (r) => (await r.arrayBuffer(), r))).status,
      ).toBe(200)
    const limited = await fetch(`${portal.base}/web/v1/download-full-stock`)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await limited.json()) as { code: string }).code).toBe('E_RATE_LIMITED')
  })
})
