import { describe, expect, it } from 'vitest'
import { decryptPassword, encryptPassword, ftpKey } from './ftp.crypto'
import {
  fileKey,
  globToRegExp,
  isInternalAddress,
  pickNew,
  sourceProblems,
  tellsFailure,
  type FtpSource,
} from './ftp.rules'

const source: FtpSource = {
  host: 'ftp.example.com',
  port: 21,
  user: 'seller',
  password: 'secret',
  folder: '/stock',
  pattern: '*.csv',
  secure: true,
}

describe('ftp rules', () => {
  it('matches file names by glob, case-insensitively, and nothing else', () => {
    expect(globToRegExp('*.csv').test('Stock 2024.CSV')).toBe(true)
    expect(globToRegExp('*.csv').test('stock.csv.bak')).toBe(false)
    expect(globToRegExp('stock-??.xlsx').test('stock-01.xlsx')).toBe(true)
    expect(globToRegExp('stock-??.xlsx').test('stock-1.xlsx')).toBe(false)
    expect(globToRegExp('a+b(1).csv').test('a+b(1).csv')).toBe(true)
    expect(globToRegExp('a+b(1).csv').test('aab1.csv')).toBe(false)
  })

  it('picks matching files not seen before (same name, size and time), oldest first', () => {
    const a = { name: 'a.csv', size: 10, modified: '2024-01-02T00:00:00.000Z' }
    const b = { name: 'b.csv', size: 10, modified: '2024-01-01T00:00:00.000Z' }
    const aChanged = { ...a, size: 11 }
    const x = { name: 'x.xlsx', size: 10, modified: '2024-01-01T00:00:00.000Z' }
    expect(pickNew([a, b, x], '*.csv', new Set())).toEqual([b, a])
    expect(pickNew([a, b], '*.csv', new Set([fileKey(a)]))).toEqual([b])
    expect(pickNew([aChanged, b], '*.csv', new Set([fileKey(a), fileKey(b)]))).toEqual([aChanged])
  })

  it('names what is wrong with a source', () => {
    expect(sourceProblems(source)).toEqual([])
    expect(
      sourceProblems({ ...source, host: 'ftp://x', port: 0, user: '', folder: '/a/../b', pattern: 'a/*.csv' }).map(
        (p) => p.field,
      ),
    ).toEqual(['host', 'port', 'user', 'folder', 'pattern'])
    expect(sourceProblems({ ...source, host: '10.0.0.5' })).toEqual([])
  })

  it('knows the addresses a source may not point at', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ])
      expect(isInternalAddress(ip), ip).toBe(true)
    for (const ip of ['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888']) expect(isInternalAddress(ip), ip).toBe(false)
  })
})

describe('ftp password encryption', () => {
  const key = ftpKey('a-configured-secret-of-at-least-32-chars')

  it('round-trips, and never holds the password in clear', () => {
    const stored = encryptPassword('p@ss wörd', key, 'source-1')
    expect(stored).not.toContain('p@ss')
    expect(stored.startsWith('v1.')).toBe(true)
    expect(decryptPassword(stored, key, 'source-1')).toBe('p@ss wörd')
    expect(encryptPassword('p@ss wörd', key, 'source-1')).not.toBe(stored) // a fresh IV each time
  })

  it('refuses another source, another key, or an altered value', () => {
    const stored = encryptPassword('secret', key, 'source-1')
    expect(() => decryptPassword(stored, key, 'source-2')).toThrow()
    expect(() => decryptPassword(stored, ftpKey('another-configured-secret-of-32-chars!'), 'source-1')).toThrow()
    const [v, iv, tag, body] = stored.split('.')
    const flipped = Buffer.from(body!, 'base64url')
    flipped[0] = flipped[0]! ^ 1
    expect(() => decryptPassword([v, iv, tag, flipped.toString('base64url')].join('.'), key, 'source-1')).toThrow()
    expect(() => ftpKey('short')).toThrow()
  })
})

describe('telling a seller of a failed FTP run', () => {
  const at = new Date('2026-11-27T00:00:00Z')
  it('tells a scheduled run that failed after a good one, or the first run ever', () => {
    expect(tellsFailure({ scheduled: true, previousError: '', lastRunAt: at, error: 'E_FTP_CONNECT' })).toBe(true)
    expect(
      tellsFailure({ scheduled: true, previousError: 'E_FTP_CONNECT', lastRunAt: null, error: 'E_FTP_CONNECT' }),
    ).toBe(true)
  })
  it('does not tell again while the source stays down, nor a good run, nor a run the seller started', () => {
    expect(
      tellsFailure({ scheduled: true, previousError: 'E_FTP_CONNECT', lastRunAt: at, error: 'E_FTP_CONNECT' }),
    ).toBe(false)
    expect(
      tellsFailure({ scheduled: true, previousError: 'E_FTP_CONNECT', lastRunAt: at, error: 'E_FILE_TOO_LARGE' }),
    ).toBe(false)
    expect(tellsFailure({ scheduled: true, previousError: '', lastRunAt: at, error: '' })).toBe(false)
    expect(tellsFailure({ scheduled: false, previousError: '', lastRunAt: at, error: 'E_FTP_CONNECT' })).toBe(false)
  })
})
