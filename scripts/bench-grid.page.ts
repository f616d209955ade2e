/**
 * The in-page half of `npm run bench:grid`: functions handed to `page.evaluate`, so each must stand
 * alone (no imports or module variables at run time; only types cross over). They drive the grid's
 * benchmark hook `window.__diamondGrid` (web/src/grid/stores/perf.ts).
 */
import type { Availability } from '@diamond/contracts/events/stock'
import type { GridBench } from '../web/src/grid/stores/perf'

export interface MountResult {
  /** seed(n) itself: putting n rows (built beforehand by prepare(n)) in the store (synchronous). */
  seedMs: number
  /** From calling seed(n) until the first frame showing the new rows has been produced. */
  mountMs: number
  /** From calling seed(n) until the store has taken every row apart into its columns (after the rows show, in slices). */
  settledMs: number
  /** The longest frame from seed(n) until settled: the mount's own frame and the slices after it. */
  longestFrameMs: number
  /** The longest frame after the one that first showed the rows, until settled: the slices' frames. */
  longestAfterMs: number
  domRows: number
  stones: number
}

export interface RunOptions {
  durationMs: number
  /** Pixels scrolled per frame; the direction reverses at either end. */
  step: number
  /** Status changes per second pushed through the hook; 0 for idle scrolling. */
  updatesPerSecond: number
  /** How often the changes due so far are pushed (the live feed batches them, every 100 ms). */
  tickMs: number
  /** Share of pushes aimed at rows in view; the rest go anywhere in the list. */
  inViewShare: number
  /** Where the run starts scrolling from. */
  startAt: number
  seed: number
}

export interface RunResult {
  /** rAF timestamp deltas: the time between consecutive frames. */
  frames: number[]
  /** Per frame, from the frame's start (rAF timestamp) until the main thread took its next task. */
  work: number[]
  longTasks: number[]
  longFrames: number[]
  /** The rAF timestamp each frame in `frames` ended at (page clock). */
  frameAt: number[]
  /** Long tasks and long animation frames as [start, end] on the page clock: the page's own long work. */
  longSpans: [number, number][]
  /**
   * What each long animation frame spent its time on (the browser's own attribution): when it
   * started, how long it blocked, where rendering began, and its scripts (longest first).
   */
  longFrameDetails: string[]
  pushes: number
  applied: number
  rowRenders: number
  elapsedMs: number
  endAt: number
}

export interface PushCheck {
  rowsInView: number
  inView: number
  inViewRenders: number
  offScreen: number
  offScreenRenders: number
  /** Renders once the change markers have faded (the flash timers). */
  afterFlashRenders: number
}

type Win = Window & { __diamondGrid?: GridBench }

/** Seeds n rows and times the frame that first shows them (the table's aria-rowcount says which list it shows). */
export async function mountRows(n: number): Promise<MountResult> {
  const g = (window as Win).__diamondGrid
  if (!g) throw new Error('window.__diamondGrid is not installed')
  // The synthetic rows are the harness's, not the grid's: built first, then a frame, then timed.
  g.prepare(n)
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  let lastFrame = performance.now()
  const seen: [number, number][] = []
  let watching = true
  const watchFrames = (t: number) => {
    seen.push([lastFrame, t - lastFrame])
    lastFrame = t
    if (watching) requestAnimationFrame(watchFrames)
  }
  requestAnimationFrame(watchFrames)
  const t0 = performance.now()
  g.seed(n)
  const seedMs = performance.now() - t0
  const shown = () => {
    const table = document.querySelector('[role="table"]')
    return (
      table?.getAttribute('aria-rowcount') === String(n + 1) &&
      table.querySelector('[data-testid^="stone-row-"]') !== null
    )
  }
  // The first rAF that finds the rows committed renders them; a task posted from it runs once that frame is done.
  const mountMs = await new Promise<number>((resolve, reject) => {
    const giveUp = setTimeout(() => reject(new Error(`rows of the ${n}-row list never showed`)), 30_000)
    const check = () => {
      if (!shown()) return void requestAnimationFrame(check)
      const ch = new MessageChannel()
      ch.port1.onmessage = () => {
        clearTimeout(giveUp)
        resolve(performance.now() - t0)
      }
      ch.port2.postMessage(0)
    }
    requestAnimationFrame(check)
  })
  while (g.stats().waiting > 0) await new Promise((r) => requestAnimationFrame(r))
  const settledMs = performance.now() - t0
  await new Promise((r) => requestAnimationFrame(r))
  watching = false
  const s = g.stats()
  const longest = (xs: [number, number][]) => Math.max(0, ...xs.map(([, d]) => d))
  const shownAt = t0 + mountMs
  return {
    seedMs,
    mountMs,
    settledMs,
    longestFrameMs: longest(seen.filter(([start]) => start >= t0 - 20)),
    longestAfterMs: longest(seen.filter(([start]) => start >= shownAt)),
    domRows: s.domRows,
    stones: s.stones,
  }
}

