import { spawn, type ChildProcess } from 'node:child_process'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Agent } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DevMail } from '@diamond/contracts/http/misc'
import { freePort } from '@diamond/runtime/pg-server'
import { codeIn, DEMO_PASSWORD, waitFor } from '../../../test/portal'

const REPO = fileURLToPath(new URL('../../../', import.meta.url))
const SEARCHES = 40

// The portal as `npm start` runs it (its own PostgreSQL, a small demo), stopped by SIGTERM under load.
describe('shutdown of the embedded portal', () => {
  let dir = ''
  let port = 0
  let child: ChildProcess
  let output = ''
  const agent = new Agent({ connections: SEARCHES, pipelining: 0 })

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'diamond-shutdown-'))
    // As root PostgreSQL runs as the postgres user, which must reach the data folder.
    await chmod(dir, 0o755)
    // A stand-in for the built web app: the API is what is under test.
    await mkdir(join(dir, 'web'))
    await writeFile(join(dir, 'web', 'index.html'), '<!doctype html><title>portal</title>')
    port = await freePort()
    child = spawn(process.execPath, ['--import', 'tsx', 'services/portal/src/embedded.ts'], {
      cwd: REPO,
      env: {
        ...process.env,
        PORTAL_DATA_DIR: join(dir, 'data'),
        PORT: String(port),
        WEB_DIST: join(dir, 'web'),
        STOCK_DEMO_STONES: '400',
        LOG_LEVEL: 'info',
        BIDDING_DEMO_AUCTIONS: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout!.on('data', (d) => (output += d))
    child.stderr!.on('data', (d) => (output += d))
    const up = () => {
      if (child.exitCode !== null) throw new Error(`the portal exited (${child.exitCode})`)
      return fetch(`${base()}/web/v1/health`).then(
        (r) => r.status === 200,
        () => false,
      )
    }
    await waitFor(up, 240_000, 'the portal to start').catch((err: Error) => {
      throw new Error(`${err.message}\n${output.slice(-3000)}`)
    })
  }, 300_000)
  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await new Promise((r) => child.once('exit', r))
    }
    await agent.close()
    await rm(dir, { recursive: true, force: true })
  })

  const base = () => `http://127.0.0.1:${port}`
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${base()}/web/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then(async (r) => (await r.json()) as { code: string; data: any })

  /** Signs buyer1 in as a new browser: the code is read from the development mailbox. */
  async function signIn(): Promise<string> {
    const login = await post('auth/login', { username: 'buyer1', password: DEMO_PASSWORD, captcha: '1234' })
    expect(login.code).toBe('OK')
    if (login.data.isTrusted) return login.data.token.jwt
    const email = login.data.user.email as string
    const mail = await waitFor(
      async () => {
        const r = await fetch(`${base()}/web/v1/dev/mailbox?to=${encodeURIComponent(email)}&limit=1`)
        return ((await r.json()) as { data: { list: DevMail[] } }).data.list.find((m) => m.template === 'device-otp')
      },
      30_000,
      'the sign-in code',
    )
    const verified = await post('verifyfingerprint', { otp: codeIn(mail), trust: 'always' }, login.data.token.jwt)
    expect(verified.code).toBe('OK')
    return verified.data.token.jwt
  }

  it('answers every search in flight at SIGTERM, then exits within 10 s', async () => {
    const token = await signIn()
    const seen = () =>
      output.split('\n').filter((l) => l.includes('incoming request') && l.includes('/web/v1/diamond/paginate')).length
    const before = seen()
    const searches = Array.from({ length: SEARCHES }, (_, i) =>
      fetch(`${base()}/web/v1/diamond/paginate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
        body: JSON.stringify({ page: 1 + (i % 4), limit: 100 }),
        dispatcher: agent,
      } as RequestInit).then(
        async (r) => ({ status: r.status, code: ((await r.json()) as { code: string }).code }),
        (err: Error) => ({
          status: 0,
          code: `${err.message} ${String((err.cause as Error | undefined)?.message ?? '')}`,
        }),
      ),
    )
    // Every search has reached the server (it logged it) before the signal: all are in flight.
    await waitFor(() => seen() - before >= SEARCHES, 30_000, 'the server to receive every search')
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
    const signalled = Date.now()
    child.kill('SIGTERM')
    const answers = await Promise.all(searches)
    const code = await Promise.race([exited, new Promise<'late'>((r) => setTimeout(() => r('late'), 10_000))])
    const took = Date.now() - signalled

    expect(answers.filter((a) => a.status !== 200 || a.code !== 'OK')).toEqual([])
    expect(code, `exit after ${took} ms\n${output.slice(-3000)}`).toBe(0)
    // Closed means closed: a new connection is refused.
    await expect(fetch(`${base()}/web/v1/health`)).rejects.toThrow()
  })
})
