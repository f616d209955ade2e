import { Type } from 'typebox'
import { Envelope } from '@diamond/contracts/common'
import {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ResendVerificationRequest,
  ResetPasswordRequest,
  TokenData,
  VerifyEmailRequest,
} from '@diamond/contracts/http/auth'
import { AppError, defineRoutes, ok, principal, type Database } from '@diamond/runtime'
import * as limits from '../session/limits.repository'
import { FORGOT_PASSWORD_LIMIT, RESEND_VERIFICATION_LIMIT, type HitLimit } from '../session/limits.rules'
import { resendVerification, verifyEmail } from './email-verification'
import type { PasswordService } from './passwords.service'

const tags = ['auth']
const Done = { 200: Envelope(Type.Null()) }

export default defineRoutes(function credentialsRoutes(
  app,
  { passwords, database }: { passwords: PasswordService; database: Database },
) {
  const limit = async (rule: HitLimit, address: string) => {
    const retryAfter = await limits.takeHit(database.sql, rule, address)
    if (retryAfter !== null) throw new AppError('E_RATE_LIMITED', { retryAfter })
  }

  app.post(
    '/auth/forgot-password',
    {
      config: { errors: ['E_RATE_LIMITED'], public: true },
      schema: { tags, security: [], body: ForgotPasswordRequest, response: Done },
    },
    async (req) => {
      await limit(FORGOT_PASSWORD_LIMIT, req.ip)
      await passwords.forgot(req.body)
      return ok(
        null,
        'If an account exists for this username or email, a link to reset the password has been sent to its email.',
      )
    },
  )

  app.post(
    '/auth/reset-password',
    {
      config: { errors: ['E_LINK_INVALID'], public: true },
      schema: { tags, security: [], body: ResetPasswordRequest, response: Done },
    },
    async (req) => {
      await passwords.reset(req.body)
      return ok(null, 'Your password has been reset. Please sign in with the new password.')
    },
  )

  app.post(
    '/auth/reset-password-by-user',
    {
      config: { errors: ['E_WRONG_PASSWORD', 'E_RATE_LIMITED'], member: true },
      schema: { tags, body: ChangePasswordRequest, response: { 200: Envelope(TokenData) } },
    },
    async (req, reply) => {
      const data = await passwords.change(principal(req), req.body, req.ip)
      reply.header('access-token', `JWT ${data.token.jwt}`)
      return ok(data, 'Your password has been changed.')
    },
  )

  app.post(
    '/auth/verify-email',
    {
      config: { errors: ['E_LINK_INVALID'], public: true },
      schema: { tags, security: [], body: VerifyEmailRequest, response: Done },
    },
    async (req) => {
      await verifyEmail(database, req.body.token)
      return ok(null, 'Your email has been verified.')
    },
  )

  app.post(
    '/admin/v1/user/resendVerificationEmail',
    {
      config: { errors: ['E_RATE_LIMITED'], public: true },
      schema: { tags, security: [], body: ResendVerificationRequest, response: Done },
    },
    async (req) => {
      await limit(RESEND_VERIFICATION_LIMIT, req.ip)
      await resendVerification(database, req.body.username)
      return ok(null, 'If this account is waiting for email verification, a new link has been sent.')
    },
  )
})
