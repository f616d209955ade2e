import { gt, isNull, lt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { Envelope, HealthData } from '@diamond/contracts/common'
import { AuthEventTypes } from '@diamond/contracts/events/auth'
import type { EventType } from '@diamond/contracts/events/index'
import { installAuth, type TokenService } from './auth'
import type { MessageBus } from './bus/types'
import type { PlatformConfig } from './config'
import { createDatabase, migrate, orm, RUNTIME_MIGRATIONS, type Database } from './db'
import {
  consumer,
  subscribeIdempotent,
  type Consumer,
  type ConsumerObserver,
  type IdempotentConsumer,
} from './consumer'
import { OutboxRelay } from './outbox'
import { periodic } from './periodic'
import { name } from './statements'
import { runtimeTables } from './tables'

/** What the host (a service's own server, the embedded portal, a test) hands to a service plugin. */
export interface ServiceContext {
  config: PlatformConfig
  bus: MessageBus
  tokens: TokenService
  /** Overrides DATABASE_URL for this service (each may have its own database). */
  databaseUrl?: string
}

export interface ServiceRuntime {
  name: string
  database: Database
  relay: OutboxRelay
  /** Runs the consumer from the service's start (onReady) to its close. */
  consume<K extends EventType>(c: Consumer<K>): void
  /**
   * Another pool on the service's database, closed with the service: for statements that want
   * connections set up otherwise (`settings`, e.g. a plan cache mode) without touching the main pool.
   */
  pool(opts: { max: number; name: string; settings?: Record<string, string> }): Database
}

const HOUSEKEEPING_MS = 10 * 60_000

/**
 * Published outbox rows are kept a week for inspection and replays; consumed event ids a month,
 * well past the bus's retention (Kafka keeps 7 days by default), so a redelivery is still known.
 */
async function purgeOld(database: Database) {
  const { outbox, consumedEvents, endedSessions } = runtimeTables(database.schema)
  await database.db.delete(outbox).where(lt(outbox.publishedAt, sql`now() - interval '7 days'`))
  await database.db.delete(endedSessions).where(lt(endedSessions.until, sql`now()`))
  await database.db.delete(consumedEvents).where(lt(consumedEvents.consumedAt, sql`now() - interval '30 days'`))
}

async function loadTokenFloors(database: Database, tokens: TokenService) {
  const { tokenFloors, endedSessions } = runtimeTables(database.schema)
  for (const r of await database.db.select().from(tokenFloors)) tokens.revoke(r.userId, r.minVersion)
  const ended = await database.db
    .select()
    .from(endedSessions)
    .where(gt(endedSessions.until, sql`now()`))
  for (const r of ended) tokens.endSession(r.sessionId, r.until.getTime())
}

/**
 * Every service refuses revoked tokens on its own: it learns each user's token floor from the
 * auth service's events and keeps it, so a restart does not bring dead tokens back.
 */
function revocations(database: Database, tokens: TokenService, service: string): IdempotentConsumer {
  const { tokenFloors, endedSessions } = runtimeTables(database.schema)
  return consumer(`${service}.sessions`)
    .on(AuthEventTypes.revoked, async ({ data: { userId, minVersion } }, { tx }) => {
      await orm(tx)
        .insert(tokenFloors)
        .values({ userId, minVersion })
        .onConflictDoUpdate({
          target: tokenFloors.userId,
          set: {
            minVersion: sql`greatest(${tokenFloors.minVersion}, excluded.${name(tokenFloors.minVersion)})`,
            updatedAt: sql`now()`,
          },
        })
      tokens.revoke(userId, minVersion)
    })
    .on(AuthEventTypes.ended, async ({ data: { userId, sessionId, until } }, { tx }) => {
      await orm(tx)
        .insert(endedSessions)
        .values({ sessionId, userId, until: new Date(until) })
        .onConflictDoNothing()
      tokens.endSession(sessionId, Date.parse(until))
    })
    .definition()
}

/**
 * The shared part of every service: its own schema and pool, migrations, the outbox relay, the
 * auth hook, idempotent consumers, and GET /<name>/health. Resources open here and close in onClose.
 */
export async function setupService(
  app: FastifyInstance,
  ctx: ServiceContext,
  def: { name: string; migrations: URL; extraChecks?: Record<string, () => Promise<boolean>> },
): Promise<ServiceRuntime> {
  const url = ctx.databaseUrl ?? ctx.config.DATABASE_URL
  const database = createDatabase(url, def.name, { name: def.name })
  // Each service reports into the host's one registry, labelled with its name.
  const metrics = app.hasDecorator('metrics') ? app.metrics : null
  const relay = new OutboxRelay(database.sql, def.name, ctx.bus, {
    log: app.log,
    onPublished: metrics
      ? (seconds, events) => {
          metrics.relayPublish.observe({ service: def.name }, seconds)
          const now = Date.now()
          for (const e of events)
            metrics.outboxDelay.observe({ service: def.name }, Math.max(0, now - Date.parse(e.time)) / 1000)
        }
      : undefined,
  })
  const subscriptions: { close(): Promise<void> }[] = []
  let relaying = false
  // Fastify runs onClose once the listener is closed and the last request answered: so what those
  // requests wrote is published, the consumers finish (and commit) the batch in hand, then the pool
  // closes. What cannot be published now (the database is gone) waits in the outbox for the next start.
  app.addHook('onClose', async () => {
    if (relaying) {
      await relay.stop()
      await relay
        .drain()
        .catch((err: unknown) =>
          app.log.warn({ err }, 'outbox not drained at shutdown; it is published at the next start'),
        )
    }
    await Promise.all(subscriptions.map((s) => s.close()))
    await database.end()
  })
  await migrate(database.sql, def.name, RUNTIME_MIGRATIONS)
  await migrate(database.sql, def.name, def.migrations)

  const unread = metrics?.outboxBacklog.read(def.name, async () => {
    const { outbox } = runtimeTables(database.schema)
    return database.db.$count(outbox, isNull(outbox.publishedAt))
  })
  // onClose hooks run last-registered first: this one before the pool closes above.
  app.addHook('onClose', () => unread?.())
  const observer: ConsumerObserver = {
    log: app.log,
    lag: metrics ? (group, seconds) => metrics.eventLag.observe({ group }, seconds) : undefined,
    batchFailed: metrics ? (group) => metrics.batchFailures.inc({ group }) : undefined,
  }
  const consumers: IdempotentConsumer[] = [revocations(database, ctx.tokens, def.name)]
  await loadTokenFloors(database, ctx.tokens)
  let ready = false
  app.addHook('onReady', async () => {
    await relay.start()
    relaying = true
    for (const c of consumers) subscriptions.push(await subscribeIdempotent(ctx.bus, database, c, observer))
    ready = true
  })
  // Draining: health says so at once (a load balancer stops sending), the work goes on until onClose.
  app.addHook('preClose', () => {
    ready = false
  })
  periodic(app, `${def.name} outbox housekeeping`, HOUSEKEEPING_MS, () => purgeOld(database), {
    firstAfterMs: HOUSEKEEPING_MS,
  })

  installAuth(app, ctx.tokens)

  app.get(
    `/${def.name}/health`,
    {
      config: { public: true },
      schema: { tags: ['health'], response: { 200: Envelope(HealthData), 503: Envelope(HealthData) } },
    },
    async (_req, reply) => {
      const checks: Record<string, boolean> = {
        database: await database.sql`select 1`.then(
          () => true,
          () => false,
        ),
        bus: await ctx.bus.healthy().catch(() => false),
        started: ready,
      }
      for (const [k, f] of Object.entries(def.extraChecks ?? {})) checks[k] = await f().catch(() => false)
      const ok = Object.values(checks).every(Boolean)
      return reply.status(ok ? 200 : 503).send({
        code: ok ? 'OK' : 'E_UNAVAILABLE',
        message: ok ? 'ready' : 'not ready',
        data: { service: def.name, status: ok ? 'ready' : ready ? 'degraded' : 'starting', checks },
      })
    },
  )

  return {
    name: def.name,
    database,
    relay,
    consume: (c) => void consumers.push(c.definition()),
    pool: (opts) => {
      const extra = createDatabase(url, def.name, opts)
      app.addHook('onClose', () => extra.end())
      return extra
    },
  }
}
