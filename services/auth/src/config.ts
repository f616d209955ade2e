import { Type, type Static } from 'typebox'
import { loadConfig } from '@diamond/runtime/config'
import { portOf } from '@diamond/runtime/registry'

export const AuthConfig = Type.Object({
  AUTH_PORT: Type.Integer({ default: portOf('auth') }),
  AUTH_DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** How often subscribers whose stock digest period has ended are looked for (India's calendar). */
  /** Whether this instance sends stock digests at all (any number of instances may: each digest goes once). */
  AUTH_DIGESTS: Type.Boolean({ default: true }),
  AUTH_DIGEST_CHECK_SECONDS: Type.Integer({ minimum: 1, maximum: 3600, default: 60 }),
})
export type AuthConfig = Static<typeof AuthConfig>
export const loadAuthConfig = (env = process.env) => loadConfig(AuthConfig, env)
