import { Type, type Static, type TObject } from 'typebox'
import { Compile } from 'typebox/compile'
import { Value } from 'typebox/value'

/**
 * Reads the environment once at start-up, converts and validates it against a schema, and fails
 * with every bad variable named. Nothing else in the code reads process.env.
 */
export function loadConfig<T extends TObject>(
  schema: T,
  env: Record<string, string | undefined> = process.env,
): Static<T> {
  const raw: Record<string, unknown> = {}
  for (const key of Object.keys(schema.properties)) {
    const v = env[key]
    if (v !== undefined && v !== '') raw[key] = v
  }
  const converted = Value.Convert(schema, Value.Default(schema, raw))
  const check = Compile(schema)
  if (!check.Check(converted)) {
    const problems = [...check.Errors(converted)].map((e) => `${e.instancePath.slice(1) || '(config)'} ${e.message}`)
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  return converted as Static<T>
}

/** Settings every service shares. Per-service settings carry the service's prefix. */
export const PlatformConfig = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  LOG_LEVEL: Type.String({ default: 'info' }),
  DATABASE_URL: Type.String({ pattern: '^postgres(ql)?://' }),
  BUS: Type.Union([Type.Literal('memory'), Type.Literal('kafka')], { default: 'memory' }),
  KAFKA_BROKERS: Type.String({ default: '127.0.0.1:19092' }),
  JWT_SECRET: Type.String({ minLength: 32 }),
  JWT_TTL_SECONDS: Type.Integer({ minimum: 60, maximum: 7 * 24 * 3600, default: 12 * 3600 }),
  DEMO_DATA: Type.Boolean({ default: false }),
  /**
   * Lets a scraper elsewhere read /metrics with `Authorization: Bearer <token>`. Without it /metrics
   * answers only direct requests from this machine (loopback, not passed on by a proxy).
   */
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  /** Address to listen on: loopback unless a container or a proxy needs more. */
  HOST: Type.String({ default: '127.0.0.1' }),
})
export type PlatformConfig = Static<typeof PlatformConfig>

/** The platform settings, with the rules that span several of them. */
export function loadPlatformConfig(env: Record<string, string | undefined> = process.env): PlatformConfig {
  const config = loadConfig(PlatformConfig, env)
  if (config.NODE_ENV === 'production' && config.DEMO_DATA) {
    throw new Error(
      'Invalid configuration:\n  DEMO_DATA must not be set in production mode (demo accounts share a known password)',
    )
  }
  return config
}

export function kafkaBrokers(config: PlatformConfig): string[] {
  return config.KAFKA_BROKERS.split(',')
    .map((b) => b.trim())
    .filter(Boolean)
}
