import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { AppError } from './errors'
import { isLoopback } from './request-id'

type Read = () => number | Promise<number>

/**
 * A gauge whose value is read when Prometheus scrapes, from whoever registered a reader for a label
 * (a service's outbox, a transport's connections): nothing is counted on the hot path.
 */
class ReadGauge {
  private readonly readers = new Map<string, Read>()
  constructor(registry: Registry, name: string, help: string, label: string) {
    const readers = this.readers
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [registry],
      async collect() {
        this.reset()
        for (const [value, read] of readers) {
          const n = await Promise.resolve()
            .then(read)
            .catch(() => NaN)
          this.set({ [label]: value }, n)
        }
      },
    })
  }
  /** Registers (or replaces) the reader of one label value; returns its removal. */
  read(labelValue: string, read: Read): () => void {
    this.readers.set(labelValue, read)
    return () => {
      if (this.readers.get(labelValue) === read) this.readers.delete(labelValue)
    }
  }
}

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const LAG = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300]

/**
 * The process's metrics in one registry (the embedded portal: every service in it; the distributed
 * mode: each process its own), served at GET /metrics in Prometheus' text format.
 */
export class Metrics {
  readonly registry = new Registry()
  /** Request rate (its _count) and latency per route pattern, never the raw URL. */
  readonly http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code: latency and (its _count) rate',
    labelNames: ['method', 'route', 'status_code'],
    buckets: SECONDS,
    registers: [this.registry],
  })
  /** How old an event is when a consumer group applies it (commit to handling). */
  readonly eventLag = new Histogram({
    name: 'event_consumer_lag_seconds',
    help: 'Age of an event when a consumer group handles it (event time to handling)',
    labelNames: ['group'],
    buckets: LAG,
    registers: [this.registry],
  })
  /**
   * Batches a consumer group could not apply in one transaction: the bus then applies their events
   * one at a time with the same outcome, so only this count (and a warning) shows a batch path that
   * keeps failing — each such batch costs a transaction per event.
   */
  readonly batchFailures = new Counter({
    name: 'event_consumer_batch_failures_total',
    help: 'Batches a consumer group could not apply in one transaction (their events then applied one at a time)',
    labelNames: ['group'],
    registers: [this.registry],
  })
  readonly relayPublish = new Histogram({
    name: 'outbox_relay_publish_seconds',
    help: 'Time the outbox relay takes to hand one claimed batch to the bus',
    labelNames: ['service'],
    buckets: SECONDS,
    registers: [this.registry],
  })
  readonly outboxDelay = new Histogram({
    name: 'outbox_event_delay_seconds',
    help: 'Time from an event being written to the outbox to the bus accepting it',
    labelNames: ['service'],
    buckets: LAG,
    registers: [this.registry],
  })
  readonly outboxBacklog = new ReadGauge(
    this.registry,
    'outbox_backlog',
    'Outbox rows not yet published, per service',
    'service',
  )
  readonly sockets = new ReadGauge(
    this.registry,
    'realtime_connections',
    'Open live connections per transport (socketio, ws)',
    'transport',
  )
  readonly bidQueue = new ReadGauge(
    this.registry,
    'bid_engine_queue_depth',
    'Bids decided by the bid engine and waiting to be taken into a commit',
    'service',
  )

  constructor() {
    collectDefaultMetrics({ register: this.registry })
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
  }
}

/** The route pattern a request matched ('unmatched' for a 404 outside every route). */
export function routeOf(req: FastifyRequest): string {
  return req.routeOptions?.url ?? 'unmatched'
}

/**
 * Who may read /metrics: with METRICS_TOKEN set, whoever sends `Authorization: Bearer <token>`
 * (Prometheus in another container); without it, only a scraper on this machine talking directly
 * (loopback, and no X-Forwarded-For: a request a local reverse proxy passes on is somebody else's).
 */
export function mayReadMetrics(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(req.headers.authorization ?? '')
    const wanted = Buffer.from(`Bearer ${token}`)
    return given.length === wanted.length && timingSafeEqual(given, wanted)
  }
  return isLoopback(req.socket.remoteAddress) && req.headers['x-forwarded-for'] === undefined
}

export function installMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.decorate('metrics', metrics)
  app.addHook('onResponse', (req, reply, done) => {
    metrics.http.observe(
      { method: req.method, route: routeOf(req), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    )
    done()
  })
  app.get(
    '/metrics',
    { config: { public: true }, schema: { hide: true }, logLevel: 'warn' },
    async (req: FastifyRequest, reply: FastifyReply) => {
      // Not found rather than forbidden: an outsider learns nothing about the route.
      if (!mayReadMetrics(req, token)) throw new AppError('E_NOT_FOUND')
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics())
    },
  )
}
