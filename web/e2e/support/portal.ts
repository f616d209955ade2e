import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'

/**
 * What every browser test needs: the portal started as `npm start` starts it (own data folder, own
 * port), Debian's Chromium, and the sign-in steps a user goes through, one-time code included.
 */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
export const SCREENS = join(ROOT, '.tmp/screens')
export const PASSWORD = 'Diamond@2026'
export const DEMO_DOMAIN = 'demo.diamond-portal.test'
const HEALTH_WAIT_MS = 150_000
const MAIL_WAIT_MS = 15_000

export interface Portal {
  base: string
  browser: Browser
}

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

/** Registers beforeAll/afterAll that start and stop one portal and one browser for the file. */
export function usePortal(): Portal {
  const ctx = {} as Portal
  let child: ChildProcess | null = null
  let output = ''
  let dataDir = ''

  async function waitForHealth(url: string): Promise<void> {
    const deadline = Date.now() + HEALTH_WAIT_MS
    let last = ''
    while (Date.now() < deadline) {
      if (child?.exitCode !== null) throw new Error(`portal exited with ${child?.exitCode}:\n${output}`)
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
    throw new Error(`portal not healthy after ${HEALTH_WAIT_MS} ms (last: ${last}):\n${output}`)
  }

  async function stop(): Promise<void> {
    const c = child
    if (!c?.pid || c.exitCode !== null) return
    const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()))
    try {
      process.kill(-c.pid, 'SIGTERM')
    } catch {
      return
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-c.pid!, 'SIGKILL')
      } catch {
        /* already gone */
      }
    }, 20_000)
    await exited
    clearTimeout(timer)
  }

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true })
    buildWeb()
    const port = await freePort()
    dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'))
    ctx.base = `http://127.0.0.1:${port}`
    child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['services/portal/src/embedded.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), PORTAL_DATA_DIR: dataDir },
      // Its own process group, so afterAll stops the portal and everything it started.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
    await waitForHealth(ctx.base)
    ctx.browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    })
  })

  afterEach(() => {
    const seen = cspViolations.splice(0)
    expect(seen, 'Content-Security-Policy violations').toEqual([])
  })

  afterAll(async () => {
    await ctx.browser?.close()
    await stop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  return ctx
}

/**
 * Content-Security-Policy violations seen by any page of the file's current test. The app must work
 * under the portal's CSP: each test ends by checking that the browser blocked nothing.
 */
const cspViolations: string[] = []
const CSP_REPORT = /Content Security Policy|\[csp\]/

/** Hands over (and clears) the violations seen so far: for a test that provokes one on purpose. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0)
}

export async function newPage(p: Portal, width = 1280, height = 800): Promise<{ context: BrowserContext; page: Page }> {
  const context = await p.browser.newContext({ viewport: { width, height }, locale: 'en-US' })
  // Chromium reports a blocked load or inline code on the console; the event catches the rest.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `[csp] ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
      ),
    )
  })
  context.on('console', (m) => {
    if (CSP_REPORT.test(m.text())) cspViolations.push(`${m.page()?.url() ?? ''}: ${m.text()}`)
  })
  const page = await context.newPage()
  return { context, page }
}

/**
 * Opens the sign-in screen and waits for its banners; the popup banner (once per visit) is closed
 * so the form can be used.
 */
export async function openSignin(p: Portal, page: Page): Promise<void> {
  await page.goto(`${p.base}/signin`)
  const main = page.locator('[data-banners="ready"]')
  await main.waitFor()
  // The popup's dialog opens just after the render that says so: wait for it rather than glance.
  const popup = page.getByTestId('banner-popup-close')
  if ((await main.getAttribute('data-popup')) === 'open') await popup.click()
  await popup.waitFor({ state: 'hidden' })
}

export async function fillLogin(
  p: Portal,
  page: Page,
  username: string,
  opts: { password?: string; captcha?: (digits: string) => string } = {},
): Promise<void> {
  await openSignin(p, page)
  await page.getByTestId('login-username').fill(username)
  await page.getByTestId('login-password').fill(opts.password ?? PASSWORD)
  const digits = ((await page.getByTestId('login-captcha-value').textContent()) ?? '').trim()
  expect(digits).toMatch(/^\d{4}$/)
  await page.getByTestId('login-captcha-input').fill(opts.captcha ? opts.captcha(digits) : digits)
}

export interface Mail {
  id: string
  to: string
  subject: string
  text: string
  template: string
  createdAt: string
}

/** The development mailbox of the embedded portal, newest first. */
export async function mailbox(p: Portal, to: string): Promise<Mail[]> {
  const res = await fetch(`${p.base}/web/v1/dev/mailbox?to=${encodeURIComponent(to)}`)
  const body = (await res.json()) as { code: string; data?: { list: Mail[] } }
  if (body.code !== 'OK' || !body.data) throw new Error(`dev mailbox answered ${JSON.stringify(body)}`)
  return body.data.list
}

/** Waits for a mail of `template` that was not among `seen` (mail goes out through the outbox). */
export async function waitForMail(p: Portal, to: string, template: string, seen: readonly string[]): Promise<Mail> {
  const deadline = Date.now() + MAIL_WAIT_MS
  for (;;) {
    const fresh = (await mailbox(p, to)).find((m) => m.template === template && !seen.includes(m.id))
    if (fresh) return fresh
    if (Date.now() > deadline) throw new Error(`no new ${template} mail for ${to} within ${MAIL_WAIT_MS} ms`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

export const emailOf = (username: string) => `${username}@${DEMO_DOMAIN}`
export const mailIds = async (p: Portal, to: string) => (await mailbox(p, to)).map((m) => m.id)

export function codeIn(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
  if (!code) throw new Error(`no 6-digit code in: ${mail.text}`)
  return code
}

/**
 * Signs in through the UI. A browser this user has not trusted yet passes the code screen with the
 * code from the development mailbox, trusting the browser as asked.
 */
export async function signIn(
  p: Portal,
  page: Page,
  username: string,
  opts: { trust?: 'always' | 'once'; landing?: string } = {},
): Promise<'otp' | 'trusted'> {
  const email = emailOf(username)
  const seen = await mailIds(p, email)
  await fillLogin(p, page, username)
  await page.getByTestId('login-submit').click()
  await page.waitForURL((u) => u.pathname === '/verify-otp' || u.pathname !== '/signin')
  let passed: 'otp' | 'trusted' = 'trusted'
  if (new URL(page.url()).pathname === '/verify-otp') {
    passed = 'otp'
    const code = codeIn(await waitForMail(p, email, 'device-otp', seen))
    await page.getByTestId('otp-code').fill(code)
    await page.getByTestId(`otp-trust-${opts.trust ?? 'once'}`).check()
    await page.getByTestId('otp-verify').click()
  }
  await page.waitForURL(`**${opts.landing ?? '/dashboard'}`)
  return passed
}

/** Logs out through the user menu, confirming the question. */
export async function logOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click()
  await page.getByTestId('logout').click()
  await page.getByText('Are you sure you want to log out?').waitFor()
  await page.getByTestId('confirm-yes').click()
  await page.waitForURL('**/signin')
}

/**
 * Picks a language in the header's switcher and waits until the page shows it: the language's texts
 * are fetched first, then the texts, `lang` and `dir` change together.
 */
export async function chooseLanguage(page: Page, lng: string): Promise<void> {
  await page.getByTestId('language-switcher').selectOption(lng)
  await page.locator(`html[lang="${lng}"]`).waitFor()
}
