import type { FastifyInstance } from 'fastify'
import { periodic, type ServiceRuntime } from '@diamond/runtime'
import commentRoutes from '../comments/comments.routes'
import { CommentService } from '../comments/comments.service'
import trackRoutes from './tracks.routes'
import { registerStoneTaken } from './tracks.consumers'
import type { TrackService } from './tracks.service'

/**
 * The lists' wiring: routes, the consumer that tells buyers when a stone of theirs is taken, and
 * the sweep for due reminders and expired offers (database clock, each row once).
 */
export async function installTracks(app: FastifyInstance, rt: ServiceRuntime, tracks: TrackService, sweepMs = 5000) {
  registerStoneTaken(rt, tracks)
  periodic(app, 'reminder and offer sweep', sweepMs, () => tracks.sweep())
  await app.register(trackRoutes, { tracks })
  await app.register(commentRoutes, { comments: new CommentService(rt.database) })
}
