// Whether a load generator kept up (issue 27): a generator thread that is busy all the time reads
// its frames late, and then it, not the server, sets the latency it reports. Each generator thread
// watches itself: its event-loop utilisation (the share of time it ran), its own CPU time, and its
// event-loop delay (how late a timer fired: the time a frame that had arrived waited to be read).
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'

/** A thread kept up when it was busy at most this share of the time and read late at most this much (p99). */
export const KEPT_UP = { busy: 0.8, delayP99Ms: 10 }

/** Starts watching the calling thread; `read()` gives its load since then. */
export function watchThread() {
  const delay = monitorEventLoopDelay({ resolution: 1 })
  delay.enable()
  const elu0 = performance.eventLoopUtilization()
  const cpu0 = process.threadCpuUsage?.()
  const t0 = performance.now()
  return {
    read() {
      const wall = performance.now() - t0
      const cpu = cpu0 ? process.threadCpuUsage(cpu0) : null
      return {
        busy: performance.eventLoopUtilization(elu0).utilization,
        cpu: cpu ? (cpu.user + cpu.system) / 1000 / Math.max(1, wall) : null,
        delayP99Ms: delay.percentile(99) / 1e6,
        delayMaxMs: delay.max / 1e6,
      }
    },
    stop: () => delay.disable(),
  }
}

/** Whether every generator thread kept up. */
export function keptUp(threads) {
  return threads.length > 0 && threads.every((t) => t.busy <= KEPT_UP.busy && t.delayP99Ms <= KEPT_UP.delayP99Ms)
}

/** One line for a report: each thread's busy share, CPU and loop delay p99. */
export function describeThreads(threads) {
  const pc = (x) => `${Math.round(x * 100)}%`
  const list = (f) => threads.map(f).join(' / ')
  return `busy ${list((t) => pc(t.busy))}, CPU ${list((t) => (t.cpu === null ? '?' : pc(t.cpu)))}, read late p99 ${list((t) => t.delayP99Ms.toFixed(1))} ms`
}
