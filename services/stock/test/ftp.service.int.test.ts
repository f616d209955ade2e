import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo, Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FtpSrv } from 'ftp-srv'
import type postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadStockConfig } from '../src/config'
import type { FtpService } from '../src/modules/ftp/ftp.service'
import { startStockApp, type StockTestApp } from './fixtures/stock-app'

/**
 * A seller's FTP source end to end: a real FTP server (ftp-srv) on loopback holding a trade CSV,
 * the source saved through the route, fetched through `seller/ftp/run`, uploaded and committed by
 * the real pipeline; buyers find the stones and the upload is in the seller's history.
 */
const HEADERS = [
  'Stock #',
  'Shape',
  'Weight',
  'Color',
  'Clarity',
  'Cut',
  'Polish',
  'Symmetry',
  'Lab',
  'Rap %',
  'Treatment',
]
const row = (stockNo: string, shape: string, carat: string, color: string, clarity: string, rap: string) =>
  [stockNo, shape, carat, color, clarity, 'Excellent', 'EX', 'VG', 'GIA', rap, 'None'].join(',')
const csv = (...rows: string[]) => [HEADERS.join(','), ...rows].join('\r\n') + '\r\n'
const PASSWORD = 'ftp pa:ss wörd'
const silent = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {}, child: () => silent }