/**
 * Scrolls the grid's scroll box by a fixed step every frame for a while, recording every frame;
 * with updatesPerSecond > 0 status changes arrive meanwhile, on a timer (every tickMs) that pushes
 * all the changes due by then (so the rate holds even when timers run late).
 */
export async function scrollRun(o: RunOptions): Promise<RunResult> {
  const g = (window as Win).__diamondGrid
  const box = document.querySelector<HTMLElement>('[role="table"].grid')
  if (!g || !box) throw new Error('no grid or no benchmark hook on the page')
  const row = box.querySelector<HTMLElement>('[data-testid^="stone-row-"]')
  const head = box.querySelector<HTMLElement>('.grid-head')
  const rowH = row?.offsetHeight || 36
  const headH = head?.offsetHeight ?? 0
  const total = g.stats().stones
  const max = box.scrollHeight - box.clientHeight
  let rnd = o.seed >>> 0
  const next = () => (rnd = (Math.imul(rnd, 1664525) + 1013904223) >>> 0) / 2 ** 32
  const shown = Math.max(1, Math.floor((box.clientHeight - headH) / rowH))
  // Where the box is scrolled, kept here: reading scrollTop back would force a style and layout
  // pass the page would not otherwise do (a real push reads no layout).
  let pos = Math.min(max, Math.max(0, o.startAt))
  // The sticky header covers the box's first headH pixels, rows start below it in the content.
  const inView = () => Math.min(total - 1, Math.floor(pos / rowH) + Math.floor(next() * shown))
  const states: Availability[] = ['H', 'A', 'M']

  const longTasks: number[] = []
  const longFrames: number[] = []
  const longSpans: [number, number][] = []
  const longFrameDetails: string[] = []
  const origin = performance.now()
  const observers: PerformanceObserver[] = []
  for (const [type, into] of [
    ['longtask', longTasks],
    ['long-animation-frame', longFrames],
  ] as const) {
    if (!PerformanceObserver.supportedEntryTypes.includes(type)) continue
    const ob = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        into.push(e.duration)
        longSpans.push([e.startTime, e.startTime + e.duration])
        if (type === 'long-animation-frame') longFrameDetails.push(describeLongFrame(e))
      }
    })
    ob.observe({ type, buffered: false })
    observers.push(ob)
  }

  box.scrollTop = pos
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  g.resetCounts()

  const frames: number[] = []
  const frameAt: number[] = []
  const work: number[] = []
  let pushes = 0
  let applied = 0
  let dir = 1
  const t0 = performance.now()
  const timer =
    o.updatesPerSecond > 0
      ? setInterval(() => {
          const due = Math.floor(((performance.now() - t0) * o.updatesPerSecond) / 1000)
          // At most a second's worth at once: a stalled page should show up as stalled, not as a burst.
          for (let k = Math.min(due - pushes, o.updatesPerSecond); k > 0; k--) {
            const i = pushes++
            const index = next() < o.inViewShare ? inView() : Math.floor(next() * total)
            if (g.push(index, states[i % states.length])) applied++
          }
        }, o.tickMs)
      : undefined

  // One channel for the whole run: a task posted from a frame runs once the frame's work is done.
  // (A channel per frame would make the harness's own garbage: ports the collector must finalise.)
  const ch = new MessageChannel()
  ch.port1.onmessage = (m: MessageEvent<number>) => work.push(performance.now() - m.data)
  await new Promise<void>((resolve) => {
    let last: number | undefined
    const frame = (t: number) => {
      if (last !== undefined) {
        frames.push(t - last)
        frameAt.push(t)
      }
      last = t
      ch.port2.postMessage(t)
      pos += dir * o.step
      if (pos >= max || pos <= 0) {
        dir = -dir
        pos = Math.min(max, Math.max(0, pos))
      }
      box.scrollTop = pos
      if (t - t0 < o.durationMs) requestAnimationFrame(frame)
      else resolve()
    }
    requestAnimationFrame(frame)
  })
  const elapsedMs = performance.now() - t0
  if (timer) clearInterval(timer)
  // Let the last frame's work and long-task entries land.
  await new Promise((r) => setTimeout(r, 100))
  for (const ob of observers) ob.disconnect()
  ch.port1.close()
  return {
    frames,
    work,
    longTasks,
    longFrames,
    frameAt,
    longSpans,
    longFrameDetails,
    pushes,
    applied,
    rowRenders: g.stats().rowRenders,
    elapsedMs,
    endAt: pos,
  }

  /** A long animation frame in one line: its span, blocking time, render and style/layout starts, its scripts. */
  function describeLongFrame(e: PerformanceEntry): string {
    const f = e as PerformanceEntry & {
      blockingDuration: number
      renderStart: number
      styleAndLayoutStart: number
      scripts: {
        invoker: string
        invokerType: string
        duration: number
        forcedStyleAndLayoutDuration: number
        sourceFunctionName: string
      }[]
    }
    const at = (x: number) => (x > 0 ? `+${(x - f.startTime).toFixed(0)}` : '—')
    const scripts = [...(f.scripts ?? [])]
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 3)
      .map(
        (x) =>
          `${x.invokerType} ${x.invoker} ${x.sourceFunctionName || '?'} ${x.duration.toFixed(0)} ms (forced style/layout ${x.forcedStyleAndLayoutDuration.toFixed(0)})`,
      )
    return `at ${(f.startTime - origin).toFixed(0)} ms: ${f.duration.toFixed(0)} ms, blocking ${f.blockingDuration.toFixed(0)}, render ${at(f.renderStart)}, style/layout ${at(f.styleAndLayoutStart)}; scripts: ${scripts.join('; ') || 'none'}`
  }
}

