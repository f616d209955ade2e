import type { FastifyInstance } from 'fastify'

export interface PeriodicOptions {
  /** When the first run starts after the app is ready: 0 (the default) at once, else after this many ms. */
  firstAfterMs?: number
}

/**
 * A job run again and again while the app is up: the next run starts `intervalMs` after the last one
 * ended, so two runs never overlap however slow one is. A failure is logged and the next run tries
 * again. The timer never keeps the process alive; at close no run starts again, the run in hand is
 * told (its signal aborts) and awaited (in preClose, before the service's pool closes in onClose).
 */
export function periodic(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  /** The job; `signal` aborts at close, for a long run to stop between its steps. */
  run: (signal: AbortSignal) => Promise<unknown>,
  opts: PeriodicOptions = {},
): void {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | null = null
  let stopped = false
  const closing = new AbortController()
  const schedule = (ms: number) => {
    if (stopped) return
    timer = setTimeout(tick, ms)
    timer.unref()
  }
  const tick = () => {
    // Through a promise, so that a job throwing before its first await is logged like any failure.
    running = Promise.resolve()
      .then(() => run(closing.signal))
      .then(
        () => {},
        (err: unknown) => app.log.warn({ err, job: name }, `${name} failed; will retry`),
      )
      .finally(() => {
        running = null
        schedule(intervalMs)
      })
  }
  app.addHook('onReady', () => {
    const first = opts.firstAfterMs ?? 0
    if (first > 0) schedule(first)
    else tick()
  })
  app.addHook('preClose', async () => {
    stopped = true
    closing.abort()
    clearTimeout(timer)
    await running
  })
}
