import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  parseArgs,
  parseCredentials,
  summaryRow,
  thresholdsOf,
  UsageError,
  writeReport,
  type K6Summary,
} from '../loadtest/kit-lib.mjs'
import { describeThreads, keptUp } from '../loadtest/generator.mjs'

const root = new URL('..', import.meta.url).pathname

/** The UsageError `fn` throws: the field it names and its message. */
function refusal(fn: () => unknown) {
  try {
    fn()
  } catch (e) {
    if (e instanceof UsageError) return { field: e.field, message: e.message }
    throw e
  }
  throw new Error('no refusal')
}

describe('the load kit command line', () => {
  it('without --target keeps today’s run (its own portal), every scenario', () => {
    expect(parseArgs([])).toEqual({ help: false, scenarios: ['bid', 'rush', 'search', 'fanout'] })
  })

  it('reads --name value and --name=value, numbers and the scenario list', () => {
    const a = parseArgs([
      '--target',
      'https://portal.example.com/',
      '--credentials=creds.json',
      '--scenarios',
      'bid,fanout,bid',
      '--rate',
      '120',
      '--max-p99=250',
      '--max-errors',
      '0.01',
    ])
    expect(a).toMatchObject({
      target: 'https://portal.example.com',
      credentials: 'creds.json',
      scenarios: ['bid', 'fanout'],
      rate: 120,
      maxP99: 250,
      maxErrors: 0.01,
    })
  })

  it('takes a flag from its LOADTEST_* variable when the command line has none (a CI job)', () => {
    const a = parseArgs(['--rate', '10'], {
      LOADTEST_TARGET: 'http://127.0.0.1:3000',
      LOADTEST_CREDENTIALS: 'c.json',
      LOADTEST_RATE: '99',
      LOADTEST_MIN_RATE: '40',
    })
    expect(a).toMatchObject({ target: 'http://127.0.0.1:3000', credentials: 'c.json', rate: 10, minRate: 40 })
  })

  it('refuses what it cannot run, naming the flag', () => {
    expect(refusal(() => parseArgs(['--target', 'portal.example.com', '--credentials', 'c']))).toMatchObject({
      field: '--target',
    })
    expect(refusal(() => parseArgs(['--target', 'ftp://x', '--credentials', 'c'])).field).toBe('--target')
    expect(refusal(() => parseArgs(['--target', 'http://x'])).field).toBe('--credentials')
    expect(refusal(() => parseArgs(['--rate'])).field).toBe('--rate')
    expect(refusal(() => parseArgs(['--rate', 'fast'])).message).toMatch(/--rate: must be a number from 1/)
    expect(refusal(() => parseArgs(['--max-errors', '2'])).field).toBe('--max-errors')
    expect(refusal(() => parseArgs(['--scenarios', 'bid,chaos'])).message).toMatch(/unknown chaos/)
    expect(refusal(() => parseArgs(['--speed', '3'])).field).toBe('--speed')
    expect(refusal(() => parseArgs(['now'])).field).toBe('now')
  })

  it('turns the operator’s floors into k6 thresholds, none by default', () => {
    expect(thresholdsOf(parseArgs([]))).toEqual({})
    expect(
      thresholdsOf(parseArgs(['--max-p95', '100', '--max-p99', '250', '--max-errors', '0', '--min-rate', '40'])),
    ).toEqual({
      http_req_duration: ['p(95)<100', 'p(99)<250'],
      http_req_failed: ['rate<=0'],
      http_reqs: ['rate>=40'],
    })
  })
})

describe('the credentials file', () => {
  it('reads the committed example for the demo portal', () => {
    const c = parseCredentials(readFileSync(`${root}loadtest/credentials.example.json`, 'utf8'))
    expect(c).toEqual({
      staff: { username: 'sales1', password: 'Diamond@2026' },
      admin: { username: 'admin1', password: 'Diamond@2026' },
      buyers: [],
      mailbox: 'dev',
      captcha: '1234',
    })
  })

  it('takes tokens instead of passwords, and buyers instead of an admin', () => {
    const c = parseCredentials(
      JSON.stringify({ staff: { token: 'S' }, buyers: [{ token: 'A' }, { token: 'B' }], mailbox: 'none' }),
    )
    expect(c).toEqual({ staff: { token: 'S' }, admin: null, buyers: [{ token: 'A' }, { token: 'B' }], mailbox: 'none' })
  })

  it('refuses a file it could not use, naming the field', () => {
    const field = (text: string) => refusal(() => parseCredentials(text)).field
    expect(field('{')).toBe('credentials')
    expect(field('[]')).toBe('credentials')
    expect(field('{}')).toBe('staff')
    expect(field(JSON.stringify({ staff: { username: 'sales1' }, admin: { token: 'x' } }))).toBe('staff.password')
    expect(field(JSON.stringify({ staff: { token: 's' }, admin: { token: 'a' }, mailbox: 'imap' }))).toBe('mailbox')
    expect(field(JSON.stringify({ staff: { token: 's' } }))).toBe('admin')
    expect(field(JSON.stringify({ staff: { token: 's' }, buyers: {} }))).toBe('buyers')
    expect(field(JSON.stringify({ staff: { token: 's' }, buyers: [{ token: 'a' }], mailbox: 'none' }))).toBe('buyers')
    expect(
      field(
        JSON.stringify({
          staff: { username: 'u', password: 'p' },
          buyers: [{ token: 'a' }, { token: 'b' }],
          mailbox: 'none',
        }),
      ),
    ).toBe('mailbox')
    expect(field(JSON.stringify({ staff: { token: 's' }, buyers: [{ token: 'a' }, 'b'] }))).toBe('buyers[1]')
  })
})

