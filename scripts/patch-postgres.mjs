// Applied after every npm install (root postinstall): two changes to postgres.js 3.4.9.
//
// 1. A fix not yet released:
// when a server dies, postgres.js can run a scheduled write after the connection closed (socket
// null): an uncaught TypeError in a setImmediate that ends the process ("Cannot read properties of
// null (reading 'write')", porsager/postgres#1154, #1208). Its close also leaves the write timer set
// and the unsent bytes in place, so that connection never sends again, not even the start-up
// message of its reconnection: the pool keeps a connection that times out for good. The fix is
// the one proposed upstream (porsager/postgres#1209): a write without a socket rejects its queries
// as CONNECTION_CLOSED, and a close clears the timer and the stale bytes. Remove this part once
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

// 2. A query's result no longer outlives it in the young generation. A Query kept its settling
// functions as closures made in its constructor (`this.resolve = x => (this.active = false,
// resolve(x))`); a promise whose own property is such a closure kept the value it was resolved with
// alive through V8's young-generation collections until the next full one (Node 24; the same with a
// bare Promise subclass and a socket, no postgres.js: resolved with the raw resolving function, or
// with the closure kept elsewhere, nothing is kept). So every row a query answered was copied and
// promoted: 100 selects of 1,000 rows × 61 columns had 93 MB (plain node) to 169–185 MB (tsx) of
// their 235–253 MB promoted, 4–10 MB with this change, and ran 20–25 % faster. The settling functions
// are kept as they are and called from two methods; a cursor still puts its own closures over them.
const SETTLE_MARK = '/* diamond-portal: settle without closures */'
const constructorSettles =
  '    this.resolve = x => (this.active = false, resolve(x))\n    this.reject = x => (this.active = false, reject(x))\n'
const methods = `  resolve(x) { ${SETTLE_MARK}
    this.active = false
    this.settle[0](x)
  }

  reject(x) {
    this.active = false
    this.settle[1](x)
  }

  static get [Symbol.species]() {`
let settled = 0
for (const file of ['src/query.js', 'cjs/src/query.js']) {
  const path = join(root, file)
  if (!existsSync(path)) continue
  let text = readFileSync(path, 'utf8')
  if (text.includes(SETTLE_MARK)) continue
  if (!text.includes(constructorSettles) || text.split('  static get [Symbol.species]() {').length !== 2) {
    console.error(`patch-postgres: ${path} is not the postgres.js this patch knows`)
    process.exit(1)
  }
  text = text
    .replace(constructorSettles, '    this.settle = [resolve, reject]\n')
    .replace('  static get [Symbol.species]() {', methods)
  writeFileSync(path, text)
  settled++
}
if (settled) console.log(`patch-postgres: queries settle without closures (${settled} files)`)
