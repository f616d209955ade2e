import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AuthEventTypes, type SessionRevoked } from '@diamond/contracts/events/auth'
import { freshDatabase } from '../../../test/db'
import { MemoryBus } from '../src/bus/memory'
import type { Subscription } from '../src/bus/types'
import { consumer, subscribeIdempotent } from '../src/consumer'
import { createDatabase, migrate, RUNTIME_MIGRATIONS, type Database } from '../src/db'
import { newEvent } from '../src/outbox'
import { waitFor } from './wait'

const revoked = (minVersion: number) => {
  const data: SessionRevoked = { userId: randomUUID(), minVersion, reason: 'test' }
  return newEvent('auth', AuthEventTypes.revoked, data.userId, data)
}

describe("an idempotent consumer's work after its commit", () => {
  let database: Database
  let bus: MemoryBus
  let open: Subscription[] = []

  beforeAll(async () => {
    database = createDatabase(await freshDatabase('consumer'), 'svc', { max: 4 })
    await migrate(database.sql, 'svc', RUNTIME_MIGRATIONS)
    await database.sql.unsafe(`create table svc.effects (event_id uuid primary key)`)
  })
  afterAll(async () => {
    await database?.end()
  })
  beforeEach(() => {
    bus = new MemoryBus({ delivery: { attempts: 3, backoffMs: 1 } })
  })
  afterEach(async () => {
    await Promise.all(open.map((s) => s.close()))
    open = []
    await bus.close()
  })

  /** Whether another connection sees the event's effect: only a committed one. */
  const committed = async (eventId: string) =>
    (await database.sql`select 1 from svc.effects where event_id = ${eventId}`).length === 1

  it('runs once the effect is committed, and once only although the event comes twice', async () => {
    const ran: { id: string; sawEffect: Promise<boolean> }[] = []
    const c = consumer(`svc.${randomUUID()}`).on(AuthEventTypes.revoked, async ({ id }, { tx, afterCommit }) => {
      await tx`insert into svc.effects (event_id) values (${id})`
      afterCommit(() => void ran.push({ id, sawEffect: committed(id) }))
      // Work run too early would look while this transaction still runs, and see nothing.
      await tx`select pg_sleep(0.1)`
    })
    open.push(await subscribeIdempotent(bus, database, c.definition()))
    // One key: the copy of the first event is handled before the second event.
    const first = revoked(1)
    const second = { ...revoked(2), key: first.key }
    await bus.publish([first, first, second])
    await waitFor(() => ran.some((r) => r.id === second.id), 10_000, 'the work after the second commit')
    expect(ran.map((r) => r.id)).toEqual([first.id, second.id])
    expect(await Promise.all(ran.map((r) => r.sawEffect))).toEqual([true, true])
  })

  it('drops the work of an attempt that rolled back: only the attempt that committed runs it', async () => {
    let attempts = 0
    const ran: number[] = []
    const c = consumer(`svc.${randomUUID()}`).on(AuthEventTypes.revoked, async ({ id }, { tx, afterCommit }) => {
      const attempt = ++attempts
      await tx`insert into svc.effects (event_id) values (${id})`
      afterCommit(() => void ran.push(attempt))
      if (attempt === 1) throw new Error('first attempt fails after registering its work')
    })
    open.push(await subscribeIdempotent(bus, database, c.definition()))
    await bus.publish([revoked(1)])
    await waitFor(() => ran.length > 0, 10_000, 'the work after the commit')
    expect(ran).toEqual([2])
  })

  it('runs the work of every event of a batch once the batch committed', async () => {
    const ran: string[] = []
    const c = consumer(`svc.${randomUUID()}`)
      .on(AuthEventTypes.revoked, () => {
        throw new Error('events waiting together go through the batch handler')
      })
      .batch(50, async (events, { tx, afterCommit }) => {
        for (const { id } of events) {
          await tx`insert into svc.effects (event_id) values (${id})`
          afterCommit(() => void ran.push(id))
        }
      })
    open.push(await subscribeIdempotent(bus, database, c.definition()))
    const userId = randomUUID()
    const events = Array.from({ length: 5 }, (_, n) =>
      newEvent('auth', AuthEventTypes.revoked, userId, { userId, minVersion: n + 1, reason: 'test' }),
    )
    await bus.publish(events)
    await waitFor(() => ran.length === events.length, 10_000, 'the work after the batch')
    expect(ran).toEqual(events.map((e) => e.id))
    for (const e of events) expect(await committed(e.id)).toBe(true)
  })
})