describe('the report', () => {
  const summary = (o: { rate: number; p99: number; dropped?: number; crossed?: boolean }): K6Summary => ({
    metrics: {
      http_reqs: { values: { rate: o.rate, count: o.rate * 30 } },
      http_req_duration: {
        values: { med: 2, 'p(95)': 4.25, 'p(99)': o.p99, max: 50 },
        ...(o.crossed !== undefined ? { thresholds: { 'p(99)<10': { ok: !o.crossed } } } : {}),
      },
      http_req_failed: { values: { rate: 0.001 } },
      iterations: { values: { count: 1490 } },
      ...(o.dropped ? { dropped_iterations: { values: { count: o.dropped } } } : {}),
    },
  })

  it('gives throughput, p50/p95/p99, p99 against the baseline’s and that the generator kept up', () => {
    const base = summary({ rate: 50, p99: 4 })
    expect(summaryRow('bid', summary({ rate: 49.6, p99: 12 }), { baseline: base, outcome: '1490 accepted' })).toBe(
      '| bid | 50/s | 2.0 / 4.3 / 12.0 ms | 3.0× | 0.10% | 1490 accepted; generator kept up (0 dropped) |',
    )
    expect(summaryRow('baseline', base, { baseline: base })).toContain('| 2.0 / 4.3 / 4.0 ms |  |')
  })

  it('says when the generator did not keep up and when a floor was crossed', () => {
    const row = summaryRow('search', summary({ rate: 40, p99: 30, dropped: 10, crossed: true }))
    expect(row).toContain('**generator did not keep up**: 10 of 1500 iterations dropped')
    expect(row).toContain('**below floor**: http_req_duration p(99)<10')
    expect(summaryRow('search', summary({ rate: 40, p99: 3, crossed: false }))).not.toContain('below floor')
  })

  it('puts the table, links to the dashboards beside it and the notes in one Markdown page', () => {
    const md = writeReport({
      title: 'Load kit report',
      when: '2026-11-27T10:00:00.000Z',
      target: 'https://portal.example.com',
      shape: 'Open model.',
      rows: ['| a | 1/s | 1 / 2 / 3 ms |  | 0.00% | |'],
      dashboards: ['bid.html'],
      notes: ['Clean-up: done.'],
    })
    expect(md.split('\n')).toEqual([
      '# Load kit report',
      '',
      'Target https://portal.example.com, 2026-11-27T10:00:00.000Z. Open model.',
      '',
      '| scenario | throughput | p50 / p95 / p99 | p99 ÷ baseline p99 (same rate) | failed | outcome / generator |',
      '|---|---|---|---|---|---|',
      '| a | 1/s | 1 / 2 / 3 ms |  | 0.00% | |',
      '',
      'k6 web dashboards (throughput and latency over time), beside this report:',
      '',
      '- [bid.html](bid.html)',
      '',
      'Clean-up: done.',
      '',
    ])
  })
})

describe('whether a generator kept up', () => {
  const t = (busy: number, delayP99Ms: number, cpu: number | null = busy) => ({ busy, cpu, delayP99Ms, delayMaxMs: 0 })

  it('only when every thread was busy at most 80 % and read late at most 10 ms (p99)', () => {
    expect(keptUp([t(0.1, 2), t(0.8, 10)])).toBe(true)
    expect(keptUp([t(0.1, 2), t(0.81, 3)])).toBe(false)
    expect(keptUp([t(0.2, 10.5)])).toBe(false)
    expect(keptUp([])).toBe(false)
  })

  it('prints each thread’s busy share, CPU and lateness', () => {
    expect(describeThreads([t(0.49, 52.9, 0.11), t(0.07, 2.04, null)])).toBe(
      'busy 49% / 7%, CPU 11% / ?, read late p99 52.9 / 2.0 ms',
    )
  })
})
