import type { FastifyInstance } from 'fastify'

/** How long a shutdown may take in all: orchestrators (Docker, Kubernetes) kill after 10 s. */
export const SHUTDOWN_GRACE_MS = 9_000

/**
 * Closes the server on SIGINT or SIGTERM, in order, then ends the process:
 *  1. The listener closes (new connections are refused) and every answer from then on says
 *     `Connection: close`; requests already read, and those already on their way over an open
 *     connection, are answered in full (Fastify's close, with return503OnClosing off).
 *  2. Once the last connection is done, the resources close in their `onClose` hooks: relays
 *     (a last publish), consumers (the batch in hand is finished and committed), sockets, pools.
 *  3. `after` (the embedded PostgreSQL) stops last, and the process exits 0.
 * Whatever is still open 2 s before the deadline is cut; at the deadline the process exits 1.
 */
export function closeOnSignals(
  app: FastifyInstance,
  opts: { after?: () => Promise<void>; graceMs?: number } = {},
): void {
  const grace = opts.graceMs ?? SHUTDOWN_GRACE_MS
  let closing = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    setTimeout(
      () => {
        app.log.warn('connections still open near the shutdown deadline; closing them')
        app.server.closeAllConnections()
      },
      Math.max(0, grace - 2000),
    ).unref()
    setTimeout(() => {
      app.log.error('shutdown did not finish in time; exiting')
      process.exit(1)
    }, grace).unref()
    void app
      .close()
      .then(() => opts.after?.())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed')
          process.exit(1)
        },
      )
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
}
