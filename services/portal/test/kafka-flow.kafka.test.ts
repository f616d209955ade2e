import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { io, type Socket } from 'socket.io-client'
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest'
import { KafkaBus } from '@diamond/runtime'
// @ts-expect-error plain ESM script without types
import { restartablePort } from '../../../infra/child.mjs'
// @ts-expect-error plain ESM script without types
import { startKafka } from '../../../infra/kafka.mjs'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

const sockets: Socket[] = []
const portals: TestPortal[] = []
afterAll(() => sockets.forEach((s) => s.disconnect()))
/**
 * A test's portal goes when the test ends, passed or failed: consumers join groups by name
 * (`stock.demand-match`), so a portal left running beside the next one on the same broker would take
 * half the partitions of the next one's topics, and with them events of the next one's database.
 */
afterEach(async () => {
  for (const portal of portals.splice(0)) await portal.close()
})

async function watch(portal: TestPortal, token: string, stoneId: string) {
  const socket = io(portal.base, { transports: ['websocket'], auth: { token }, reconnection: false })
  sockets.push(socket)
  await new Promise<void>((resolve, reject) => socket.on('connect', resolve).on('connect_error', reject))
  const seen: { id: string; availability: string }[] = []
  socket.on('stones.status', (m: { changes: { id: string; availability: string }[] }) => seen.push(...m.changes))
  await new Promise((r) => socket.emit('stones.watch', { ids: [stoneId] }, r))
  return seen
}

describe('the portal on a real Kafka broker', () => {
  it('carries a hold from the outbox through Kafka to a watching browser', async () => {
    const bus = new KafkaBus({ brokers: inject('kafkaBrokers').split(','), clientId: 'flow-test' })
    await bus.start()
    const portal = await startTestPortal({ stones: 20, bus })
    portals.push(portal)
    const [b1, b2] = await Promise.all([portal.login('buyer1'), portal.login('buyer2')])
    const [stone] = await portal.stones(b1, 1)
    const seen = await watch(portal, b2, stone!.id)
    expect((await portal.call('diamond/hold', { id: stone!.id }, b1)).body.code).toBe('OK')
    await waitFor(() => seen.find((s) => s.availability === 'H'), 20_000, 'push through Kafka')
    // The same event reached the other services' consumers through Kafka too.
    await waitFor(
      async () =>
        (await portal.sql`select 1 from bidding.stone_status where stone_id = ${stone!.id} and w_sts = 'H'`).length,
      20_000,
      'bidding projection',
    )
    await waitFor(async () => (await portal.call('notification/list', {}, b1)).body.data.count === 1, 20_000, 'notice')
  })

  it("takes a seller's upload through Kafka: buyers are told of the arrivals, the next search finds them, a matching demand is told", async () => {
    const bus = new KafkaBus({ brokers: inject('kafkaBrokers').split(','), clientId: 'upload-flow-test' })
    await bus.start()
    const portal = await startTestPortal({ stones: 20, bus })
    portals.push(portal)
    const [seller, buyer] = await Promise.all([portal.login('seller1'), portal.login('buyer1')])
    const tag = randomBytes(3).toString('hex').toUpperCase()
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10)
    const demand = await portal.call(
      'diamond-demand/create',
      {
        title: `Cushion ${tag}`,
        tillDate: day,
        filter: { shpNm: ['CUSHION'], crt: { from: 2.31, to: 2.33 }, colNm: ['F'] },
      },
      buyer,
    )
    expect(demand.body.code).toBe('OK')
    // A buyer's open grid: its socket is told how many stones arrived.
    const socket = io(portal.base, { transports: ['websocket'], auth: { token: buyer }, reconnection: false })
    sockets.push(socket)
    await new Promise<void>((resolve, reject) => socket.on('connect', resolve).on('connect_error', reject))
    let arrived = 0
    socket.on('stones.arrived', (m: { count: number }) => (arrived += m.count))

    // 30 trade rows, one of them wanted, previewed and then committed by the real route.
    const row = (n: number, shape: string, carat: string, color: string) =>
      `KF-${tag}-${n},${shape},${carat},${color},VS1,Excellent,EX,VG,None,GIA,-30,None`
    const csv = [
      'Stock #,Shape,Weight,Color,Clarity,Cut,Polish,Symmetry,Fluorescence Intensity,Lab,Rap %,Treatment',
      ...Array.from({ length: 30 }, (_, n) => (n === 11 ? row(n, 'Cushion', '2.32', 'F') : row(n, 'BR', '1.01', 'G'))),
    ].join('\r\n')
    const preview = await portal.previewCsv(csv, seller)
    expect(preview.code).toBe('OK')
    expect(preview.data.report.added).toBe(30)
    const committed = await portal.call('seller/inventory/commit', { id: preview.data.id }, seller)
    expect(committed.body.data).toMatchObject({ status: 'committed', report: { added: 30 } })

    // The next search sees every new stone.
    const found = await portal.call('diamond/quick-search', { search: `KF-${tag}-11` }, buyer)
    expect(found.body.data.list.map((s: { stoneId: string }) => s.stoneId)).toContain(`KF-${tag}-11`)
    // The commit's bulk events went through the broker: to the gateway (the buyer's socket), to
    // notifications (the demand's notice, matched by stock's consumer of the same events).
    await waitFor(() => arrived >= 30, 20_000, 'stones.arrived pushed through Kafka')
    const notice = await waitFor(
      async () =>
        (
          (await portal.call('notification/list', { limit: 50 }, buyer)).body.data.list as {
            kind: string
            params: { demandId?: string; vStnId?: string }
          }[]
        ).find((n) => n.kind === 'demand.matched' && n.params.demandId === demand.body.data.id),
      20_000,
      'the demand.matched notice',
    )
    expect(notice.params.vStnId).toBeTruthy()
  })

  it('keeps taking holds while Kafka is down and delivers their events when it is back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'diamond-kafka-outage-'))
    // Kafka restarts on this port and the next (its controller): outside the ephemeral range, so
    // no outgoing connection can take one while the broker is down.
    const port = await restartablePort(2)
    let kafka = await startKafka({ port, dataDir: dir })
    try {
      const bus = new KafkaBus({ brokers: kafka.brokers, clientId: 'outage-test' })
      await bus.start()
      const portal = await startTestPortal({ stones: 20, bus })
      portals.push(portal)
      const [b1, b2] = await Promise.all([portal.login('buyer1'), portal.login('buyer2')])
      const [stone] = await portal.stones(b1, 1)
      const seen = await watch(portal, b2, stone!.id)

      await kafka.stop()
      const health = () => fetch(`${portal.base}/web/v1/health`).then((r) => r.json() as Promise<{ code: string }>)
      await waitFor(async () => (await health()).code === 'E_UNAVAILABLE', 20_000, 'health to report the broker down')
      // The hold is the database's business: it succeeds, and its event waits in the outbox.
      expect((await portal.call('diamond/hold', { id: stone!.id }, b1)).body.code).toBe('OK')
      const [pending] =
        await portal.sql`select count(*)::int as n from stock.outbox where key = ${stone!.id} and published_at is null`
      expect(pending!.n).toBe(1)

      kafka = await startKafka({ port, dataDir: dir })
      await waitFor(() => seen.find((s) => s.availability === 'H'), 90_000, 'the held event after the broker returned')
      await waitFor(async () => (await health()).code === 'OK', 30_000, 'health to recover')
    } finally {
      await kafka.stop()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
