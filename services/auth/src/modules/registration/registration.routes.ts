import { Envelope } from '@diamond/contracts/common'
import { RegisterData, RegisterRequest } from '@diamond/contracts/http/account'
import { defineRoutes, ok } from '@diamond/runtime'
import { localeFrom } from './registration.rules'
import type { RegistrationService } from './registration.service'

const tags = ['account']
const RECEIVED =
  'Thank you for registering. Please verify your email; we will let you know when your account is approved.'

export default defineRoutes(function registrationRoutes(
  app,
  { registrations }: { registrations: RegistrationService },
) {
  const schema = { tags, security: [], body: RegisterRequest, response: { 200: Envelope(RegisterData) } }
  const from = (req: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
    address: req.ip,
    locale: localeFrom(String(req.headers['accept-language'] ?? '')),
  })

  app.post(
    '/register/register',
    { config: { errors: ['E_ALREADY_EXISTS', 'E_RATE_LIMITED'], public: true }, schema },
    async (req) => ok(await registrations.register(req.body, 'buyer', from(req)), RECEIVED),
  )
  app.post(
    '/register/sellers',
    { config: { errors: ['E_ALREADY_EXISTS', 'E_RATE_LIMITED'], public: true }, schema },
    async (req) => ok(await registrations.register(req.body, 'seller', from(req)), RECEIVED),
  )
})
