/**
 * npm run lighthouse — Lighthouse's performance score of the sign-in screen, as a phone sees it.
 *
 * The portal is started as `npm start` starts it (web app built if stale, own data folder and port),
 * then Lighthouse runs its default configuration, the mobile preset (a 412×823 screen, simulated slow
 * 4G and a 4× slower CPU), in Debian's Chromium (/usr/bin/chromium, headless) against /signin.
 * LIGHTHOUSE_RUNS runs (default 3; the machine is shared, a single run is noisy): each run's score and
 * key metrics, then the median run. LIGHTHOUSE_PATH measures another path, LIGHTHOUSE_URL a portal
 * already running (nothing is started then), LIGHTHOUSE_REPORT=<file.html> writes the median run's report.
 * Issue 22's target: a score of 90 or more. It prints PASS or FAIL and exits 0 either way.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { freePort } from '@diamond/runtime/pg-server'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium'
const PATH = process.env.LIGHTHOUSE_PATH ?? '/signin'
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))
const REPORT = process.env.LIGHTHOUSE_REPORT
const TARGET = 90
const HEALTH_WAIT_MS = 150_000

/** The metrics Lighthouse weighs into the performance score, and the main thread's time in scripts. */
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'Speed Index'],
  ['interactive', 'TTI'],
  ['bootup-time', 'JS execution'],
] as const

const log = (m: string) => console.log(`[lighthouse] ${m}`)
const sleep = (t: number) => new Promise((r) => setTimeout(r, t))

// ---- the portal, as `npm start` runs it --------------------------------------------------------

let portal: ChildProcess | null = null
let portalOutput = ''
let dataDir = ''

async function startPortal(): Promise<string> {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-web-if-stale.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  })
  if (built.status !== 0) throw new Error(`web build failed (${built.status})`)
  const port = await freePort()
  dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-'))
  portal = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), PORTAL_DATA_DIR: dataDir },
    // Its own process group, so stopping it stops PostgreSQL and everything else it started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  portal.stdout?.on('data', (d: Buffer) => (portalOutput += d.toString()))
  portal.stderr?.on('data', (d: Buffer) => (portalOutput += d.toString()))
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + HEALTH_WAIT_MS
  for (;;) {
    if (portal.exitCode !== null)
      throw new Error(`portal exited with ${portal.exitCode}:\n${portalOutput.slice(-4000)}`)
    const body = await fetch(`${base}/web/v1/health`).then(
      (r) => r.json() as Promise<{ code?: string }>,
      () => null,
    )
    if (body?.code === 'OK') return base
    if (Date.now() > deadline) throw new Error(`portal not healthy in time:\n${portalOutput.slice(-4000)}`)
    await sleep(300)
  }
}

async function stopPortal(): Promise<void> {
  const c = portal
  portal = null
  if (c?.pid && c.exitCode === null) {
    const exited = new Promise((r) => c.once('exit', r))
    try {
      process.kill(-c.pid, 'SIGTERM')
      await Promise.race([exited, sleep(20_000)])
      if (c.exitCode === null) process.kill(-c.pid, 'SIGKILL')
    } catch {
      /* already gone */
    }
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  dataDir = ''
}

// ---- the runs ----------------------------------------------------------------------------------

/** One Lighthouse run in a fresh headless Chromium (fresh profile: nothing cached, no stored session). */
async function measure(url: string): Promise<{ lhr: Result; html: string }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  })
  try {
    // No config: Lighthouse's default one, which is the mobile preset.
    const run = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'html',
    })
    if (!run) throw new Error('Lighthouse returned no result')
    return { lhr: run.lhr, html: typeof run.report === 'string' ? run.report : '' }
  } finally {
    chrome.kill()
  }
}

const score = (r: Result) => Math.round((r.categories.performance?.score ?? 0) * 100)

function line(r: Result): string {
  const parts = METRICS.map(([id, name]) => `${name} ${r.audits[id]?.displayValue ?? '-'}`)
  const bytes = r.audits['total-byte-weight']?.numericValue
  return `score ${score(r)} | ${parts.join(' | ')} | transferred ${bytes === undefined ? '-' : `${Math.round(bytes / 1024)} KiB`}`
}

async function main(): Promise<void> {
  const base = process.env.LIGHTHOUSE_URL ?? (await startPortal())
  const url = new URL(PATH, base).href
  log(`${url}, mobile preset, ${RUNS} run(s), ${CHROMIUM}`)
  const results: Result[] = []
  const reports = new Map<Result, string>()
  for (let i = 1; i <= RUNS; i++) {
    const { lhr: r, html } = await measure(url)
    reports.set(r, html)
    if (r.runtimeError) throw new Error(`${r.runtimeError.code}: ${r.runtimeError.message}`)
    for (const w of r.runWarnings) log(`warning: ${w}`)
    results.push(r)
    log(`run ${i}: ${line(r)}`)
  }
  const median = [...results].sort((a, b) => score(a) - score(b))[Math.floor(results.length / 2)]!
  log(`median: ${line(median)}`)
  if (REPORT) writeFileSync(REPORT, reports.get(median)!)
  log(`target: performance ≥ ${TARGET} → ${score(median) >= TARGET ? 'PASS' : 'FAIL'}`)
}

let failed = false
try {
  await main()
} catch (err) {
  failed = true
  console.error(err)
} finally {
  await stopPortal()
}
process.exit(failed ? 1 : 0)
