import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import { Envelope } from '@diamond/contracts/common'
import { ok, type Sql } from '@diamond/runtime'
import { replayResults } from './replay'

/** Staff's check of the closer: every closed lot recomputed from its bid log. */
export default function replayRoutes(app: FastifyInstance, { sql }: { sql: Sql }) {
  app.post(
    '/diamond-bid/replay',
    {
      config: { permission: ['bid', 'all'], member: true },
      schema: {
        tags: ['bidding'],
        summary: 'Staff: recompute every closed lot from the bid log and compare with the stored results',
        response: { 200: Envelope(Type.Object({ checked: Type.Integer(), mismatched: Type.Array(Type.Unknown()) })) },
      },
    },
    async () => ok(await replayResults(sql)),
  )
}
