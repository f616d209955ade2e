import type { FastifyInstance } from 'fastify'
import type { ServiceContext } from './service'

/**
 * The portal's services: the one list every host reads. The embedded portal mounts them in this
 * order (services/portal/src/portal.ts), `npm run stack` starts one process each (stack.ts), the
 * gateway routes /web/v1/<segment> calls to the one that owns the segment and finds it at
 * <NAME>_URL (default http://127.0.0.1:<port>), and docker-compose.yml is generated from it.
 *
 * Adding a service:
 *   1. an entry here: its name, port and the first path segments of its calls;
 *   2. its folder, services/<name>/, a workspace named @diamond/<name> with src/app.ts (the plugin,
 *      and `export const service` saying how a host mounts it), src/config.ts (<NAME>_PORT, whose
 *      default is `portOf('<name>')`), src/server.ts and migrations/;
 *   3. `npm run compose` to write docker-compose.yml again, and the lines the Dockerfile keeps per
 *      service (its unit test names any that are missing).
 * The tests hold the rest together: every route a service declares must be owned by it here
 * (services/portal/test/routing.int.test.ts), and docker-compose.yml must be what the registry makes.
 */
export const SERVICES = [
  {
    name: 'auth',
    port: 3101,
    paths: [
      'auth',
      'guest',
      'register',
      'user',
      'user-setting',
      'setting',
      'project-setting',
      'account',
      'verifyfingerprint',
      'resend-fp-otp',
      'admin',
      'upload-file',
      'address',
      // issue 25: the member directory, follow, ratings
      'member',
      // issue 25: My account → Manufacturing, the company's facilities (company/facility/*)
      'company',
    ],
  },
  {
    name: 'stock',
    port: 3102,
    paths: [
      'stock',
      'diamond',
      'diamond-track',
      'diamond-comment',
      'diamond-demand',
      'memo',
      'diamond-block',
      'diamond-block-master',
      'rap-price',
      'download-full-stock',
      'download-file',
      'diamond-confirm',
      'match-pair',
      'shipping-detail',
      'diamond-media',
      'order',
      'seller',
      'article',
      'article-media',
      // Dashboards (issue 25): stone views and searches counted, and read, beside the stones.
      'analytics',
      'hit-counter',
      // Issue 26: enquiry conversations.
      'diamond-enquiry',
    ],
    // The spec names the dashboard under user/, whose other calls are auth's: stock builds it.
    calls: ['user/dashboard'],
    // Stone media live in S3: SeaweedFS under Docker unless STOCK_S3_ENDPOINT names another.
    compose: {
      needs: ['seaweedfs'],
      environment: {
        STOCK_S3_ENDPOINT: '${STOCK_S3_ENDPOINT:-http://seaweedfs:8333}',
        STOCK_S3_BUCKET: '${STOCK_S3_BUCKET:-diamond-media}',
        STOCK_S3_ACCESS_KEY_ID: '${S3_ACCESS_KEY_ID:-diamond}',
        STOCK_S3_SECRET_ACCESS_KEY: '${S3_SECRET_ACCESS_KEY:-diamond-secret-key}',
      },
    },
  },
  { name: 'bidding', port: 3103, paths: ['bidding', 'bid-cart', 'dynamic-diamond-bid', 'diamond-bid'] },
  {
    name: 'appointments',
    port: 3104,
    paths: ['appointments', 'cabin-schedule', 'cabin-slot', 'show-selection', 'viewing-request'],
  },
  {
    name: 'notifications',
    port: 3105,
    paths: [
      'notifications',
      'notification',
      'banner',
      'country',
      'state',
      'city',
      'master',
      'common',
      'event',
      // Issue 25: customer care and the portal's own content.
      'feedback',
      'concierge',
      'contact',
      'faq',
      'page',
      'dev',
    ],
    // Mail leaves through SMTP: Mailpit under Docker unless SMTP_URL names a real relay.
    compose: {
      needs: ['mailpit'],
      environment: {
        SMTP_URL: '${SMTP_URL:-smtp://mailpit:1025}',
        MAIL_FROM: '${MAIL_FROM:-Diamond Portal <no-reply@localhost>}',
        MAIL_REPLY_TO: '${MAIL_REPLY_TO:-}',
        PUBLIC_URL: '${PUBLIC_URL:-http://localhost:8080}',
      },
    },
  },
] as const satisfies readonly ServiceEntry[]

export interface ServiceEntry {
  /** The service's name: its folder, its workspace (@diamond/<name>), its schema and its health route. */
  name: string
  /** Where it listens when it runs alone (<NAME>_PORT overrides it). */
  port: number
  /** First path segments under /web/v1 that it answers; its own name is always one of them. */
  paths: readonly string[]
  /** Whole calls (`segment/name`) it answers under a segment another service owns; they route before segments. */
  calls?: readonly string[]
  /** What its container needs beyond the shared environment (docker-compose.yml). */
  compose?: { needs?: readonly string[]; environment?: Readonly<Record<string, string>> }
}

export type ServiceName = (typeof SERVICES)[number]['name']

export const SERVICE_NAMES: readonly ServiceName[] = SERVICES.map((s) => s.name)

/** The gateway: the one port of the portal open to browsers and API clients. */
export const GATEWAY_PORT = 8080

/** A service's default port. */
export function portOf(name: ServiceName): number {
  return SERVICES.find((s) => s.name === name)!.port
}

/** The environment variable prefix of a service's own settings: AUTH_, STOCK_, ... */
export const envPrefix = (name: string) => `${name.toUpperCase()}_`

/**
 * What a service's folder exports (`service` in its src/app.ts) so that a host mounts it without
 * knowing it: its plugin, and its own options read and validated from the environment.
 */
export interface ServiceModule<O extends object = object> {
  name: ServiceName
  plugin(app: FastifyInstance, opts: ServiceContext & O): Promise<void>
  /** The service's own options, read and validated from the environment (its <NAME>_ variables). */
  options(env: Record<string, string | undefined>): O
}

/** Typed in the service's own app.ts; hosts see it as a ServiceModule of unknown options. */
export const defineService = <O extends object>(m: ServiceModule<O>): ServiceModule<O> => m
