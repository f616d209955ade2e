import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SERVICES } from '../services/runtime/src/registry'
import { COMPOSE_FILE, composeFile } from './compose'

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8')

describe('the deployment files follow the service registry', () => {
  it('docker-compose.yml is what the registry makes (run `npm run compose` after changing it)', () => {
    expect(readFileSync(COMPOSE_FILE, 'utf8')).toBe(composeFile())
  })

  it('gives each service its container, health check and place behind the gateway', () => {
    const file = composeFile()
    for (const s of SERVICES) {
      expect(file).toContain(
        `  ${s.name}:\n    <<: *service\n    command: ["node", "services/${s.name}/dist/server.js"]`,
      )
      expect(file).toContain(`HEALTH_URL: "http://127.0.0.1:${s.port}/web/v1/${s.name}/health"`)
      expect(file).toContain(`      ${s.name}: { condition: service_healthy }`)
      expect(file).toContain(`      ${s.name.toUpperCase()}_URL: http://${s.name}:${s.port}`)
    }
  })

  // The Dockerfile copies each workspace by path (COPY cannot keep folders with a wildcard).
  it('the image installs, compiles and ships every registered service', () => {
    const dockerfile = read('Dockerfile')
    for (const { name } of SERVICES) {
      expect(dockerfile, name).toContain(`COPY services/${name}/package.json services/${name}/`)
      expect(dockerfile, name).toContain(`COPY --from=build /app/services/${name}/package.json services/${name}/`)
      expect(dockerfile, name).toContain(`-w services/${name}`)
      expect(dockerfile, name).toContain(`COPY --from=build /app/services/${name}/dist services/${name}/dist`)
      expect(dockerfile, name).toContain(
        `COPY --from=build /app/services/${name}/migrations services/${name}/migrations`,
      )
    }
  })
})
