import { describe, expect, it } from 'vitest'
import { downloadColumns, filenameFrom, formatBytes, lengthOf, percentOf } from './download.rules'

describe('download in the browser', () => {
  it("reads the file's name from Content-Disposition", () => {
    expect(filenameFrom('attachment; filename="diamonds-20260305.xlsx"', 'x')).toBe('diamonds-20260305.xlsx')
    expect(filenameFrom('attachment; filename=full-stock.xlsx', 'x')).toBe('full-stock.xlsx')
    expect(filenameFrom('attachment; filename*=UTF-8\'\'stones%20a.pdf; filename="b.pdf"', 'x')).toBe('stones a.pdf')
    expect(filenameFrom('attachment; filename="../../etc/passwd"', 'x')).toBe('.._.._etc_passwd')
    expect(filenameFrom(null, 'fallback.zip')).toBe('fallback.zip')
    expect(filenameFrom('attachment', 'fallback.zip')).toBe('fallback.zip')
  })

  it('knows the percent only when the length is known', () => {
    expect(percentOf({ received: 50, total: 200 })).toBe(25)
    expect(percentOf({ received: 200, total: 200 })).toBe(100)
    expect(percentOf({ received: 500, total: null })).toBeNull()
    expect(lengthOf('1234')).toBe(1234)
    expect(lengthOf(null)).toBeNull()
    expect(lengthOf('12a')).toBeNull()
  })

  it('writes sizes in the reader’s language', () => {
    expect(formatBytes(2_400_000, 'en-US')).toBe('2.4 MB')
    expect(formatBytes(820_000, 'en-US')).toBe('820 kB')
  })

  it('sends only the visible columns the server knows', () => {
    expect(downloadColumns(['vStnId', 'status', 'crt'])).toEqual(['vStnId', 'crt'])
  })
})
