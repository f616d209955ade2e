// Applied after every npm install (root postinstall): a fix of postgres.js 3.4.9 not yet released.
//
// When a server dies, postgres.js can run a scheduled write after the connection closed (socket
// null): an uncaught TypeError in a setImmediate that ends the process ("Cannot read properties of
// null (reading 'write')", porsager/postgres#1154, #1208). Its close also leaves the write timer set
// and the unsent bytes in place, so that connection never sends again, not even the start-up
// message of its reconnection: the pool keeps a connection that times out for good. The fix is
// the one proposed upstream (porsager/postgres#1209): a write without a socket rejects its queries
// as CONNECTION_CLOSED, and a close clears the timer and the stale bytes. Remove this script once
// a release carries it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const MARK = '/* diamond-portal: porsager/postgres#1208 */'
const root = join(dirname(createRequire(import.meta.url).resolve('postgres')), '..', '..')
let patched = 0
for (const file of ['src/connection.js', 'cjs/src/connection.js']) {
  const path = join(root, file)
  if (!existsSync(path)) continue
  let text = readFileSync(path, 'utf8')
  if (text.includes(MARK)) continue
  const guard = `  function nextWrite(fn) {\n    if (!socket) { ${MARK} chunk = nextWriteTimer = null; error(Errors.connection('CONNECTION_CLOSED', options)); return false }\n`
  const clear = `    clearImmediate(nextWriteTimer)\n`
  if (!text.includes('  function nextWrite(fn) {\n') || text.split(clear).length !== 3) {
    console.error(`patch-postgres: ${path} is not the postgres.js this patch knows; check whether the fix is released`)
    process.exit(1)
  }
  text = text
    .replace('  function nextWrite(fn) {\n', guard)
    .replaceAll(clear, `${clear}    nextWriteTimer = chunk = null ${MARK}\n`)
  writeFileSync(path, text)
  patched++
}
if (patched) console.log(`patch-postgres: guarded postgres.js writes after a close (${patched} files)`)
