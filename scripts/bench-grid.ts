/**
 * npm run bench:grid — the stone grid in headless Chromium at 100,000 rows, beside idle scrolling
 * measured in the same run (machines here are shared and noisy, so ratios travel better than ms).
 *
 * The portal is started as `npm start` starts it (own data folder and port), buyer1 signs in through
 * the API with the mailed device code, and the dashboard's benchmark hook `window.__diamondGrid`
 * (web/src/grid/stores/perf.ts) replaces the page with BENCH_GRID_ROWS synthetic rows.
 *  - mount: from seed(n) to the first frame showing the rows, beside seeding 1,000 rows;
 *  - scrolling (on one fresh mount of the rows, the measurements' extra mounts collected first): the
 *    grid's scroll box moves a fixed step every frame for BENCH_GRID_SECONDS, idle
 *    (the baseline) and while BENCH_GRID_RATE status changes a second arrive through the hook (half
 *    to rows in view, half anywhere), alternately BENCH_GRID_ROUNDS times; medians of the runs;
 *  - renders: row renders per change, scrolling and standing still (one push, one row).
 * Targets from the issue: no frame over 50 ms and p95 frame time within 1.25× idle scrolling. It
 * prints PASS or FAIL beside them and exits 0 either way: a benchmark, not a test.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core'
import { storeSession } from '../web/e2e/support/stored-session'
import { buildWebIfStale, startPortal, stopPortal } from './portal-process'
import { checkPushes, mountRows, scrollRun, type RunResult } from './bench-grid.page'

const ROWS = Number(process.env.BENCH_GRID_ROWS ?? 100_000)
const SECONDS = Number(process.env.BENCH_GRID_SECONDS ?? 6)
const ROUNDS = Number(process.env.BENCH_GRID_ROUNDS ?? 3)
const RATE = Number(process.env.BENCH_GRID_RATE ?? 1_000)
const STEP = Number(process.env.BENCH_GRID_STEP ?? 72)
const TICK_MS = Number(process.env.BENCH_GRID_TICK_MS ?? 10)
const TRACE = process.env.BENCH_GRID_TRACE
const HEAP = process.env.BENCH_GRID_HEAP
/** Everything after the web build; past it the run stops, cleans up and fails. */
const DEADLINE_MS = Number(process.env.BENCH_GRID_DEADLINE_MS ?? 240_000)
const MOUNT_BASELINE_ROWS = 1_000
const FLASH_SETTLE_MS = 3_500
const USER = 'buyer1'
const EMAIL = `${USER}@demo.diamond-portal.test`
const PASSWORD = 'Diamond@2026'
const TARGET_P95_RATIO = 1.25
const TARGET_MAX_FRAME_MS = 50

