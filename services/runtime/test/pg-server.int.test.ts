import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import postgres from 'postgres'
import { afterAll, describe, expect, it } from 'vitest'
import { isAlive } from '../src/pg-orphan'
import { startLocalPostgres, type LocalPostgres } from '../src/pg-server'

const CHILD = fileURLToPath(new URL('./pg-child.ts', import.meta.url))
const folders: string[] = []
const servers: LocalPostgres[] = []

async function folder() {
  const dir = await mkdtemp(join(tmpdir(), 'diamond-pg-life-'))
  folders.push(dir)
  return join(dir, 'data')
}

/** Starts PostgreSQL in a child process, as `npm start` does, and answers the child and the server's pid. */
async function startInChild(dir: string, mode = '') {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir, mode], { stdio: ['ignore', 'pipe', 'inherit'] })
  const pid = await new Promise<number>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (d) => {
      out += d
      const m = /READY (\d+)/.exec(out)
      if (m) resolve(Number(m[1]))
    })
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before PostgreSQL was ready`)))
  })
  return { child, pid }
}

async function killHard(child: ReturnType<typeof spawn>) {
  const gone = new Promise((r) => child.once('exit', r))
  child.kill('SIGKILL')
  await gone
}

async function answers(pg: LocalPostgres) {
  const sql = postgres(pg.url, { max: 1, onnotice: () => {} })
  try {
    const [row] = await sql<[{ one: number }]>`select 1 as one`
    return row!.one === 1
  } finally {
    await sql.end()
  }
}

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await Promise.all(folders.map((d) => rm(d, { recursive: true, force: true })))
})

describe('the embedded PostgreSQL after its parent was killed', () => {
  it('starts again on the same data folder after kill -9 of the process that started it', async () => {
    const dir = await folder()
    const { child } = await startInChild(dir)
    await killHard(child)
    const pg = await startLocalPostgres({ dir })
    servers.push(pg)
    expect(await answers(pg)).toBe(true)
  })

  it('stops an orphan left running (no parent-death signal) and starts in its place', async () => {
    const dir = await folder()
    const { child, pid } = await startInChild(dir, 'orphan')
    await killHard(child)
    expect(await isAlive(pid)).toBe(true)
    const pg = await startLocalPostgres({ dir })
    servers.push(pg)
    expect(await isAlive(pid)).toBe(false)
    expect(await answers(pg)).toBe(true)
  })

  it('dies with the process that started it', async () => {
    const dir = await folder()
    const { child, pid } = await startInChild(dir)
    await killHard(child)
    const until = Date.now() + 30_000
    while ((await isAlive(pid)) && Date.now() < until) await new Promise((r) => setTimeout(r, 100))
    expect(await isAlive(pid)).toBe(false)
  })

  it('leaves the server of a running portal alone: a second start on its folder fails, naming it', async () => {
    const dir = await folder()
    const { child, pid } = await startInChild(dir)
    try {
      await expect(startLocalPostgres({ dir })).rejects.toThrow(/in use by a running portal/)
      expect(await isAlive(pid)).toBe(true)
    } finally {
      await killHard(child)
    }
  })

  it('removes a postmaster.pid that names a live process which is not its server', async () => {
    const dir = await folder()
    const first = await startLocalPostgres({ dir })
    await first.stop()
    // This test's own process: alive, but no PostgreSQL; the server itself refuses such a lock file.
    await writeFile(
      join(dir, 'postmaster.pid'),
      `${process.pid}\n${dir}\n${Math.floor(Date.now() / 1000)}\n${first.port}\n`,
    )
    const pg = await startLocalPostgres({ dir })
    servers.push(pg)
    expect(await answers(pg)).toBe(true)
  })
})

describe('a supervised embedded PostgreSQL', () => {
  it('is started again on the same folder and port when it dies', async () => {
    const pg = await startLocalPostgres({ dir: await folder() })
    servers.push(pg)
    const before = pg.pid!
    process.kill(before, 'SIGKILL')
    const until = Date.now() + 60_000
    while (!(pg.running && pg.pid !== before) && Date.now() < until) await new Promise((r) => setTimeout(r, 100))
    expect(pg.running).toBe(true)
    expect(pg.pid).not.toBe(before)
    expect(await answers(pg)).toBe(true)
  })
})