/**
 * Without scrolling: pushes to rows in view, each changing that row's status, ten per frame, then
 * to rows far out of view; counts row renders for each. A push should cost exactly one render of
 * its own row (and a second when its change marker fades); a push out of view, none.
 */
export async function checkPushes(count: number): Promise<PushCheck> {
  const g = (window as Win).__diamondGrid
  const box = document.querySelector<HTMLElement>('[role="table"].grid')
  if (!g || !box) throw new Error('no grid or no benchmark hook on the page')
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  await frame()
  // Rows fully inside the box (not the overscan), by their aria-rowindex (index + 2).
  const area = box.getBoundingClientRect()
  const rows = [...box.querySelectorAll<HTMLElement>('[data-testid^="stone-row-"]')].filter((r) => {
    const b = r.getBoundingClientRect()
    return b.top >= area.top && b.bottom <= area.bottom
  })
  const visible = rows.map((r) => ({
    index: Number(r.getAttribute('aria-rowindex')) - 2,
    status: r.dataset.status ?? 'A',
  }))
  if (visible.length === 0) throw new Error('no rows in view')
  const states: Availability[] = ['H', 'A', 'M']
  const nextState = (cur: string) => states[(states.indexOf(cur as Availability) + 1) % states.length]!
  const status = new Map(visible.map((v) => [v.index, v.status]))

  g.resetCounts()
  let inView = 0
  while (inView < count) {
    // Ten distinct rows a frame, so each push is one change the row must show.
    for (let k = 0; k < 10 && inView < count; k++, inView++) {
      const { index } = visible[inView % visible.length]!
      const s = nextState(status.get(index)!)
      status.set(index, s)
      g.push(index, s)
    }
    await frame()
  }
  const inViewRenders = g.stats().rowRenders

  g.resetCounts()
  const total = g.stats().stones
  const far = (visible[0]!.index + Math.floor(total / 2)) % total
  let offScreen = 0
  for (; offScreen < count; offScreen++) {
    g.push((far + (offScreen % 1000)) % total, states[offScreen % states.length])
    if (offScreen % 10 === 9) await frame()
  }
  await frame()
  const offScreenRenders = g.stats().rowRenders

  // The change markers fade after a few seconds (FLASH_MS): each marked row renders once more.
  g.resetCounts()
  await new Promise((r) => setTimeout(r, 3_300))
  await frame()
  return {
    rowsInView: visible.length,
    inView,
    inViewRenders,
    offScreen,
    offScreenRenders,
    afterFlashRenders: g.stats().rowRenders,
  }
}