describe('seller FTP source: save, run, schedule through the upload pipeline', () => {
  let stock: StockTestApp
  let sql: postgres.Sql
  let server: FtpSrv
  let ftpPort = 0
  let dir = ''
  let ftp!: FtpService
  const sign: { [k: string]: string } = {}
  const sellerA = randomUUID()
  const sellerB = randomUUID()
  const userA = randomUUID()

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ftp-service-int-'))
    const root = join(dir, 'root')
    await mkdir(join(root, 'stock'), { recursive: true })
    await writeFile(
      join(root, 'stock', 'stock-1.csv'),
      csv(row('FTP-1', 'BR', '1.01', 'G', 'VS1', '-30'), row('FTP-2', 'PS', '0.70', 'F', 'VS2', '-25')),
    )
    await writeFile(join(root, 'stock', 'notes.txt'), 'not a stock file')
    server = new FtpSrv({
      url: 'ftp://127.0.0.1:0',
      pasv_url: '127.0.0.1',
      pasv_min: 43000,
      pasv_max: 43999,
      log: silent as never,
    })
    server.on('login', ({ username, password }, resolve, reject) => {
      if (username === 'seller' && password === PASSWORD) resolve({ root })
      else reject(new Error('Invalid username or password'))
    })
    await server.listen()
    ftpPort = ((server as unknown as { server: Server }).server.address() as AddressInfo).port

    stock = await startStockApp({
      env: {
        STOCK_DEMO_STONES: '20',
        STOCK_UPLOAD_DIR: join(dir, 'uploads'),
        // The test's server is on loopback, which sellers' sources may not point at by default.
        STOCK_FTP_ALLOW_INTERNAL: 'true',
        // The schedule runs when the test calls it.
        STOCK_FTP_SWEEP_MS: '3600000',
        STOCK_LISTING_SWEEP_MS: '3600000',
      },
      options: { expose: (s) => (ftp = s.ftp) },
    })
    sql = stock.sql
    sign.sellerA = stock.sign({ id: userA, userType: 'seller', company: 'Alpha Gems', companyId: sellerA })
    sign.sellerB = stock.sign({ userType: 'seller', company: 'Beta Gems', companyId: sellerB })
    sign.buyer = stock.sign({
      userType: 'buyer',
      perms: { quickSearch: 'v', diamondSearch: 'v', searchList: 'v', pricing: 'v' },
    })
    sign.staff = stock.sign({ userType: 'admin', operator: true, company: 'Diamond Portal' })
  })
  afterAll(async () => {
    await stock?.close()
    await server?.close()
    await rm(dir, { recursive: true, force: true })
  })

  const call = (path: string, body: unknown, token: string) => stock.call(path, body, token)
  const find = async (stockNo: string) => {
    const r = await call('diamond/quick-search', { search: stockNo }, sign.buyer!)
    expect(r.body.code).toBe('OK')
    return (r.body.data.list as { stoneId: string }[]).filter((s) => s.stoneId === stockNo)
  }
  const source = (over: Record<string, unknown> = {}) => ({
    host: '127.0.0.1',
    port: ftpPort,
    user: 'seller',
    password: PASSWORD,
    folder: '/stock',
    pattern: '*.csv',
    secure: false,
    schedule: 'daily',
    mode: 'addUpdate',
    ...over,
  })
  const sourceRow = async () =>
    (
      await sql<{ password_encrypted: string; last_error: string; saved_by: string }[]>`
      select password_encrypted, last_error, saved_by from stock.ftp_sources where seller_company_id = ${sellerA}`
    )[0]!

  it('refuses a bad source field by field and saves nothing', async () => {
    const r = await call('seller/ftp/save', source({ host: 'ftp://x', folder: '/a/../b' }), sign.sellerA!)
    expect(r.body.code).toBe('E_VALIDATION')
    expect(r.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['host', 'folder'])
    expect((await call('seller/ftp/view', {}, sign.sellerA!)).body.data).toBeNull()
    expect((await call('seller/ftp/save', source(), sign.buyer!)).body.code).toBe('E_FORBIDDEN')
  })

  it('saves the source with the password encrypted, and never shows it', async () => {
    const r = await call('seller/ftp/save', source(), sign.sellerA!)
    expect(r.body.code).toBe('OK')
    expect(r.body.data).toMatchObject({
      host: '127.0.0.1',
      port: ftpPort,
      user: 'seller',
      folder: '/stock',
      schedule: 'daily',
      mode: 'addUpdate',
      hasPassword: true,
      lastRunAt: null,
      lastError: '',
    })
    expect(JSON.stringify(r.body)).not.toContain('wörd')
    const stored = await sourceRow()
    expect(stored.password_encrypted).not.toContain('wörd')
    expect(stored.password_encrypted.startsWith('v1.')).toBe(true)
    expect(stored.saved_by).toBe(userA)
    const v = await call('seller/ftp/view', {}, sign.sellerA!)
    expect(v.body.data).toMatchObject({ hasPassword: true, schedule: 'daily' })
    expect(JSON.stringify(v.body)).not.toContain('wörd')
    // Saving again without a password keeps the stored one.
    const again = await call('seller/ftp/save', source({ password: '', schedule: 'hourly' }), sign.sellerA!)
    expect(again.body.data).toMatchObject({ schedule: 'hourly', hasPassword: true })
    expect((await sourceRow()).password_encrypted).toBe(stored.password_encrypted)
  })

  it('another seller cannot see or run the source; staff name the seller', async () => {
    expect((await call('seller/ftp/view', {}, sign.sellerB!)).body.data).toBeNull()
    expect((await call('seller/ftp/view', { sellerCompanyId: sellerA }, sign.sellerB!)).body.code).toBe('E_NOT_FOUND')
    expect((await call('seller/ftp/run', {}, sign.sellerB!)).body.code).toBe('E_NOT_FOUND')
    expect((await call('seller/ftp/run', { sellerCompanyId: sellerA }, sign.sellerB!)).body.code).toBe('E_NOT_FOUND')
    expect((await call('seller/ftp/view', {}, sign.buyer!)).body.code).toBe('E_FORBIDDEN')
    const staff = await call('seller/ftp/view', { sellerCompanyId: sellerA }, sign.staff!)
    expect(staff.body.data).toMatchObject({ host: '127.0.0.1', sellerCompanyId: sellerA })
  })

  it('runs: the CSV is uploaded and committed, buyers find the stones, the upload is in the history', async () => {
    expect(await find('FTP-1')).toEqual([])
    const r = await call('seller/ftp/run', {}, sign.sellerA!)
    expect(r.body.code).toBe('OK')
    expect(r.body.data).toMatchObject({ files: 1, failed: 0, skipped: 0 })
    expect(r.body.data.uploads).toHaveLength(1)
    expect(r.body.data.uploads[0]).toMatchObject({
      status: 'committed',
      mode: 'addUpdate',
      fileName: 'stock-1.csv',
      report: { received: 2, valid: 2, invalid: 0, added: 2 },
    })
    expect(await find('FTP-1')).toHaveLength(1)
    expect(await find('FTP-2')).toHaveLength(1)

    const history = await call('seller/inventory/paginate', {}, sign.sellerA!)
    expect(history.body.data.list).toEqual([
      expect.objectContaining({
        id: r.body.data.uploads[0].id,
        fileName: 'stock-1.csv',
        status: 'committed',
        userId: userA,
      }),
    ])
    const v = await call('seller/ftp/view', {}, sign.sellerA!)
    expect(v.body.data).toMatchObject({ lastError: '', lastUploadId: r.body.data.uploads[0].id })
    expect(typeof v.body.data.lastRunAt).toBe('string')
    // The seller is told: a trading notice the notifications service turns into a notice (and mail).
    const told = await sql<{ event: { data: Record<string, unknown> } }[]>`
      select event from stock.outbox where type = 'stock.trade.ftp-fetched'`
    expect(told).toHaveLength(1)
    expect(told[0]!.event.data).toMatchObject({
      userIds: [userA],
      kind: 'ftp.fetched',
      params: { files: 1, added: 2, invalid: 0 },
    })
  })

  it('running again fetches nothing new', async () => {
    const r = await call('seller/ftp/run', {}, sign.sellerA!)
    expect(r.body.data).toMatchObject({ files: 0, failed: 0, skipped: 0, uploads: [] })
    expect((await call('seller/inventory/paginate', {}, sign.sellerA!)).body.data.count).toBe(1)
  })

  it('a wrong password is E_FTP_CONNECT and changes nothing but the last error', async () => {
    await call('seller/ftp/save', source({ password: 'wrong' }), sign.sellerA!)
    await writeFile(join(dir, 'root', 'stock', 'stock-2.csv'), csv(row('FTP-3', 'BR', '1.5', 'H', 'SI1', '-35')))
    const r = await call('seller/ftp/run', {}, sign.sellerA!)
    expect(r.body.code).toBe('E_FTP_CONNECT')
    expect(r.body.data).toMatchObject({ reason: 'login' })
    expect(JSON.stringify(r.body)).not.toContain('wrong')
    expect(await find('FTP-3')).toEqual([])
    expect((await call('seller/inventory/paginate', {}, sign.sellerA!)).body.data.count).toBe(1)
    expect((await call('seller/ftp/view', {}, sign.sellerA!)).body.data.lastError).toBe('E_FTP_CONNECT')
  })

  it('takes the password key and the internal-address switch from configuration (internal refused by default)', () => {
    const strict = loadStockConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) })
    expect(strict.STOCK_FTP_ALLOW_INTERNAL).toBe(false)
    expect(strict.STOCK_FTP_KEY.length).toBeGreaterThanOrEqual(32)
    expect(() => loadStockConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(/STOCK_FTP_KEY/)
    expect(() => loadStockConfig({ NODE_ENV: 'test', STOCK_FTP_KEY: 'short' })).toThrow(/32/)
  })

  it('the schedule fetches due sources only: a new file goes through in the chosen mode', async () => {
    await call('seller/ftp/save', source({ schedule: 'hourly' }), sign.sellerA!)
    // Not due: it ran a moment ago.
    expect(await ftp.sweep()).toEqual({ sources: 0, files: 0 })
    // Due: the last run was longer ago than the source's schedule.
    await sql`update stock.ftp_sources set last_run_at = now() - interval '2 hours' where seller_company_id = ${sellerA}`
    expect(await ftp.sweep()).toEqual({ sources: 1, files: 1 })
    expect(await find('FTP-3')).toHaveLength(1)
    const history = await call('seller/inventory/paginate', {}, sign.sellerA!)
    expect(history.body.data.list[0]).toMatchObject({ fileName: 'stock-2.csv', status: 'committed', userId: userA })
    expect((await call('seller/ftp/view', {}, sign.sellerA!)).body.data.lastError).toBe('')
    // A manual source is never fetched by the schedule.
    await call('seller/ftp/save', source({ schedule: 'manual' }), sign.sellerA!)
    await sql`update stock.ftp_sources set last_run_at = null where seller_company_id = ${sellerA}`
    expect(await ftp.sweep()).toEqual({ sources: 0, files: 0 })
  })

  it('a scheduled fetch that fails is told once, not at every run while the source stays down', async () => {
    await call('seller/ftp/save', source({ schedule: 'hourly', password: 'wrong' }), sign.sellerA!)
    const failed = () =>
      sql<{ event: { data: Record<string, unknown> } }[]>`
        select event from stock.outbox where type = 'stock.trade.ftp-failed'`
    expect(await failed()).toHaveLength(0)
    await sql`update stock.ftp_sources set last_run_at = now() - interval '2 hours', last_error = '' where seller_company_id = ${sellerA}`
    expect(await ftp.sweep()).toEqual({ sources: 1, files: 0 })
    expect((await call('seller/ftp/view', {}, sign.sellerA!)).body.data.lastError).toBe('E_FTP_CONNECT')
    const told = await failed()
    expect(told).toHaveLength(1)
    expect(told[0]!.event.data).toMatchObject({
      userIds: [userA],
      kind: 'ftp.failed',
      params: { error: 'E_FTP_CONNECT', host: '127.0.0.1' },
    })
    // Still down an hour later: not told again.
    await sql`update stock.ftp_sources set last_run_at = now() - interval '2 hours' where seller_company_id = ${sellerA}`
    expect(await ftp.sweep()).toEqual({ sources: 1, files: 0 })
    expect(await failed()).toHaveLength(1)
  })

  // It said true: an empty password is stored encrypted, and that ciphertext is never empty.
  it('says no password is kept for a source saved without one, until one is saved', async () => {
    const token = stock.sign({ userType: 'seller', company: 'Zeta Gems', companyId: randomUUID() })
    for (const password of [undefined, '']) {
      const r = await call('seller/ftp/save', source({ password, schedule: 'manual' }), token)
      expect(r.body.data, JSON.stringify(r.body)).toMatchObject({ hasPassword: false })
      expect((await call('seller/ftp/view', {}, token)).body.data).toMatchObject({ hasPassword: false })
    }
    const kept = await call('seller/ftp/save', source({ schedule: 'manual' }), token)
    expect(kept.body.data).toMatchObject({ hasPassword: true })
  })
})
