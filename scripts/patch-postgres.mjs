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

const root = join(dirname(createRequire(import.meta.url).resolve('postgres')), '..', '..')

/**
 * Rewrites postgres.js's `file` in its ESM and CommonJS builds, each once (`mark` in the text: done
 * already). `change` answers the new text, or null for a text this patch does not know (a new
 * postgres.js): the install then fails, so no one runs a postgres.js half patched.
 */
function patch(file, mark, change, done) {
  let files = 0
  for (const build of ['src', 'cjs/src']) {
    const path = join(root, build, file)
    if (!existsSync(path)) continue
    const text = readFileSync(path, 'utf8')
    if (text.includes(mark)) continue
    const changed = change(text)
    if (changed === null) {
      console.error(
        `patch-postgres: ${path} is not the postgres.js this patch knows; check whether the change is still needed`,
      )
      process.exit(1)
    }
    writeFileSync(path, changed)
    files++
  }
  if (files) console.log(`patch-postgres: ${done} (${files} files)`)
}

const MARK = '/* diamond-portal: porsager/postgres#1208 */'
const nextWrite = '  function nextWrite(fn) {\n'
const clear = `    clearImmediate(nextWriteTimer)\n`
patch(
  'connection.js',
  MARK,
  (text) =>
    text.includes(nextWrite) && text.split(clear).length === 3
      ? text
          .replace(
            nextWrite,
            `${nextWrite}    if (!socket) { ${MARK} chunk = nextWriteTimer = null; error(Errors.connection('CONNECTION_CLOSED', options)); return false }\n`,
          )
          .replaceAll(clear, `${clear}    nextWriteTimer = chunk = null ${MARK}\n`)
      : null,
  'guarded postgres.js writes after a close',
)

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
const species = '  static get [Symbol.species]() {'
const methods = `  resolve(x) { ${SETTLE_MARK}
    this.active = false
    this.settle[0](x)
  }

  reject(x) {
    this.active = false
    this.settle[1](x)
  }

${species}`
patch(
  'query.js',
  SETTLE_MARK,
  (text) =>
    text.includes(constructorSettles) && text.split(species).length === 2
      ? text.replace(constructorSettles, '    this.settle = [resolve, reject]\n').replace(species, methods)
      : null,
  'queries settle without closures',
)
