import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Two buyers in two browsers against the portal started as `npm start` starts it: one holds a stone,
 * the other sees it go on hold without reloading.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SCREENS = join(ROOT, '.tmp/screens')
const PASSWORD = 'Diamond@2026'
const HEALTH_WAIT_MS = 150_000
const PUSH_WAIT_MS = 10_000

let portal: ChildProcess | null = null
let portalOutput = ''
let dataDir = ''
let base = ''
let browser: Browser

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))))
    })
  })
}

/** The portal serves web/dist: build it the way `npm start` does, so the test sees the current UI. */
function buildWeb(): void {
  const script = join(ROOT, 'scripts/build-web-if-stale.mjs')
  const r = existsSync(script)
    ? spawnSync(process.execPath, [script], { cwd: ROOT, encoding: 'utf8' })
    : spawnSync(join(ROOT, 'node_modules/.bin/vite'), ['build'], { cwd: join(ROOT, 'web'), encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`web build failed:\n${r.stdout}\n${r.stderr}`)
}

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + HEALTH_WAIT_MS
  let last = ''
  while (Date.now() < deadline) {
    if (portal?.exitCode !== null) throw new Error(`portal exited with ${portal?.exitCode}:\n${portalOutput}`)
    try {
      const res = await fetch(`${url}/web/v1/health`)
      const body = (await res.json()) as { code?: string }
      if (body.code === 'OK') return
      last = JSON.stringify(body)
    } catch (err) {
      last = String(err)
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`portal not healthy after ${HEALTH_WAIT_MS} ms (last: ${last}):\n${portalOutput}`)
}

async function stopPortal(): Promise<void> {
  const child = portal
  if (!child?.pid || child.exitCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    return
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      /* already gone */
    }
  }, 20_000)
  await exited
  clearTimeout(timer)
}

const rowSel = (vStnId: string) => `[data-testid="stone-row-${vStnId}"]`

async function newPage(width = 1280, height = 800): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US' })
  const page = await context.newPage()
  return { context, page }
}

async function fillLogin(page: Page, username: string, captcha?: (digits: string) => string): Promise<void> {
  await page.goto(`${base}/signin`)
  await page.getByTestId('login-username').fill(username)
  await page.getByTestId('login-password').fill(PASSWORD)
  const digits = ((await page.getByTestId('login-captcha-value').textContent()) ?? '').trim()
  expect(digits).toMatch(/^\d{4}$/)
  await page.getByTestId('login-captcha-input').fill(captcha ? captcha(digits) : digits)
}

async function signIn(page: Page, username: string): Promise<void> {
  await fillLogin(page, username)
  await page.getByTestId('login-submit').click()
  await page.waitForURL('**/dashboard')
  await page.locator('[data-testid^="stone-row-"]').first().waitFor()
  await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor()
}

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true })
  buildWeb()
  const port = await freePort()
  dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'))
  base = `http://127.0.0.1:${port}`
  portal = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['services/portal/src/embedded.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), PORTAL_DATA_DIR: dataDir },
    // Its own process group, so afterAll stops the portal and everything it started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  portal.stdout?.on('data', (d: Buffer) => (portalOutput += d.toString()))
  portal.stderr?.on('data', (d: Buffer) => (portalOutput += d.toString()))
  await waitForHealth(base)
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  })
})

