// Running a helper server (Kafka, Mailpit, SeaweedFS) as a detached child of a test or script:
// dying with its parent, stopping politely then firmly, keeping the tail of its output for errors.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/**
 * Makes `pid` die with this Node process, even when that one is SIGKILLed: a detached shell polls
 * both, sends SIGTERM once the parent is gone and SIGKILL `graceSeconds` later. Answers the undo
 * (for a stop that already ended the child).
 */
export function killWithParent(pid, name, graceSeconds = 10) {
  const onExit = () => {
    try {
      process.kill(pid, 'SIGTERM')
    } catch {}
  }
  process.on('exit', onExit)
  const watchdog = spawn(
    'sh',
    [
      '-c',
      `
      while kill -0 $1 2>/dev/null; do kill -0 $2 2>/dev/null || exit 0; sleep 1; done
      kill -TERM $2 2>/dev/null
      for i in $(seq ${graceSeconds}); do kill -0 $2 2>/dev/null || exit 0; sleep 1; done
      kill -KILL $2 2>/dev/null`,
      `${name}-watchdog`,
      String(process.pid),
      String(pid),
    ],
    { detached: true, stdio: 'ignore' },
  )
  watchdog.unref()
  return () => {
    process.off('exit', onExit)
    try {
      watchdog.kill()
    } catch {}
  }
}

/** Keeps the last `max` characters a piped child writes (echoed to stderr unless quiet); answers a reader. */
export function keepOutput(child, { quiet = true, max = 4000 } = {}) {
  let output = ''
  const keep = (d) => {
    output = (output + d).slice(-max)
    if (!quiet) process.stderr.write(d)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  child.unref()
  child.stdout.unref?.()
  child.stderr.unref?.()
  return () => output
}

/** A stop for a child: `before` (e.g. the watchdog's undo), SIGTERM, then SIGKILL after `graceMs`. */
export function stopper(child, { graceMs = 10_000, before = () => {} } = {}) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  return async () => {
    before()
    if (child.exitCode !== null || child.signalCode !== null) return
    try {
      process.kill(child.pid, 'SIGTERM')
    } catch {
      return
    }
    // The grace timer is cleared once the child is gone: left running, it held the parent (vitest's
    // main process after the global teardown) alive for the rest of the grace.
    let grace
    const killed = await Promise.race([
      exited.then(() => true),
      new Promise((resolve) => (grace = setTimeout(() => resolve(false), graceMs))),
    ])
    clearTimeout(grace)
    if (!killed) {
      try {
        process.kill(child.pid, 'SIGKILL')
      } catch {}
      await exited
    }
  }
}

/**
 * Waits until `ready()` answers true. When the child exits first or `timeoutMs` passes, `onFail` runs
 * (stop what was started) and the error names the server and carries `detail()` (its output).
 */
export async function waitReady(child, { name, ready, timeoutMs, intervalMs = 100, onFail, detail }) {
  const started = Date.now()
  while (!(await ready())) {
    const failed = child.exitCode !== null || child.signalCode !== null
    if (failed || Date.now() - started > timeoutMs) {
      await onFail(failed)
      throw new Error(
        `${name} ${failed ? `exited (${child.exitCode ?? child.signalCode})` : `not ready after ${timeoutMs / 1000} s`}${detail()}`,
      )
    }
    await sleep(intervalMs)
  }
  return Date.now() - started
}

/** A port nobody listens on right now (ask, then start the server on it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

/** Distinct free ports (the OS could hand out one twice between asks). */
export async function freePorts(n) {
  const ports = new Set()
  while (ports.size < n) ports.add(await freePort())
  return [...ports]
}

/**
 * A free port, and the `span - 1` after it, below the kernel's ephemeral range, for a server that
 * is stopped and started again on the same port. A port from `freePort()` lies inside that range:
 * while its server is down any outgoing connection may be handed it as a local port, and the
 * restart then fails with "Address already in use" (seen in CI with Kafka's controller port).
 */
export async function restartablePort(span = 1) {
  let low = 32768
  try {
    low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || low
  } catch {
    // not Linux: the usual default
  }
  const floor = Math.max(1024, Math.min(20_000, low - 10_000))
  for (let tries = 0; tries < 200; tries++) {
    const port = floor + Math.floor(Math.random() * (low - span - floor))
    const taken = await Promise.all(Array.from({ length: span }, (_, i) => canListen(port + i)))
    if (taken.every(Boolean)) return port
  }
  throw new Error(`no ${span} free consecutive ports between ${floor} and ${low}`)
}

function canListen(port) {
  return new Promise((resolve) => {
    const srv = net.createServer()
    srv.unref()
    srv.once('error', () => resolve(false))
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)))
  })
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
export function portOpen(port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const sock = net.connect({ host: '127.0.0.1', port })
    const done = (ok) => {
      sock.destroy()
      resolve(ok)
    }
    sock.setTimeout(timeoutMs, () => done(false))
    sock.on('connect', () => done(true))
    sock.on('error', () => done(false))
  })
}
