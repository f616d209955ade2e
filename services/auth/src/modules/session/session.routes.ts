import type { FastifyInstance } from 'fastify'
import { Envelope } from '@diamond/contracts/common'
import { LoginData, LoginRequest } from '@diamond/contracts/http/auth'
import { ok } from '@diamond/runtime'
import type { SessionService } from './session.service'

export default async function sessionRoutes(app: FastifyInstance, { sessions }: { sessions: SessionService }) {
  app.post(
    '/auth/login',
    { config: { public: true }, schema: { tags: ['auth'], security: [], body: LoginRequest, response: { 200: Envelope(LoginData) } } },
    async (req, reply) => {
      const data = await sessions.login(req.body as LoginRequest)
      // The spec's client also reads the token from this header.
      reply.header('access-token', `JWT ${data.token.jwt}`)
      return ok(data, 'Login successful.')
    },
  )
}
