import { Envelope } from '@diamond/contracts/common'
import { GuestLoginRequest, LoginData } from '@diamond/contracts/http/auth'
import { defineRoutes, ok } from '@diamond/runtime'
import type { GuestService } from './guests.service'

export default defineRoutes(function guestRoutes(app, { guests }: { guests: GuestService }) {
  app.post(
    '/guest/auth/login',
    {
      config: { errors: ['E_RATE_LIMITED'], public: true },
      schema: { tags: ['auth'], security: [], body: GuestLoginRequest, response: { 200: Envelope(LoginData) } },
    },
    async (req, reply) => {
      const data = await guests.login(req.body, req.ip)
      reply.header('access-token', `JWT ${data.token.jwt}`)
      return ok(data, 'Welcome, guest.')
    },
  )
})
