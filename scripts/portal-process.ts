/**
 * The portal as `npm start` runs it, for the scripts that measure it in a browser (bench-grid,
 * lighthouse): the web app built if stale, its own data folder and free port, healthy before use,
 * and its whole process group stopped afterwards (PostgreSQL and everything else it started).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '@diamond/runtime/pg-server'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const HEALTH_WAIT_MS = 150_000
const sleep = (t: number) => new Promise((r) => setTimeout(r, t))

let portal: ChildProcess | null = null
let portalOutput = ''
let dataDir = ''

/** Builds the web app if its sources are newer than the build. */
export function buildWebIfStale(): void {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/build-web-if-stale.mjs')], { cwd: ROOT, stdio: 'inherit' })
  if (r.status !== 0) throw new Error(`web build failed (${r.status})`)
}

/** Starts the portal (one at a time) and answers its base URL once /web/v1/health says OK. */
export async function startPortal(name: string): Promise<string> {
  const port = await freePort()
  dataDir = mkdtempSync(join(tmpdir(), `${name}-`))
  portalOutput = ''
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), PORTAL_DATA_DIR: dataDir },
    // Its own process group, so stopping it stops PostgreSQL and everything else it started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  portal = child
  child.stdout?.on('data', (d: Buffer) => (portalOutput += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (portalOutput += d.toString()))
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + HEALTH_WAIT_MS
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}:\n${portalOutput.slice(-4000)}`)
    const body = await fetch(`${base}/web/v1/health`).then(
      (r) => r.json() as Promise<{ code?: string }>,
      () => null,
    )
    if (body?.code === 'OK') return base
    if (Date.now() > deadline) throw new Error(`portal not healthy in time:\n${portalOutput.slice(-4000)}`)
    await sleep(300)
  }
}

export async function stopPortal(): Promise<void> {
  const c = portal
  portal = null
  if (c?.pid && c.exitCode === null) {
    const exited = new Promise((r) => c.once('exit', r))
    try {
      process.kill(-c.pid, 'SIGTERM')
      // The grace timer is cleared once the portal is gone: left running, it held the script 20 s.
      let grace: NodeJS.Timeout | undefined
      await Promise.race([exited, new Promise((r) => (grace = setTimeout(r, 20_000)))])
      clearTimeout(grace)
      if (c.exitCode === null) process.kill(-c.pid, 'SIGKILL')
    } catch {
      /* already gone */
    }
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  dataDir = ''
}

// Last resort if the process leaves some other way: never leave the portal's process group behind.
process.once('exit', () => {
  if (portal?.pid && portal.exitCode === null) {
    try {
      process.kill(-portal.pid, 'SIGKILL')
    } catch {
      /* already gone */
    }
  }
})
