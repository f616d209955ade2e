import { fileURLToPath } from 'node:url'
import { Type, type Static } from 'typebox'
import { loadConfig } from '@diamond/runtime/config'

const url = (port: number) => Type.String({ pattern: '^https?://', default: `http://127.0.0.1:${port}` })

export const GatewayConfig = Type.Object({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8080 }),
  WEB_DIST: Type.String({ default: fileURLToPath(new URL('../../../web/dist/', import.meta.url)) }),
  /**
   * How long each connection's stone status changes are gathered into one `stones.status` message
   * (stones it watches and the stock feed alike), and each auction room's news per lot (the newest
   * high, extension and result) and each user's bid positions: the added latency of a push, at most.
   */
  GATEWAY_PUSH_WINDOW_MS: Type.Integer({ minimum: 5, maximum: 1000, default: 25 }),
  /** Bytes waiting to be written to a socket above which its batches wait and coalesce. */
  GATEWAY_PUSH_MAX_BUFFERED_BYTES: Type.Integer({ minimum: 1024, maximum: 64 * 1024 * 1024, default: 64 * 1024 }),
  /**
   * The stock service's media hosts, read here as well: the Content-Security-Policy allows the
   * absolute ones as image sources (relative ones are the portal itself).
   */
  STOCK_IMAGE_HOST: Type.Optional(Type.String()),
  STOCK_PLOTTING_HOST: Type.Optional(Type.String()),
  STOCK_VIDEO_HOST: Type.Optional(Type.String()),
  STOCK_CERTIFICATE_HOST: Type.Optional(Type.String()),
  STOCK_XRAY_HOST: Type.Optional(Type.String()),
  /** Serve the API documentation (/web/v1/docs, /web/v1/openapi.json): on unless NODE_ENV is production. */
  API_DOCS: Type.Optional(Type.Boolean()),
  AUTH_URL: url(3101),
  STOCK_URL: url(3102),
  BIDDING_URL: url(3103),
  APPOINTMENTS_URL: url(3104),
  NOTIFICATIONS_URL: url(3105),
})
export type GatewayConfig = Static<typeof GatewayConfig>
export const loadGatewayConfig = (env = process.env) => loadConfig(GatewayConfig, env)

/** Production keeps its API documentation to itself unless API_DOCS=true; elsewhere it is on unless API_DOCS=false. */
export const apiDocsEnabled = (gw: GatewayConfig, nodeEnv: string) => gw.API_DOCS ?? nodeEnv !== 'production'

export const SERVICES = ['auth', 'stock', 'bidding', 'appointments', 'notifications'] as const
export type ServiceName = (typeof SERVICES)[number]

export function serviceUrls(c: GatewayConfig): Record<ServiceName, string> {
  return { auth: c.AUTH_URL, stock: c.STOCK_URL, bidding: c.BIDDING_URL, appointments: c.APPOINTMENTS_URL, notifications: c.NOTIFICATIONS_URL }
}

export function mediaHosts(c: GatewayConfig): string[] {
  return [c.STOCK_IMAGE_HOST, c.STOCK_PLOTTING_HOST, c.STOCK_VIDEO_HOST, c.STOCK_CERTIFICATE_HOST, c.STOCK_XRAY_HOST].filter((h): h is string => !!h)
}
