import { startLocalPostgres } from '../src/pg-server'

/**
 * A process that starts PostgreSQL on a data folder and waits, for the tests that kill it:
 * `pg-child.ts <dir> [orphan]` (orphan: without the parent-death signal, as on systems that lack it).
 */
const [dir, mode] = process.argv.slice(2)
const pg = await startLocalPostgres({ dir: dir!, dieWithParent: mode !== 'orphan' })
process.stdout.write(`READY ${pg.pid} ${pg.port}\n`)
setInterval(() => {}, 60_000)
