import { Type } from 'typebox'
import { Envelope } from '@diamond/contracts/common'
import { LoginData, LoginRequest } from '@diamond/contracts/http/auth'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import { DEVICE_COOKIE, parseDeviceKeys } from '../devices/devices.rules'
import type { SessionService } from './session.service'

const tags = ['auth']

export default defineRoutes(function sessionRoutes(app, { sessions }: { sessions: SessionService }) {
  app.post(
    '/auth/login',
    {
      config: {
        errors: [
          'E_INVALID_CREDENTIALS',
          'EMAIL_NOT_VERIFIED',
          'E_ACCOUNT_NOT_APPROVED',
          'E_ACCOUNT_INACTIVE',
          'E_RATE_LIMITED',
        ],
        public: true,
      },
      schema: { tags, security: [], body: LoginRequest, response: { 200: Envelope(LoginData) } },
    },
    async (req, reply) => {
      const data = await sessions.login(req.body, {
        address: req.ip,
        deviceKeys: parseDeviceKeys(req.cookies[DEVICE_COOKIE]),
      })
      // The spec's client also reads the token from this header.
      reply.header('access-token', `JWT ${data.token.jwt}`)
      return ok(data, data.isTrusted ? 'Login successful.' : 'Please enter the code we sent to your email.')
    },
  )

  app.post(
    '/auth/logout',
    { config: { untrusted: true }, schema: { tags, response: { 200: Envelope(Type.Null()) } } },
    async (req) => {
      await sessions.logout(principal(req))
      return ok(null, 'Logged out.')
    },
  )

  app.post(
    '/auth/logout-all',
    {
      config: { untrusted: true },
      schema: {
        tags,
        summary: 'Log out everywhere: every session of the caller, on every device, ends (this one too)',
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      await sessions.logoutEverywhere(principal(req))
      return ok(null, 'Logged out everywhere.')
    },
  )
})