const log = (m: string) => console.log(`[bench:grid] ${m}`)
const pct = (xs: readonly number[], p: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : NaN
const median = (xs: readonly number[]) => pct(xs, 50)
const ms = (x: number) => `${x.toFixed(1)} ms`
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`
const sleep = (t: number) => new Promise((r) => setTimeout(r, t))

// ---- the portal, as `npm start` runs it --------------------------------------------------------

let browser: Browser | null = null

let cleaning: Promise<void> | null = null
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.race([browser?.close(), sleep(10_000)]).catch(() => {})
    await stopPortal()
  })()
  return cleaning
}

// ---- buyer1, signed in as a new browser signs in ----------------------------------------------

interface LoginData {
  token: { jwt: string }
  user: unknown
  userPermissions: unknown
  isTrusted: boolean
}

async function post<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}/web/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const env = (await res.json()) as { code: string; message: string; data: T }
  if (env.code !== 'OK') throw new Error(`${path}: ${env.code} ${env.message}`)
  return env.data
}

async function mailIds(base: string): Promise<{ id: string; template: string; text: string }[]> {
  const body = (await fetch(`${base}/web/v1/dev/mailbox?to=${encodeURIComponent(EMAIL)}`).then((r) => r.json())) as {
    data?: { list: { id: string; template: string; text: string }[] }
  }
  return body.data?.list ?? []
}

async function signIn(base: string): Promise<LoginData> {
  const seen = new Set((await mailIds(base)).map((m) => m.id))
  const login = await post<LoginData>(base, 'auth/login', { username: USER, password: PASSWORD })
  if (login.isTrusted) return login
  const deadline = Date.now() + 15_000
  for (;;) {
    const mail = (await mailIds(base)).find((m) => m.template === 'device-otp' && !seen.has(m.id))
    const otp = mail && /\b(\d{6})\b/.exec(mail.text)?.[1]
    if (otp) return post<LoginData>(base, 'verifyfingerprint', { otp, trust: 'once' }, login.token.jwt)
    if (Date.now() > deadline) throw new Error(`no device code mailed to ${EMAIL}`)
    await sleep(200)
  }
}

async function openDashboard(base: string, session: LoginData): Promise<Page> {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' })
  // tsx compiles with keepNames, which wraps functions in `__name(...)`; the in-page functions
  // are sent as source, so the page needs that helper too.
  await context.addInitScript('globalThis.__name = (f) => f')
  const page = await context.newPage()
  await storeSession(page, base, session)
  await page.goto(`${base}/dashboard`)
  // The server's first page and the live connection first: a read landing after seed() would replace the rows.
  await page.locator('[role="table"] [data-testid^="stone-row-"]').first().waitFor({ timeout: 60_000 })
  await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor({ timeout: 30_000 })
  await page.waitForFunction(() => '__diamondGrid' in window)
  await page.waitForLoadState('networkidle')
  return page
}

// ---- the renderer's main thread, as the kernel saw it -------------------------------------------

/**
 * A frame can be late because the page worked too long, or because its main thread was ready to run
 * and waited for a core (two cores here, shared with Chromium's GPU and browser processes, the
 * portal, PostgreSQL and this harness). Linux keeps per thread the time it ran and the time it waited
 * runnable (/proc/<pid>/schedstat, nanoseconds; a process's file is its main thread's): sampled
 * every few milliseconds during a run, it tells, for each frame over 50 ms, which of the two it was.
 */
class MainThreadClock {
  private samples = new Map<number, [number, number, number][]>()
  private timer: NodeJS.Timeout | null = null
  private pid: number | null = null

  constructor(private readonly pids: readonly number[]) {}

  static async of(browser: Browser): Promise<MainThreadClock | null> {
    try {
      const cdp = await browser.newBrowserCDPSession()
      const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
        processInfo: { type: string; id: number }[]
      }
      const pids = processInfo.filter((p) => p.type === 'renderer').map((p) => p.id)
      const clock = new MainThreadClock(pids)
      return pids.length && clock.read(pids[0]!) ? clock : null
    } catch {
      return null // not Linux, or no such CDP domain: the figures are left out
    }
  }

  private read(pid: number): [number, number] | null {
    try {
      const [run, wait] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number)
      return [run! / 1e6, wait! / 1e6]
    } catch {
      return null
    }
  }

  start(): void {
    this.samples = new Map(this.pids.map((p) => [p, []]))
    const tick = () => {
      const at = Date.now()
      for (const [pid, list] of this.samples) {
        const r = this.read(pid)
        if (r) list.push([at, r[0], r[1]])
      }
    }
    tick()
    this.timer = setInterval(tick, 4)
  }

  /** Stops sampling; the page's renderer is the one that ran most. */
  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    let best = -1
    for (const [pid, list] of this.samples) {
      const ran = list.length > 1 ? list.at(-1)![1] - list[0]![1] : 0
      if (ran > best) [best, this.pid] = [ran, pid]
    }
  }

  /** Milliseconds the main thread ran and waited for a core within [from, to] (epoch ms), by interpolation. */
  within(from: number, to: number): { ran: number; waited: number } | null {
    const list = this.pid === null ? undefined : this.samples.get(this.pid)
    if (!list || list.length < 2 || from < list[0]![0] || to > list.at(-1)![0]) return null
    const at = (t: number, k: 1 | 2) => {
      let i = 1
      while (list[i]![0] < t) i++
      const [a, b] = [list[i - 1]!, list[i]!]
      return b[0] === a[0] ? b[k] : a[k] + ((b[k] - a[k]) * (t - a[0])) / (b[0] - a[0])
    }
    return { ran: at(to, 1) - at(from, 1), waited: at(to, 2) - at(from, 2) }
  }
}

// ---- the measurements --------------------------------------------------------------------------

/** Renderer counters from the DevTools protocol: CPU time is robust to other processes taking the cores. */
const COUNTERS = [
  'ThreadTime',
  'ProcessTime',
  'ScriptDuration',
  'RecalcStyleDuration',
  'LayoutDuration',
  'JSHeapUsedSize',
] as const
type Counters = Record<(typeof COUNTERS)[number], number>

async function counters(cdp: CDPSession): Promise<Counters> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  const by = new Map(metrics.map((m) => [m.name, m.value]))
  return Object.fromEntries(COUNTERS.map((k) => [k, by.get(k) ?? NaN])) as Counters
}

interface RunFigures {
  frames: number
  p50: number
  p95: number
  max: number
  work50: number
  work95: number
  longTasks: number
  longFrames: number
  /** Frames longer than three display intervals (the target's "over 50 ms"). */
  over: number
  /**
   * Of those, the ones the page's main thread was busy for: a long task or a long animation frame
   * overlaps the frame. The others were late with the page's main thread free (the renderer's other
   * threads, the browser or the machine's cores were elsewhere).
   */
  overBusy: number
  /**
   * Of those, the ones in which the main thread itself ran for over 50 ms (the page's own work too
   * long), and for each long frame how long it ran and how long it waited, ready, for a core (ms).
   */
  overRan: number
  overTimes: { frame: number; ran: number; waited: number }[]
  rate: number
  rowRenders: number
  applied: number
  /** Milliseconds per second of scrolling: main-thread CPU, renderer CPU, then script, style and layout time. */
  cpu: number
  /** Main-thread CPU per frame drawn: what a frame costs, whoever else wants the cores. */
  cpuPerFrame: number
  processCpu: number
  script: number
  style: number
  layout: number
}

function figures(
  r: RunResult,
  before: Counters,
  after: Counters,
  clock: MainThreadClock | null,
  timeOrigin: number,
): RunFigures {
  const perSecond = (k: keyof Counters) => ((after[k] - before[k]) * 1e6) / r.elapsedMs
  const overTimes: RunFigures['overTimes'] = []
  r.frames.forEach((f, i) => {
    if (f <= TARGET_MAX_FRAME_MS + 0.5) return
    const end = timeOrigin + r.frameAt[i]!
    const t = clock?.within(end - f, end)
    overTimes.push({ frame: f, ran: t?.ran ?? NaN, waited: t?.waited ?? NaN })
  })
  return {
    frames: r.frames.length,
    p50: pct(r.frames, 50),
    p95: pct(r.frames, 95),
    max: Math.max(...r.frames),
    work50: pct(r.work, 50),
    work95: pct(r.work, 95),
    longTasks: r.longTasks.length,
    longFrames: r.longFrames.length,
    over: r.frames.filter((f) => f > TARGET_MAX_FRAME_MS + 0.5).length,
    overBusy: r.frames.filter(
      (f, i) =>
        f > TARGET_MAX_FRAME_MS + 0.5 && r.longSpans.some(([a, b]) => a < r.frameAt[i]! && b > r.frameAt[i]! - f),
    ).length,
    overRan: overTimes.filter((o) => !(o.ran <= TARGET_MAX_FRAME_MS)).length,
    overTimes,
    rate: (r.applied * 1000) / r.elapsedMs,
    rowRenders: r.rowRenders,
    applied: r.applied,
    cpu: perSecond('ThreadTime'),
    cpuPerFrame: ((after.ThreadTime - before.ThreadTime) * 1000) / Math.max(1, r.frames.length),
    processCpu: perSecond('ProcessTime'),
    script: perSecond('ScriptDuration'),
    style: perSecond('RecalcStyleDuration'),
    layout: perSecond('LayoutDuration'),
  }
}

async function main(): Promise<void> {
  buildWebIfStale()
  const watchdog = setTimeout(() => {
    console.error(`[bench:grid] gave up after ${DEADLINE_MS} ms`)
    void cleanup().finally(() => process.exit(1))
  }, DEADLINE_MS)
  watchdog.unref()

  log('starting the portal (npm start)…')
  const base = await startPortal('bench-grid')
  const session = await signIn(base)
  const page = await openDashboard(base, session)
  const chromeVersion = browser!.version()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const clock = await MainThreadClock.of(browser!)
  const timeOrigin = await page.evaluate(() => performance.timeOrigin)

  log(`mounting ${ROWS.toLocaleString('en-US')} rows (beside ${MOUNT_BASELINE_ROWS.toLocaleString('en-US')})…`)
  const small: Awaited<ReturnType<typeof mountRows>>[] = []
  const large: Awaited<ReturnType<typeof mountRows>>[] = []
  for (let i = 0; i < 3; i++) {
    small.push(await page.evaluate(mountRows, MOUNT_BASELINE_ROWS))
    await sleep(300)
    large.push(await page.evaluate(mountRows, ROWS))
    await sleep(300)
  }
  // The scrolling runs start as a user's page would: ONE list of ROWS mounted. The repeated mount
  // measurements' lists (three of ROWS, three small ones; the last large one still shown, so a small
  // list replaces it first) are collected; the fresh mount's own garbage stays for the runs to pay,
  // as a user's would.
  await page.evaluate(mountRows, MOUNT_BASELINE_ROWS)
  await cdp.send('HeapProfiler.collectGarbage')
  await page.evaluate(mountRows, ROWS)
  await sleep(300)

  log(
    `scrolling ${STEP} px a frame, ${SECONDS} s a run, idle and at ${RATE.toLocaleString('en-US')} updates/s (pushed every ${TICK_MS} ms), ${ROUNDS} rounds…`,
  )
  const idle: RunFigures[] = []
  const busy: RunFigures[] = []
  let startAt = 36_000 // a thousand rows in, away from either end
  for (let round = 0; round < ROUNDS; round++) {
    for (const rate of [0, RATE]) {
      // BENCH_GRID_TRACE=file.json: a DevTools trace of the first run (where a frame's time goes);
      // with BENCH_GRID_TRACE_ALL=1, of every run, each to file.json.<round>-<idle|updates>.json.
      const traceAll = !!process.env.BENCH_GRID_TRACE_ALL
      const tracing =
        TRACE && (traceAll || (round === 0 && (process.env.BENCH_GRID_TRACE_BUSY ? rate !== 0 : rate === 0)))
      const tracePath = traceAll ? `${TRACE}.${round + 1}-${rate ? 'updates' : 'idle'}.json` : TRACE
      if (tracing)
        await browser!.startTracing(page, {
          path: tracePath,
          categories: (
            process.env.BENCH_GRID_TRACE_CATEGORIES ??
            'devtools.timeline,disabled-by-default-devtools.timeline,blink,cc,viz'
          ).split(','),
        })
      // BENCH_GRID_HEAP=file.json: a sampling heap profile (what the page allocates) of the first run under updates.
      const heap = HEAP && round === 0 && rate !== 0
      if (heap)
        await cdp.send('HeapProfiler.startSampling', {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        })
      const before = await counters(cdp)
      clock?.start()
      const r = await page.evaluate(scrollRun, {
        durationMs: SECONDS * 1000,
        step: STEP,
        updatesPerSecond: rate,
        tickMs: TICK_MS,
        inViewShare: 0.5,
        startAt,
        seed: 7 + round,
      })
      clock?.stop()
      const after = await counters(cdp)
      const f = figures(r, before, after, clock, timeOrigin)
      if (tracing) await browser!.stopTracing()
      if (heap) writeFileSync(HEAP, JSON.stringify((await cdp.send('HeapProfiler.stopSampling')).profile))
      startAt = r.endAt
      ;(rate ? busy : idle).push(f)
      log(
        `  round ${round + 1} ${rate ? 'updates' : 'idle   '}: ${f.frames} frames, p50 ${ms(f.p50)}, p95 ${ms(f.p95)}, max ${ms(f.max)}, over 50 ms ${f.over} (page busy in ${f.overBusy}), ` +
          `work p95 ${ms(f.work95)}, main-thread CPU ${f.cpu.toFixed(0)} ms/s (${ms(f.cpuPerFrame)}/frame), long tasks ${f.longTasks}, row renders ${f.rowRenders}, JS heap ${(before.JSHeapUsedSize / 2 ** 20).toFixed(0)} → ${(after.JSHeapUsedSize / 2 ** 20).toFixed(0)} MB${rate ? `, ${f.applied} updates (${f.rate.toFixed(0)}/s)` : ''}`,
      )
      for (const o of f.overTimes)
        log(`    frame of ${ms(o.frame)}: the main thread ran ${ms(o.ran)} and waited ${ms(o.waited)} for a core`)
      if (f.over) for (const d of r.longFrameDetails) log(`    long animation frame ${d}`)
      // Rows changed by the last pushes keep their change marker (FLASH_MS, 3 s): let it fade so
      // the next idle run measures idle scrolling.
      await sleep(rate ? FLASH_SETTLE_MS : 500)
    }
  }

  log('row renders per change, standing still…')
  const still = await page.evaluate(checkPushes, 500)
  await cleanup()
  clearTimeout(watchdog)

  type Figure = { [K in keyof RunFigures]: RunFigures[K] extends number ? K : never }[keyof RunFigures]
  const med = (xs: RunFigures[], k: Figure) => median(xs.map((x) => x[k]))
  const idleP95 = med(idle, 'p95')
  const busyP95 = med(busy, 'p95')
  const worstBusy = Math.max(...busy.map((b) => b.max))
  const worstIdle = Math.max(...idle.map((b) => b.max))
  // Scrolling renders the rows coming into view, a fixed number per frame (a fixed step); what the
  // pushes add is the rest. Runs under updates draw fewer frames, so the share is taken per frame.
  const scrollRendersPerFrame = idle.reduce((n, r) => n + r.rowRenders, 0) / idle.reduce((n, r) => n + r.frames, 0)
  const pushRenders = busy.map((b) => (b.rowRenders - b.frames * scrollRendersPerFrame) / b.applied)
  const mountSmall = median(small.map((m) => m.mountMs))
  const mountLarge = median(large.map((m) => m.mountMs))

  const rows: string[][] = [
    ['frames per run (median)', String(med(idle, 'frames')), String(med(busy, 'frames')), '', ''],
    ['frame time p50', ms(med(idle, 'p50')), ms(med(busy, 'p50')), ratio(med(busy, 'p50'), med(idle, 'p50')), ''],
    ['frame time p95', ms(idleP95), ms(busyP95), ratio(busyP95, idleP95), `≤ ${TARGET_P95_RATIO}×`],
    [
      'frame time max (worst run)',
      ms(worstIdle),
      ms(worstBusy),
      ratio(worstBusy, worstIdle),
      `≤ ${TARGET_MAX_FRAME_MS} ms`,
    ],
    ['frame time max (median of runs)', ms(med(idle, 'max')), ms(med(busy, 'max')), '', ''],
    [
      'frames over 50 ms (all runs)',
      `${idle.reduce((n, r) => n + r.over, 0)} of ${idle.reduce((n, r) => n + r.frames, 0)}`,
      `${busy.reduce((n, r) => n + r.over, 0)} of ${busy.reduce((n, r) => n + r.frames, 0)}`,
      '',
      '0',
    ],
    [
      "of which the page's main thread itself ran over 50 ms (the rest: it waited, ready, for a core)",
      clock ? String(idle.reduce((n, r) => n + r.overRan, 0)) : '?',
      clock ? String(busy.reduce((n, r) => n + r.overRan, 0)) : '?',
      '',
      '',
    ],
    [
      'of which with a long task or long animation frame on the page',
      String(idle.reduce((n, r) => n + r.overBusy, 0)),
      String(busy.reduce((n, r) => n + r.overBusy, 0)),
      '',
      '',
    ],
    [
      'frame work p50 / p95 (frame start → main thread free)',
      `${ms(med(idle, 'work50'))} / ${ms(med(idle, 'work95'))}`,
      `${ms(med(busy, 'work50'))} / ${ms(med(busy, 'work95'))}`,
      `${ratio(med(busy, 'work50'), med(idle, 'work50'))} / ${ratio(med(busy, 'work95'), med(idle, 'work95'))}`,
      '',
    ],
    ...(
      [
        ['main-thread CPU per frame drawn', 'cpuPerFrame'],
        ['main-thread CPU per second of scrolling', 'cpu'],
        ['renderer process CPU per second', 'processCpu'],
        ['script time per second', 'script'],
        ['style recalculation per second', 'style'],
        ['layout per second', 'layout'],
      ] as const
    ).map(([label, k]) => [label, ms(med(idle, k)), ms(med(busy, k)), ratio(med(busy, k), med(idle, k)), '']),
    ['long tasks > 50 ms per run (median)', String(med(idle, 'longTasks')), String(med(busy, 'longTasks')), '', ''],
    [
      'long animation frames > 50 ms per run (median)',
      String(med(idle, 'longFrames')),
      String(med(busy, 'longFrames')),
      '',
      '',
    ],
    ['status updates applied per second', '—', med(busy, 'rate').toFixed(0), '', `${RATE}`],
    ['row renders per run (median)', String(med(idle, 'rowRenders')), String(med(busy, 'rowRenders')), '', ''],
    [
      'row renders per update while scrolling (median, scrolling’s own taken out)',
      `${scrollRendersPerFrame.toFixed(2)} per frame`,
      median(pushRenders).toFixed(2),
      '',
      '',
    ],
  ]
  console.log(
    `\nGrid in headless Chromium ${chromeVersion}, 1440×900, ${ROWS.toLocaleString('en-US')} rows, ${STEP} px/frame, updates pushed every ${TICK_MS} ms, ${ROUNDS}× ${SECONDS} s per mode\n`,
  )
  console.log('| figure | idle scrolling (baseline) | under updates | ratio | target |\n|---|---|---|---|---|')
  for (const r of rows) console.log(`| ${r.join(' | ')} |`)

  console.log(
    `\n| mount (median of 3) | ${ROWS.toLocaleString('en-US')} rows | baseline: ${MOUNT_BASELINE_ROWS.toLocaleString('en-US')} rows | ratio |\n|---|---|---|---|`,
  )
  console.log(
    `| seed(n) → first frame with the rows | ${ms(mountLarge)} | ${ms(mountSmall)} | ${ratio(mountLarge, mountSmall)} |`,
  )
  console.log(
    `| of which seed(n) itself (the rows, built beforehand, put in the store) | ${ms(median(large.map((m) => m.seedMs)))} | ${ms(median(small.map((m) => m.seedMs)))} | |`,
  )
  console.log(
    `| seed(n) → every row taken apart into the store's columns (in slices after the rows show) | ${ms(median(large.map((m) => m.settledMs)))} | ${ms(median(small.map((m) => m.settledMs)))} | |`,
  )
  console.log(
    `| longest frame from seed(n) until then: the one that shows the rows (worst of 3) | ${ms(Math.max(...large.map((m) => m.longestFrameMs)))} | ${ms(Math.max(...small.map((m) => m.longestFrameMs)))} | |`,
  )
  console.log(
    `| longest frame after the rows show, while the store takes them apart (worst of 3) | ${ms(Math.max(...large.map((m) => m.longestAfterMs)))} | ${ms(Math.max(...small.map((m) => m.longestAfterMs)))} | |`,
  )
  console.log(`| row elements in the DOM | ${large.at(-1)!.domRows} | ${small.at(-1)!.domRows} | |`)

  console.log('\n| standing still | pushes | row renders | per push |\n|---|---|---|---|')
  console.log(
    `| to rows in view (${still.rowsInView} rows, 10 a frame) | ${still.inView} | ${still.inViewRenders} | ${(still.inViewRenders / still.inView).toFixed(2)} |`,
  )
  console.log(
    `| to rows out of view | ${still.offScreen} | ${still.offScreenRenders} | ${(still.offScreenRenders / still.offScreen).toFixed(2)} |`,
  )
  console.log(`| change markers fading (3 s later) | | ${still.afterFlashRenders} | |`)

  const p95ok = busyP95 / idleP95 <= TARGET_P95_RATIO
  // "No frame over 50 ms": a frame lasts a whole number of display intervals (16.7 ms at 60 Hz), so
  // 50.0 ms (three) is the longest allowed and 66.7 ms the first too long; half a millisecond of
  // slack covers the timestamps' coarsening (0.1 ms), nothing more.
  const maxOk = worstBusy <= TARGET_MAX_FRAME_MS + 0.5
  console.log(
    `\n${p95ok ? 'PASS' : 'FAIL'}  p95 frame under updates ${ratio(busyP95, idleP95)} of idle scrolling (target ≤ ${TARGET_P95_RATIO}×)`,
  )
  console.log(
    `${maxOk ? 'PASS' : 'FAIL'}  longest frame under updates ${ms(worstBusy)} (target: none over ${TARGET_MAX_FRAME_MS} ms; idle scrolling's longest ${ms(worstIdle)})`,
  )
  if (clock) {
    const over = (xs: RunFigures[]) => xs.flatMap((x) => x.overTimes)
    const worstRan = Math.max(0, ...[...over(idle), ...over(busy)].map((o) => o.ran).filter((x) => x === x))
    console.log(
      `      frames over 50 ms: ${over(busy).length} under updates, ${over(idle).length} idle; in ${busy.reduce((n, r) => n + r.overRan, 0) + idle.reduce((n, r) => n + r.overRan, 0)} of them ` +
        `the page's main thread ran over 50 ms (longest it ran in such a frame: ${ms(worstRan)}); in the others it waited, ready to run, for one of the machine's two cores`,
    )
  }
}

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => void cleanup().finally(() => process.exit(130)))
}

try {
  await main()
} catch (err) {
  console.error('[bench:grid] failed:', err)
  await cleanup()
  process.exit(1)
}
process.exit(0)
