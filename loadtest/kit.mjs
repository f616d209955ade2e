// The load kit for operators (issue 27): `npm run loadtest -- --target <url> --credentials <file>`.
// Against an existing portal: it makes its own bidders, stones up for bid and a live auction through
// the API, measures the baseline (the portal's echo route, where the operator switched it on), then
// the bid, rush and search scenarios with k6 at open-model arrival rates and the room fan-out in
// Node, writes a Markdown report and one k6 web dashboard (HTML) per k6 scenario into one folder,
// takes down what it made, and exits non-zero when a scenario fell below an operator-set floor.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { k6Path } from '../infra/k6.mjs'
import { client } from './bids-lib.mjs'
import {
  availableStones,
  cleanupTarget,
  prepareTarget,
  readCredentials,
  summaryRow,
  thresholdsOf,
  writeReport,
} from './kit-lib.mjs'
import { measureRoomFanout } from './room-fanout.mjs'

const here = new URL('.', import.meta.url).pathname

/** k6 with the kit's environment; resolves with the summary and whether thresholds held (exit 99: crossed). */
function runK6(k6, script, env, dir, name) {
  const summary = join(dir, `${name}.json`)
  const dashboard = join(dir, `${name}.html`)
  return new Promise((resolvePromise, reject) => {
    const p = spawn(k6, ['run', '--quiet', join(here, script)], {
      env: {
        ...process.env,
        ...env,
        SUMMARY: summary,
        K6_WEB_DASHBOARD: 'true',
        K6_WEB_DASHBOARD_EXPORT: dashboard,
        K6_WEB_DASHBOARD_PORT: '-1', // no server to keep k6 waiting (CI), the export only
        K6_WEB_DASHBOARD_PERIOD: '2s', // a point every 2 s: a 30 s run is a curve, not three dots
      },
      stdio: 'inherit',
    })
    p.on('error', reject)
    p.on('exit', (code) => {
      if (code !== 0 && code !== 99) return reject(new Error(`k6 ${script} exited ${code}`))
      resolvePromise({ summary: JSON.parse(readFileSync(summary, 'utf8')), held: code === 0, dashboard })
    })
  })
}

const isLoopback = (url) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)

