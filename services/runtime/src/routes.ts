import type { IncomingMessage, ServerResponse } from 'node:http'
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginOptions,
  RawServerDefault,
} from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'

/**
 * The Fastify instance a routes plugin gets: each route's `request.body`, `request.query`,
 * `request.params` and `request.headers` have the static type of the TypeBox schema the route
 * declares for them, and what the handler answers is checked against its response schemas. Only
 * the types change: validation stays with the server's Ajv (see createHttpServer).
 */
export type RouteApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>

/** A plugin made by defineRoutes, registered as any other: `await app.register(orderRoutes, { orders })`. */
export type RoutesPlugin<Options extends FastifyPluginOptions> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  TypeBoxTypeProvider
>

/**
 * A plugin of routes, typed by their schemas:
 *
 *     export default defineRoutes(function orderRoutes(app, { orders }: { orders: OrderService }) {
 *       app.post('/order/view', { schema: { body: OrderId, response: { 200: Envelope(Order) } } }, async (req) =>
 *         ok(await orders.order(principal(req), req.body.id)))
 *     })
 *
 * Adding routes is synchronous, so `register` need not be async (a plugin that registers another
 * plugin first may be). Whatever it throws fails the registration, as an async plugin's would.
 * The function's name stays the plugin's name in Fastify's errors and plugin tree.
 */
export function defineRoutes<Options extends FastifyPluginOptions = Record<never, never>>(
  register: (app: RouteApp, opts: Options) => void | Promise<void>,
): RoutesPlugin<Options> {
  const plugin: RoutesPlugin<Options> = async (app, opts) => {
    await register(app, opts)
  }
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: register.name })
}
