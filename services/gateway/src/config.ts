import { fileURLToPath } from 'node:url'
import { Type, type Static } from 'typebox'
import { loadConfig } from '@diamond/runtime/config'
import {
  envPrefix,
  GATEWAY_PORT,
  SERVICE_NAMES,
  SERVICES as REGISTRY,
  type ServiceName,
} from '@diamond/runtime/registry'

const url = (port: number) => Type.String({ pattern: '^https?://', default: `http://127.0.0.1:${port}` })

type UrlVar = `${Uppercase<ServiceName>}_URL`
const urlVar = (name: ServiceName) => `${envPrefix(name)}URL` as UrlVar
/** Where each service of the registry answers (distributed mode): AUTH_URL, STOCK_URL, ... */
const SERVICE_URLS = Object.fromEntries(REGISTRY.map((s) => [urlVar(s.name), url(s.port)])) as Record<
  UrlVar,
  ReturnType<typeof url>
>

export const GatewayConfig = Type.Object({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: GATEWAY_PORT }),
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
  /**
   * POST /web/v1/loadtest/echo, the load kit's bare JSON POST baseline on this deployment (issue 27):
   * off unless set to true, for the time of a measured run (it answers without a token).
   */
  LOADTEST_ECHO: Type.Boolean({ default: false }),
  ...SERVICE_URLS,
})
export type GatewayConfig = Static<typeof GatewayConfig>
export const loadGatewayConfig = (env = process.env) => loadConfig(GatewayConfig, env)

/** Production keeps its API documentation to itself unless API_DOCS=true; elsewhere it is on unless API_DOCS=false. */
export const apiDocsEnabled = (gw: GatewayConfig, nodeEnv: string) => gw.API_DOCS ?? nodeEnv !== 'production'

/** The services behind the gateway, by name, in the registry's order. */
export const SERVICES = SERVICE_NAMES
export type { ServiceName }

export function serviceUrls(c: GatewayConfig): Record<ServiceName, string> {
  return Object.fromEntries(SERVICE_NAMES.map((name) => [name, c[urlVar(name)]])) as Record<ServiceName, string>
}

export function mediaHosts(c: GatewayConfig): string[] {
  return [
    c.STOCK_IMAGE_HOST,
    c.STOCK_PLOTTING_HOST,
    c.STOCK_VIDEO_HOST,
    c.STOCK_CERTIFICATE_HOST,
    c.STOCK_XRAY_HOST,
  ].filter((h): h is string => !!h)
}
