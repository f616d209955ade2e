// Writes docker-compose.yml from the service registry (services/runtime/src/registry.ts): the
// infrastructure (Kafka, Mailpit, PostgreSQL) is fixed here, then one container per registered
// service and the gateway in front of them. `npm run compose` writes it; a unit test checks that the
// committed file is what the registry makes, so the two never drift apart.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { envPrefix, GATEWAY_PORT, SERVICES, type ServiceEntry } from '../services/runtime/src/registry'

export const COMPOSE_FILE = fileURLToPath(new URL('../docker-compose.yml', import.meta.url))

const HEAD = `# Generated from services/runtime/src/registry.ts by \`npm run compose\`: edit the registry (or
# scripts/compose.ts for the infrastructure), not this file.
#
# The distributed mode on Docker: Kafka (KRaft, one node), PostgreSQL, one container per service,
# the gateway in front at http://localhost:${GATEWAY_PORT}. The same topology \`npm run stack\` starts without
# Docker. Start with:  JWT_SECRET=$(openssl rand -hex 32) docker compose up --build
# Demo data (accounts with a known password) is on here; for production set NODE_ENV=production
# and DEMO_DATA=false, and give each service its own DATABASE_URL if you wish.
# Mail goes to Mailpit (web UI at http://localhost:8025) unless SMTP_URL names a real relay, e.g.
# SMTP_URL=smtps://user:password@smtp.example.com:465 MAIL_FROM="Diamond Portal <no-reply@example.com>".
# Stone media go to SeaweedFS's S3 gateway (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY set its user) unless
# STOCK_S3_ENDPOINT names another S3 service.
# Every service answers its own health route; the image's HEALTHCHECK reads HEALTH_URL.
x-health: &health
  test: ["CMD", "node", "-e", "fetch(process.env.HEALTH_URL).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
  interval: 5s
  timeout: 3s
  retries: 5
  start_period: 90s

x-service: &service
  build: .
  restart: unless-stopped
  healthcheck: *health
  depends_on:
    kafka: { condition: service_healthy }
    postgres: { condition: service_healthy }
  environment: &env
    NODE_ENV: \${NODE_ENV:-development}
    DEMO_DATA: \${DEMO_DATA:-true}
    LOG_LEVEL: \${LOG_LEVEL:-info}
    HOST: 0.0.0.0
    DATABASE_URL: postgres://diamond:\${POSTGRES_PASSWORD:-diamond}@postgres:5432/diamond
    BUS: kafka
    KAFKA_BROKERS: kafka:9092
    JWT_SECRET: \${JWT_SECRET:?set JWT_SECRET to at least 32 random characters}
    # Sellers' FTP passwords are encrypted under it: required with NODE_ENV=production (32+ random characters).
    STOCK_FTP_KEY: \${STOCK_FTP_KEY:-}

services:
  kafka:
    image: apache/kafka:4.2.2
    environment:
      KAFKA_NODE_ID: 1
      KAFKA_PROCESS_ROLES: broker,controller
      KAFKA_LISTENERS: PLAINTEXT://:9092,CONTROLLER://:9093
      KAFKA_ADVERTISED_LISTENERS: PLAINTEXT://kafka:9092
      KAFKA_CONTROLLER_LISTENER_NAMES: CONTROLLER
      KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
      KAFKA_CONTROLLER_QUORUM_VOTERS: 1@kafka:9093
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: 1
      KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: 1
      KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: 1
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: 0
      KAFKA_NUM_PARTITIONS: 3
    healthcheck:
      test: ["CMD-SHELL", "/opt/kafka/bin/kafka-broker-api-versions.sh --bootstrap-server localhost:9092 >/dev/null 2>&1"]
      interval: 5s
      retries: 30
    volumes: [kafka-data:/var/lib/kafka/data]

  mailpit:
    image: axllent/mailpit:v1.33.1
    environment:
      MP_MAX_MESSAGES: 5000
      MP_DATABASE: /data/mailpit.db
      MP_SMTP_AUTH_ACCEPT_ANY: 1
      MP_SMTP_AUTH_ALLOW_INSECURE: 1
      MP_DISABLE_VERSION_CHECK: 1
    ports: ["127.0.0.1:8025:8025"]
    healthcheck:
      test: ["CMD", "/mailpit", "readyz"]
      interval: 3s
      retries: 20
    volumes: [mailpit-data:/data]

  # S3-compatible storage of stone photos, videos and certificates (the stock service's object store):
  # master, volume server, filer and S3 gateway in one process. Built the same (4.53) in infra/seaweedfs.mjs.
  seaweedfs:
    image: chrislusf/seaweedfs:4.53
    command: ["mini", "-dir=/data", "-webdav=false", "-admin.ui=false", "-master.telemetry=false", "-s3.port.iceberg=0", "-s3.port.lance=0"]
    environment:
      AWS_ACCESS_KEY_ID: \${S3_ACCESS_KEY_ID:-diamond}
      AWS_SECRET_ACCESS_KEY: \${S3_SECRET_ACCESS_KEY:-diamond-secret-key}
      S3_BUCKET: diamond-media
    healthcheck:
      test: ["CMD", "curl", "-fsS", "http://127.0.0.1:8333/healthz"]
      interval: 3s
      retries: 40
    volumes: [seaweedfs-data:/data]

  postgres:
    image: postgres:17
    environment:
      POSTGRES_USER: diamond
      POSTGRES_PASSWORD: \${POSTGRES_PASSWORD:-diamond}
      POSTGRES_DB: diamond
    healthcheck:
      test: ["CMD-SHELL", "pg_isready -U diamond -d diamond"]
      interval: 3s
      retries: 30
    volumes: [pg-data:/var/lib/postgresql/data]
`