afterAll(async () => {
  await browser?.close()
  await stopPortal()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('live stone status', () => {
  it("shows buyer2 buyer1's hold without a reload, and gives buyer1 Release", async () => {
    const a = await newPage()
    const b = await newPage()
    try {
      await a.page.goto(`${base}/signin`)
      await a.page.getByTestId('login-captcha-value').waitFor()
      await a.page.screenshot({ path: join(SCREENS, 'signin.png') })

      await Promise.all([signIn(a.page, 'buyer1'), signIn(b.page, 'buyer2')])
      // A page holds 250 stones; only the rows in view (and a few more) are in the DOM.
      expect(await a.page.getByTestId('stones-range').textContent()).toMatch(/^1–250 of /)
      expect(await a.page.locator('[data-testid^="stone-row-"]').count()).toBeLessThan(100)

      const available = a.page.locator('[data-testid^="stone-row-"][data-status="A"]').first()
      const vStnId = ((await available.getAttribute('data-testid')) ?? '').replace('stone-row-', '')
      expect(vStnId).not.toBe('')
      await b.page.locator(`${rowSel(vStnId)}[data-status="A"]`).waitFor()
      // A marker that a reload would wipe out.
      await b.page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1))

      await a.page.getByTestId(`hold-${vStnId}`).click()

      await b.page.locator(`${rowSel(vStnId)}[data-status="H"]`).waitFor({ timeout: PUSH_WAIT_MS })
      expect(await b.page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(1)
      expect(await b.page.getByTestId(`status-${vStnId}`).textContent()).toBe('Hold')
      expect(await b.page.getByTestId(`hold-${vStnId}`).count()).toBe(0)
      expect(await b.page.getByTestId(`release-${vStnId}`).count()).toBe(0)

      await a.page.locator(`${rowSel(vStnId)}[data-status="H"]`).waitFor({ timeout: PUSH_WAIT_MS })
      await a.page.getByTestId(`release-${vStnId}`).waitFor()
      expect(await a.page.getByTestId(`status-${vStnId}`).textContent()).toBe('Hold')

      await a.page.screenshot({ path: join(SCREENS, 'dashboard-buyer1.png') })
      await b.page.screenshot({ path: join(SCREENS, 'dashboard-buyer2.png') })

      // buyer2 cannot take it; buyer1 lets it go and buyer2 sees it come back.
      await a.page.getByTestId(`release-${vStnId}`).click()
      await b.page.locator(`${rowSel(vStnId)}[data-status="A"]`).waitFor({ timeout: PUSH_WAIT_MS })
      await b.page.getByTestId(`hold-${vStnId}`).waitFor()
      await a.page.getByTestId(`hold-${vStnId}`).waitFor()

      // Right to left: the same dashboard in Hebrew.
      await a.page.getByTestId('language-switcher').selectOption('he')
      expect(await a.page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['he', 'rtl'])
      expect(await a.page.getByTestId(`status-${vStnId}`).textContent()).toBe('זמין')
      await a.page.screenshot({ path: join(SCREENS, 'dashboard-he.png') })
      // The choice is kept on this device.
      await a.page.reload()
      await a.page.locator('[data-testid^="stone-row-"]').first().waitFor()
      expect(await a.page.evaluate(() => document.documentElement.dir)).toBe('rtl')
      await a.page.getByTestId('language-switcher').selectOption('en')
    } finally {
      await a.context.close()
      await b.context.close()
    }
  })

  it('shows the compact list on a narrow screen, and logs out after confirming', async () => {
    const m = await newPage(375, 740)
    try {
      await signIn(m.page, 'buyer1')
      expect(await m.page.locator('[role="table"]').count()).toBe(0)
      await m.page.screenshot({ path: join(SCREENS, 'dashboard-mobile.png') })

      await m.page.getByTestId('logout').click()
      await m.page.getByText('Are you sure you want to log out?').waitFor()
      await m.page.getByTestId('logout-yes').click()
      await m.page.waitForURL('**/signin')
      expect(await m.page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('.token')))).toEqual([])
      // Signed out, the dashboard is closed.
      await m.page.goto(`${base}/dashboard`)
      await m.page.waitForURL('**/signin')
    } finally {
      await m.context.close()
    }
  })
})

describe('sign-in rules', () => {
  it('flags missing fields, then refuses a wrong captcha on the client', async () => {
    const { context, page } = await newPage()
    try {
      await page.goto(`${base}/signin`)
      await page.getByTestId('login-submit').click()
      const notice = page.getByTestId('login-notice')
      expect(await notice.textContent()).toContain('Required Fields')
      expect(await page.getByTestId('login-username').getAttribute('aria-invalid')).toBe('true')
      expect(await page.getByTestId('login-password').getAttribute('aria-invalid')).toBe('true')
      expect(await page.getByTestId('login-captcha-input').getAttribute('aria-invalid')).toBe('true')

      const requests: string[] = []
      page.on('request', (r) => {
        if (r.url().includes('/web/v1/auth/login')) requests.push(r.url())
      })
      await fillLogin(page, 'buyer1', (d) => d.replace(/^./, (c) => String((Number(c) + 1) % 10)))
      await page.getByTestId('login-captcha-input').press('Enter')
      await page.getByText('Please enter correct captcha').waitFor()
      expect(requests).toEqual([])
      expect(await page.getByTestId('login-captcha-input').inputValue()).toBe('')
      expect(page.url()).toBe(`${base}/signin`)
    } finally {
      await context.close()
    }
  })

  it('sends an unknown path to the not-found page', async () => {
    const { context, page } = await newPage()
    try {
      await page.goto(`${base}/no/such/page`)
      await page.getByText('Oops, Page not found!').waitFor()
      expect(new URL(page.url()).pathname).toBe('/not-found')
      await page.getByRole('button', { name: 'Back To Dashboard' }).click()
      // Not signed in: the dashboard sends the visitor on to sign in.
      await page.waitForURL('**/signin')
    } finally {
      await context.close()
    }
  })
})
