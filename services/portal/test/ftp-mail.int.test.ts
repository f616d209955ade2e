import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo, Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FtpSrv } from 'ftp-srv'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

const HEADERS = [
  'Stock #',
  'Shape',
  'Weight',
  'Color',
  'Clarity',
  'Cut Grade',
  'Polish',
  'Symmetry',
  'Lab',
  'Rap %',
  'Treatment',
]
const row = (stockNo: string) =>
  [stockNo, 'BR', '1.01', 'G', 'VS1', 'Excellent', 'EX', 'VG', 'GIA', '-30', 'None'].join(',')
const PASSWORD = 'ftp-mail-secret'
const silent = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {}, child: () => silent }

/**
 * A seller's FTP runs reach the seller by mail, through the whole portal: stock runs the source
 * (a real ftp-srv on loopback) and tells of it, auth finds the reader, notifications render and send
 * in the reader's language. A committed run mails the report; a scheduled run that fails mails once.
 */
describe('FTP run mails', () => {
  let portal: TestPortal
  let server: FtpSrv
  let dir = ''
  let port = 0
  const email = 'seller1@demo.diamond-portal.test'

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ftp-mail-'))
    await mkdir(join(dir, 'stock'), { recursive: true })
    await writeFile(join(dir, 'stock', 'stock.csv'), [HEADERS.join(','), row('MAIL-1'), row('MAIL-2')].join('\r\n'))
    server = new FtpSrv({
      url: 'ftp://127.0.0.1:0',
      pasv_url: '127.0.0.1',
      pasv_min: 44000,
      pasv_max: 44999,
      log: silent as never,
    })
    server.on('login', ({ password }, resolve, reject) =>
      password === PASSWORD ? resolve({ root: dir }) : reject(new Error('Invalid username or password')),
    )
    await server.listen()
    port = ((server as unknown as { server: Server }).server.address() as AddressInfo).port
    portal = await startTestPortal({ stones: 50, env: { STOCK_FTP_ALLOW_INTERNAL: 'true', STOCK_FTP_SWEEP_MS: '300' } })
  })
  afterAll(async () => {
    await portal?.close()
    await server?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  const source = (over: Record<string, unknown> = {}) => ({
    host: '127.0.0.1',
    port,
    user: 'seller',
    password: PASSWORD,
    folder: '/stock',
    pattern: '*.csv',
    secure: false,
    schedule: 'manual',
    ...over,
  })

  it('mails the report of a run that committed files, with a link to the upload history', async () => {
    const token = await portal.login('seller1')
    const seen = await portal.mailIds(email)
    expect((await portal.call('seller/ftp/save', source(), token)).body.code).toBe('OK')
    const run = await portal.call('seller/ftp/run', {}, token)
    expect(run.body.data).toMatchObject({ files: 1, failed: 0 })
    const mail = await portal.nextMail(email, seen, 'ftp-fetched')
    expect(mail.subject).toMatch(/FTP files were uploaded/)
    expect(mail.text).toMatch(/Added: 2/)
    expect(mail.text).toMatch(/Invalid rows: 0/)
    expect(mail.text).toContain('/inventory/history')
  })

  it('mails once, in the seller’s language, when a scheduled fetch stops working', async () => {
    const token = await portal.login('seller1')
    await portal.sql`update auth.users set locale = 'de' where username = 'seller1'`
    const seen = await portal.mailIds(email)
    expect(
      (await portal.call('seller/ftp/save', source({ password: 'wrong', schedule: 'hourly' }), token)).body.code,
    ).toBe('OK')
    await portal.sql`update stock.ftp_sources set last_run_at = now() - interval '2 hours', last_error = ''`
    const mail = await portal.nextMail(email, seen, 'ftp-failed')
    expect(mail.subject).toMatch(/FTP-Dateien konnten nicht abgerufen werden/)
    expect(mail.text).toContain('E_FTP_CONNECT')
    expect(mail.text).toContain('/inventory/ftp')
    // Still failing at the next due run: no second mail.
    await portal.sql`update stock.ftp_sources set last_run_at = now() - interval '2 hours'`
    await waitFor(
      async () =>
        (await portal.sql<[{ at: Date }]>`select last_run_at as at from stock.ftp_sources`)[0].at.getTime() >
        Date.now() - 60_000,
      30_000,
      'the next scheduled run',
    )
    // The source works again: the seller hears so with the report. Its mail comes after any mail the
    // failed run caused (one user's trading events are read in order), so the count below is final.
    await writeFile(join(dir, 'stock', 'stock-2.csv'), [HEADERS.join(','), row('MAIL-3')].join('\r\n'))
    expect((await portal.call('seller/ftp/save', source({ password: PASSWORD }), token)).body.code).toBe('OK')
    expect((await portal.call('seller/ftp/run', {}, token)).body.data).toMatchObject({ files: 1 })
    const back = await portal.nextMail(email, seen, 'ftp-fetched')
    expect(back.subject).toMatch(/FTP-Dateien wurden hochgeladen/)
    const failed = (await portal.mails(email, 200)).filter((m) => !seen.has(m.id) && m.template === 'ftp-failed')
    expect(failed).toHaveLength(1)
  })
})