const TAIL = `
volumes:
  kafka-data:
  pg-data:
  mailpit-data:
  seaweedfs-data:
`

const healthUrl = (port: number, path: string) => `http://127.0.0.1:${port}/web/v1/${path}`

function serviceBlock(s: ServiceEntry): string {
  const lines = [`  ${s.name}:`, '    <<: *service', `    command: ["node", "services/${s.name}/dist/server.js"]`]
  const needs = s.compose?.needs ?? []
  if (needs.length) {
    lines.push(
      '    depends_on:',
      '      kafka: { condition: service_healthy }',
      '      postgres: { condition: service_healthy }',
    )
    for (const n of needs) lines.push(`      ${n}: { condition: service_healthy }`)
  }
  const prefix = envPrefix(s.name)
  const health = `"${healthUrl(s.port, `${s.name}/health`)}"`
  const extra = Object.entries(s.compose?.environment ?? {})
  if (!extra.length) {
    lines.push(`    environment: { <<: *env, ${prefix}PORT: ${s.port}, HEALTH_URL: ${health} }`)
  } else {
    lines.push('    environment:', '      <<: *env', `      ${prefix}PORT: ${s.port}`, `      HEALTH_URL: ${health}`)
    // Written as the registry gives them: compose's own ${VAR:-default} text.
    for (const [k, v] of extra) lines.push(`      ${k}: ${v}`)
  }
  return lines.join('\n')
}

function gatewayBlock(services: readonly ServiceEntry[]): string {
  return [
    '  gateway:',
    '    <<: *service',
    '    command: ["node", "services/gateway/dist/server.js"]',
    '    # Starts once every service answers healthy: its own health is ready only when theirs are.',
    '    depends_on:',
    '      kafka: { condition: service_healthy }',
    ...services.map((s) => `      ${s.name}: { condition: service_healthy }`),
    `    ports: ["${GATEWAY_PORT}:${GATEWAY_PORT}"]`,
    '    environment:',
    '      <<: *env',
    `      PORT: ${GATEWAY_PORT}`,
    `      HEALTH_URL: ${healthUrl(GATEWAY_PORT, 'health')}`,
    '      # API documentation at /web/v1/docs: off in production unless this is true.',
    '      API_DOCS: ${API_DOCS:-}',
    ...services.map((s) => `      ${envPrefix(s.name)}URL: http://${s.name}:${s.port}`),
  ].join('\n')
}

/** The whole docker-compose.yml for these services. */
export function composeFile(services: readonly ServiceEntry[] = SERVICES): string {
  return [HEAD, ...services.map(serviceBlock), gatewayBlock(services)].join('\n') + '\n' + TAIL
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(COMPOSE_FILE, composeFile())
  console.log(`wrote ${COMPOSE_FILE} (${SERVICES.length} services + gateway)`)
}
