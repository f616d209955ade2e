import { Envelope } from '@diamond/contracts/common'
import { LoginData, ResendOtpData, VerifyFingerprintRequest } from '@diamond/contracts/http/auth'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { SessionService } from '../session/session.service'
import { DEVICE_COOKIE, DEVICE_TRUST_DAYS, parseDeviceKeys, withDeviceKey } from './devices.rules'
import type { DeviceService } from './devices.service'

const tags = ['auth']

/** The one-time code calls; both accept the untrusted token the sign-in answered. */
export default defineRoutes(function deviceRoutes(
  app,
  { devices, sessions, secureCookie }: { devices: DeviceService; sessions: SessionService; secureCookie: boolean },
) {
  app.post(
    '/verifyfingerprint',
    {
      config: { errors: ['E_OTP_INVALID', 'E_OTP_EXPIRED', 'E_RATE_LIMITED'], untrusted: true },
      schema: { tags, body: VerifyFingerprintRequest, response: { 200: Envelope(LoginData) } },
    },
    async (req, reply) => {
      const { otp, trust } = req.body
      const who = principal(req)
      const { key } = await devices.verify(who, otp, trust, String(req.headers['user-agent'] ?? '').slice(0, 200))
      if (key) {
        reply.setCookie(DEVICE_COOKIE, withDeviceKey(parseDeviceKeys(req.cookies[DEVICE_COOKIE]), key), {
          httpOnly: true,
          sameSite: 'strict',
          path: '/web/v1',
          maxAge: DEVICE_TRUST_DAYS * 24 * 3600,
          secure: secureCookie,
        })
      }
      const data = await sessions.sessionFor(who.id)
      reply.header('access-token', `JWT ${data.token.jwt}`)
      return ok(data, 'Device verified.')
    },
  )

  app.post(
    '/resend-fp-otp',
    {
      config: { errors: ['E_RATE_LIMITED'], untrusted: true },
      schema: { tags, response: { 200: Envelope(ResendOtpData) } },
    },
    async (req) => ok(await devices.resend(principal(req)), 'A new code has been sent.'),
  )
})
