import { execFile } from 'node:child_process'
import { readFile, readlink, realpath, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

/** What PostgreSQL writes in `<data>/postmaster.pid`: its first lines are pid, data folder, start time, port. */
export interface PidFile {
  pid: number
  dataDir: string
  port: number
}

export function parsePidFile(text: string): PidFile | null {
  const [pid, dataDir, , port] = text.split('\n')
  const n = Number(pid)
  if (!Number.isInteger(n) || n <= 0 || !dataDir) return null
  return { pid: n, dataDir, port: Number(port) || 0 }
}

/** Alive and not a zombie (a zombie still answers kill 0 where nobody reaps it, as in some containers). */
export async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0)
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null)
  return stat === null || stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
}

/**
 * Whether `pid` is a PostgreSQL server of the data folder `dir`. On Linux the postmaster's working
 * folder is its data folder (it changes into it at start), which names it better than any command
 * line; elsewhere `ps` shows the command line with its `-D <dir>`.
 */
export async function isPostgresOf(pid: number, dir: string): Promise<boolean> {
  const want = await realpath(dir).catch(() => resolve(dir))
  const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => null)
  if (cwd !== null) {
    const comm = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')
    return comm.trim() === 'postgres' && cwd === want
  }
  const ps = await promisify(execFile)('ps', ['-p', String(pid), '-o', 'command=']).then(
    (r) => r.stdout,
    () => '',
  )
  return /\bpostgres\b/.test(ps) && (ps.includes(want) || ps.includes(resolve(dir)))
}

/**
 * The live Node process that owns the server `pid` (its parent), if it has one: a server whose
 * parent still runs is no orphan but the database of a running portal (a second `npm start` on the
 * same data folder, a test). An orphan's parent is init or a subreaper, never a Node process.
 */
export async function liveOwnerOf(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null)
  const ppid = stat
    ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    : Number(
        (
          await promisify(execFile)('ps', ['-p', String(pid), '-o', 'ppid=']).then(
            (r) => r.stdout,
            () => '',
          )
        ).trim(),
      )
  if (!Number.isInteger(ppid) || ppid <= 1 || !(await isAlive(ppid))) return null
  const comm = (
    await readFile(`/proc/${ppid}/comm`, 'utf8').catch(
      async () =>
        await promisify(execFile)('ps', ['-p', String(ppid), '-o', 'comm=']).then(
          (r) => r.stdout,
          () => '',
        ),
    )
  ).trim()
  // Node names its main thread MainThread on Linux.
  return /(^|\/)node$|^MainThread$/.test(comm) ? ppid : null
}

async function gone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms
  while (await isAlive(pid)) {
    if (Date.now() > until) return false
    await new Promise((r) => setTimeout(r, 50))
  }
  return true
}

/**
 * Makes the data folder free for a new server. A server whose parent still runs belongs to a
 * running portal and is left alone (this start fails, naming it). A server left running by an
 * earlier start whose process was killed (kill -9 of `npm start`) is stopped as its own shutdown does it (SIGINT, a
 * fast shutdown: sessions end, everything committed is on disk), then harder if it does not go. A
 * pid file whose process is gone, or is some other program that reuses the number, is removed:
 * PostgreSQL itself refuses to start while the number it names is alive, whoever it is.
 * Answers what it did, for the log.
 */
export async function clearOrphan(dir: string): Promise<string | null> {
  const file = join(dir, 'postmaster.pid')
  const text = await readFile(file, 'utf8').catch(() => null)
  if (text === null) return null
  const lock = parsePidFile(text)
  if (!lock || !(await isAlive(lock.pid))) {
    await rm(file, { force: true })
    return `removed a stale postmaster.pid (process ${lock?.pid ?? '?'} is gone)`
  }
  if (resolve(lock.dataDir) !== resolve(dir) || !(await isPostgresOf(lock.pid, dir))) {
    await rm(file, { force: true })
    return `removed a stale postmaster.pid (process ${lock.pid} is not a PostgreSQL of ${dir})`
  }
  const owner = await liveOwnerOf(lock.pid)
  if (owner !== null) {
    throw new Error(
      `the data folder ${dir} is in use by a running portal (process ${owner} runs its PostgreSQL, pid ${lock.pid}): stop it first, or give this one another folder (PORTAL_DATA_DIR)`,
    )
  }
  for (const [signal, wait] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(lock.pid, signal)
    } catch {
      break
    }
    if (await gone(lock.pid, wait)) break
  }
  if (await isAlive(lock.pid))
    throw new Error(`PostgreSQL left running by an earlier start (pid ${lock.pid}) does not stop`)
  return `stopped PostgreSQL left running by an earlier start (pid ${lock.pid}, port ${lock.port})`
}
