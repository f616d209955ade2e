import { execFileSync } from 'node:child_process'
import { appendFile, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo, Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FtpSrv } from 'ftp-srv'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '@diamond/runtime/errors'
import { fetchNewFiles, listSource, type Deliver } from '../src/modules/ftp/ftp.fetcher'
import type { FtpSource } from '../src/modules/ftp/ftp.rules'
import { readSheet } from '../src/modules/inventory/inventory.read'

/** A real FTP server (ftp-srv) on loopback, with explicit FTPS (AUTH TLS) under a certificate made here. */
let dir: string
let root: string
let server: FtpSrv
let port: number
let cert: string
const silent = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {}, child: () => silent }

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ftp-test-'))
  root = join(dir, 'root')
  await mkdir(join(root, 'stock'), { recursive: true })
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  )
  cert = await readFile(join(dir, 'cert.pem'), 'utf8')
  const key = await readFile(join(dir, 'key.pem'), 'utf8')
  server = new FtpSrv({
    url: 'ftp://127.0.0.1:0',
    pasv_url: '127.0.0.1',
    pasv_min: 42000,
    pasv_max: 42999,
    tls: { key, cert },
    log: silent as never,
  })
  server.on('login', ({ username, password }, resolve, reject) => {
    if (username === 'seller' && password === 'pa ss:wörd') resolve({ root })
    else reject(new Error('Invalid username or password'))
  })
  await server.listen()
  port = ((server as unknown as { server: Server }).server.address() as AddressInfo).port
})

afterAll(async () => {
  await server?.close()
  await rm(dir, { recursive: true, force: true })
})

const fixtures = new URL('fixtures/uploads/', import.meta.url)
const source = (over: Partial<FtpSource> = {}): FtpSource => ({
  host: 'localhost',
  port,
  user: 'seller',
  password: 'pa ss:wörd',
  folder: '/stock',
  pattern: '*.csv',
  secure: true,
  ...over,
})
const options = () => ({ maxBytes: 1 << 20, allowInternal: true, tls: { ca: cert }, timeoutMs: 10_000 })

/** The pipeline's first step, for real: each delivered file is read as a sheet. */
function reader() {
  const got: { fileName: string; headers: string[]; rows: number }[] = []
  const deliver: Deliver = async ({ fileName, stream }) => {
    const sheet = await readSheet({ fileName, stream }, { maxBytes: 1 << 20, maxRows: 1000 })
    let rows = 0
    for await (const _ of sheet.rows) rows++
    got.push({ fileName, headers: sheet.headers, rows })
  }
  return { got, deliver }
}

async function failure(p: Promise<unknown>): Promise<AppError> {
  try {
    await p
  } catch (err) {
    expect(err).toBeInstanceOf(AppError)
    return err as AppError
  }
  throw new Error('expected an AppError')
}

describe('FTP fetcher against a real FTP server', () => {
  it('fetches the new matching files over explicit FTPS, once, and again when a file changes', async () => {
    await copyFile(new URL('rapnet-upload.csv', fixtures), join(root, 'stock', 'rapnet.csv'))
    await copyFile(new URL('nivoda-upload.csv', fixtures), join(root, 'stock', 'nivoda.CSV'))
    await writeFile(join(root, 'stock', 'readme.txt'), 'not a stock file')
    const first = reader()
    const report = await fetchNewFiles(source(), new Set(), first.deliver, options())
    expect(first.got.map((g) => g.fileName).sort()).toEqual(['nivoda.CSV', 'rapnet.csv'])
    expect(first.got.find((g) => g.fileName === 'rapnet.csv')).toMatchObject({ rows: 2 })
    expect(first.got.find((g) => g.fileName === 'rapnet.csv')!.headers[0]).toBe('Stock #')
    expect(report.failed).toEqual([])
    const seen = new Set(report.fetched.map((f) => f.key))

    const again = reader()
    expect((await fetchNewFiles(source(), seen, again.deliver, options())).fetched).toEqual([])
    expect(again.got).toEqual([])

    await appendFile(join(root, 'stock', 'rapnet.csv'), 'RN1003,,BR,1.1,G,VS1\r\n')
    const changed = reader()
    await fetchNewFiles(source(), seen, changed.deliver, options())
    expect(changed.got).toEqual([expect.objectContaining({ fileName: 'rapnet.csv', rows: 3 })])
  })

  it('works over plain FTP too, and lists the folder for a connection test', async () => {
    const plain = source({ secure: false, pattern: 'rapnet.*' })
    const { got, deliver } = reader()
    await fetchNewFiles(plain, new Set(), deliver, options())
    expect(got.map((g) => g.fileName)).toEqual(['rapnet.csv'])
    expect((await listSource(plain, options())).map((f) => f.name).sort()).toContain('readme.txt')
  })

  it('skips a file over the size limit without downloading it, and goes on after a delivery fails', async () => {
    await writeFile(join(root, 'stock', 'huge.csv'), 'Stock #\n' + 'A1\n'.repeat(2000))
    let calls = 0
    const report = await fetchNewFiles(
      source(),
      new Set(),
      async ({ fileName, stream }) => {
        calls++
        if (fileName === 'nivoda.CSV') throw new Error('the pipeline refused it')
        for await (const _ of stream);
      },
      { ...options(), maxBytes: 5000 },
    )
    expect(report.skipped.map((s) => s.file.name)).toEqual(['huge.csv'])
    expect(report.failed.map((f) => f.file.name)).toEqual(['nivoda.CSV'])
    expect(report.fetched.map((f) => f.file.name)).toEqual(['rapnet.csv'])
    expect(calls).toBe(2)
    await rm(join(root, 'stock', 'huge.csv'))
  })

  it('says E_FTP_CONNECT for a wrong password, an untrusted certificate, a closed port, an internal host', async () => {
    const noop: Deliver = async () => {}
    expect(
      (await failure(fetchNewFiles(source({ password: 'wrong' }), new Set(), noop, options()))).data,
    ).toMatchObject({ reason: 'login' })
    const untrusted = await failure(fetchNewFiles(source(), new Set(), noop, { ...options(), tls: {} }))
    expect(untrusted.code).toBe('E_FTP_CONNECT')
    expect(untrusted.data).toMatchObject({ reason: 'tls' })
    const closed = await failure(fetchNewFiles(source({ port: 1 }), new Set(), noop, options()))
    expect(closed.data).toMatchObject({ reason: 'connect' })
    const internal = await failure(fetchNewFiles(source(), new Set(), noop, { ...options(), allowInternal: false }))
    expect(internal.data).toMatchObject({ host: 'localhost', reason: 'internal' })
    expect(JSON.stringify(internal.data)).not.toContain('pa ss')
  })
})