export async function runKit(opts) {
  const log = (m) => console.log(`[loadtest] ${m}`)
  const creds = readCredentials(opts.credentials)
  const rate = opts.rate ?? 50
  const duration = opts.duration ?? 30
  const rampUp = opts.rampUp ?? 5
  const vus = opts.vus ?? 200
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const dir = resolve(opts.out ?? join(here, 'reports', stamp))
  mkdirSync(dir, { recursive: true })
  const k6 = opts.scenarios.some((s) => s !== 'fanout') ? await k6Path() : null
  const api = client(opts.target)
  // k6 counts iterations it could not start on time; a share of the offered ones becomes a count.
  const offered = Math.round(rate * (duration + rampUp / 2))
  const thresholds = {
    ...thresholdsOf(opts),
    ...(opts.maxDropped !== undefined
      ? { dropped_iterations: [`count<=${Math.floor(opts.maxDropped * offered)}`] }
      : {}),
  }
  const k6Env = {
    RATE: String(rate),
    DURATION: String(duration),
    RAMP_UP: String(rampUp),
    VUS: String(vus),
    K6_KIT_THRESHOLDS: JSON.stringify(thresholds),
  }

  const health = await api.get('health')
  if (health.status !== 200) throw new Error(`${opts.target}/web/v1/health answered ${health.status} ${health.code}`)
  const echo = await api.post('loadtest/echo', { probe: true })
  const echoOn = echo.status === 200 && echo.code === 'OK'
  log(
    echoOn
      ? 'the echo route answers: baselines against this target'
      : 'no echo route (LOADTEST_ECHO is off): no baseline, figures without ratios',
  )

  // Ctrl-C (or a CI job's cancel): k6 stops on its own signal, the kit skips what is left and still
  // takes down what it made.
  let interrupted = false
  const onSignal = () => {
    interrupted = true
    log('interrupted: stopping after this step, then cleaning up…')
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  const stillOn = () => {
    if (interrupted) throw new Error('interrupted')
  }
  const set = await prepareTarget({
    baseUrl: opts.target,
    creds,
    bidders: opts.bidders ?? 20,
    lots: opts.lots ?? 50,
    log,
  })
  const rows = []
  const dashboards = []
  const notes = []
  let belowFloor = false
  const holders = set.tokens
  try {
    // The rush's stones: available ones, not the auction's; their holds are released afterwards.
    let rushStones = []
    if (opts.scenarios.includes('rush')) {
      rushStones = await availableStones(opts.target, set.staffToken, 5, new Set(set.made.stones))
      rushStones.forEach((id) => set.made.holds.add(id))
    }
    const data = join(dir, 'kit-data.json')
    writeFileSync(data, JSON.stringify({ lots: set.lots, tokens: set.tokens, stones: rushStones }))
    const env = { ...k6Env, BASE_URL: opts.target, DATA: data }

    let baseline
    const k6Row = async (script, name, label, extra = {}, outcome = () => '') => {
      stillOn()
      log(`${label}: ${rate}/s for ${duration} s (after ${rampUp} s ramp-up)…`)
      const r = await runK6(k6, script, { ...env, ...extra }, dir, name)
      dashboards.push(relative(dir, r.dashboard))
      if (!r.held) belowFloor = true
      rows.push(summaryRow(label, r.summary, { baseline, outcome: outcome(r.summary) }))
      return r.summary
    }
    const count = (s, m) => s.metrics[m]?.values.count ?? 0
    if (echoOn && k6) {
      baseline = await k6Row('kit-baseline.js', 'baseline', 'baseline: POST /web/v1/loadtest/echo (bare JSON POST)', {
        BASE_URL: `${opts.target}/web/v1/loadtest`,
      })
    }
    if (opts.scenarios.includes('bid'))
      await k6Row(
        'kit-bids.js',
        'bid',
        `bid: durable bids over ${set.lots.length} live lots`,
        // One VU per lot (bids.js gives VU n lot n mod lots): each bids its lot's minimum from its own
        // last answer, so every bid is valid; a bid due while every VU still waits for an answer is
        // dropped by k6 and reported.
        { SHAPE: 'spread', VUS: String(set.lots.length), MAX_VUS: String(set.lots.length) },
        (s) =>
          `${count(s, 'bids_accepted')} accepted, ${count(s, 'bids_refused')} refused, ${count(s, 'bids_errors')} errors`,
      )
    if (opts.scenarios.includes('rush'))
      await k6Row(
        'kit-rush.js',
        'rush',
        `hold rush on ${rushStones.length} stones`,
        { STONES: String(rushStones.length) },
        (s) => `${count(s, 'hold_wins')} won, ${count(s, 'hold_refusals')} refused, ${count(s, 'hold_errors')} errors`,
      )
    if (opts.scenarios.includes('search'))
      await k6Row(
        'kit-search.js',
        'search',
        'search: filters, totals, facets, a sorted page of 250',
        {},
        (s) => `${count(s, 'search_errors')} errors`,
      )
    if (opts.scenarios.includes('fanout')) {
      stillOn()
      const f = await measureRoomFanout({
        baseUrl: opts.target,
        lots: set.lots,
        tokens: set.tokens,
        sockets: opts.sockets ?? 200,
        rate: Math.min(rate, 40),
        bids: Math.min(rate, 40) * duration,
        windowMs: opts.windowMs ?? 25,
        bareLocal: isLoopback(opts.target),
        log,
      })
      notes.push(`Room fan-out (Node, ${f.threads} socket threads):\n\n${f.table}`)
      if (opts.maxP99 !== undefined && !(f.p99 < opts.maxP99)) {
        belowFloor = true
        notes.push(`**Below floor**: the room fan-out's p99 ${f.p99.toFixed(1)} ms ≥ --max-p99 ${opts.maxP99} ms.`)
      }
    }
  } finally {
    rmSync(join(dir, 'kit-data.json'), { force: true }) // it holds the bidders' tokens
    log('cleaning up: auctions withdrawn, stones back in stock, holds released, bidders deactivated…')
    const failed = await cleanupTarget(opts.target, set.made, {
      staffToken: set.staffToken,
      adminToken: set.adminToken,
      holders,
    })
    notes.push(
      failed.length
        ? `Clean-up left ${failed.length} things: ${failed.join('; ')}`
        : `Clean-up: ${set.made.auctions.length} auction withdrawn, ${set.made.stones.length} stones back in stock, ${set.made.holds.size} holds released, ${set.made.bidders.length} bidders deactivated.`,
    )
    const report = writeReport({
      title: 'Load kit report',
      when: new Date().toISOString(),
      target: opts.target,
      shape: `Open model: ramping-arrival-rate to ${rate}/s over ${rampUp} s, then ${duration} s at ${rate}/s, up to ${vus * 2} VUs per k6 scenario; generator load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores at the end. Floors: ${Object.keys(thresholds).length ? JSON.stringify(thresholds) : 'none set'}.`,
      rows,
      dashboards,
      notes,
    })
    writeFileSync(join(dir, 'report.md'), report)
    console.log(`\n${report}\nwritten to ${join(dir, 'report.md')}`)
  }
  if (belowFloor) log('below an operator-set floor: exit 1')
  return belowFloor ? 1 : 0
}
