// npm run loadtest: builds k6 (infra/k6.mjs, cached), starts a bare Fastify baseline and the portal
// as `npm start` starts it (fresh data folder), runs the k6 scripts against both on loopback, and
// writes loadtest/report.md with throughput and latency beside the same-run baseline.
// npm run loadtest -- --target <url> --credentials <file>: the load kit for operators, against an
// existing portal (kit.mjs).
import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { k6Path } from '../infra/k6.mjs'
import { parseArgs, UsageError } from './kit-lib.mjs'

const root = new URL('..', import.meta.url).pathname
let args
try {
  args = parseArgs(process.argv.slice(2), process.env)
} catch (e) {
  if (!(e instanceof UsageError)) throw e
  console.error(`npm run loadtest: ${e.message} (see loadtest/README.md)`)
  process.exit(2)
}
if (args.help) {
  console.log(readFileSync(join(root, 'loadtest/README.md'), 'utf8'))
  process.exit(0)
}
if (args.target) {
  const { runKit } = await import('./kit.mjs')
  process.exit(await runKit(args))
}
const ATTEMPTS = process.env.ATTEMPTS ?? '1000'
const VUS = process.env.VUS ?? '200'
const k6 = await k6Path()
const work = mkdtempSync(join(tmpdir(), 'loadtest-'))
chmodSync(work, 0o755) // PostgreSQL runs as another user when we are root: it must reach its data

function runK6(script, env) {
  const summary = join(work, `${script}.json`)
  return new Promise((resolve, reject) => {
    const p = spawn(k6, ['run', '--quiet', join(root, 'loadtest', script)], {
      env: { ...process.env, ...env, VUS, ATTEMPTS, SUMMARY: summary },
      stdio: 'inherit',
    })
    p.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(readFileSync(summary, 'utf8')))
        : reject(new Error(`k6 ${script} exited ${code}`)),
    )
  })
}

const baseline = Fastify()
baseline.post('/echo', async (req) => ({ code: 'OK', message: 'OK', data: req.body }))
await baseline.listen({ port: 0, host: '127.0.0.1' })
const port = 20000 + Math.floor(Math.random() * 20000)
let portalLog = ''
const portal = spawn('npm', ['start', '--silent'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), PORTAL_DATA_DIR: join(work, 'data') },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
})
portal.stdout.on('data', (d) => (portalLog += d))
portal.stderr.on('data', (d) => (portalLog += d))
try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/web/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    if (i > 1800 || portal.exitCode !== null) throw new Error(`the portal did not start:\n${portalLog.slice(-3000)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  const base = await runK6('baseline.js', { BASE_URL: `http://127.0.0.1:${baseline.server.address().port}` })
  const one = await runK6('hold-rush.js', { BASE_URL: `http://127.0.0.1:${port}`, STONES: '1' })
  const five = await runK6('hold-rush.js', { BASE_URL: `http://127.0.0.1:${port}`, STONES: '5' })
  const search = await runK6('search.js', { BASE_URL: `http://127.0.0.1:${port}` })
  const row = (name, s, b) => {
    const d = s.metrics.http_req_duration.values
    const rate = s.metrics.http_reqs.values.rate
    const c = (m) => s.metrics[m]?.values.count ?? 0
    const outcome = s.metrics.hold_wins
      ? `${c('hold_wins')} won, ${c('hold_refusals')} refused, ${c('hold_errors')} errors`
      : s.metrics.search_stones_found || s.metrics.search_errors
        ? `${c('search_errors')} errors, ${Math.round(c('search_stones_found') / Math.max(1, s.metrics.http_reqs.values.count - 4))} stones found on average`
        : ''
    return `| ${name} | ${rate.toFixed(0)}/s | ${b ? (rate / b).toFixed(2) + '×' : ''} | ${d.med.toFixed(1)} / ${d['p(95)'].toFixed(1)} / ${d['p(99)'].toFixed(1)} ms | ${outcome} |`
  }
  const baseRate = base.metrics.http_reqs.values.rate
  const report = [
    `# Load test report`,
    '',
    `${ATTEMPTS} attempts by ${VUS} virtual users per scenario, on loopback, ${new Date().toISOString()}.`,
    '',
    '| scenario | throughput | vs baseline | p50 / p95 / p99 | outcome |',
    '|---|---|---|---|---|',
    row('baseline: bare Fastify JSON POST', base),
    row('hold rush, 1 stone', one, baseRate),
    row('hold rush, 5 stones', five, baseRate),
    row('search: filters, totals, facets, a sorted page of 250 (25,000 stones)', search, baseRate),
    '',
  ].join('\n')
  writeFileSync(join(root, 'loadtest/report.md'), report)
  console.log(report)
} finally {
  try {
    process.kill(-portal.pid, 'SIGTERM')
  } catch {} // already gone
  await baseline.close()
  await new Promise((r) => setTimeout(r, 1500))
  rmSync(work, { recursive: true, force: true })
}
