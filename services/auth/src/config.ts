import { Type, type Static } from 'typebox'
import { loadConfig } from '@diamond/runtime/config'

export const AuthConfig = Type.Object({
  AUTH_PORT: Type.Integer({ default: 3101 }),
  AUTH_DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
})
export type AuthConfig = Static<typeof AuthConfig>
export const loadAuthConfig = (env = process.env) => loadConfig(AuthConfig, env)
