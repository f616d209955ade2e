import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SwaggerParser from '@apidevtools/swagger-parser'
import { createConfig, lintFromString } from '@redocly/openapi-core'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import gateway from '@diamond/gateway/app'
import { loadGatewayConfig } from '@diamond/gateway/config'
import { serviceModules } from '@diamond/portal/portal'
import { API_PREFIX, createHttpServer, MemoryBus, type HttpServer } from '@diamond/runtime'
import { startTestPortal, type TestPortal } from '../../../test/portal'

type Operation = {
  operationId?: string
  security?: unknown[]
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>
  requestBody?: unknown
  parameters?: unknown[]
}
type Doc = {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, unknown> }
}

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method} ${path}`, op })),
  )

/** Redocly's recommended rules, run offline on the document: its errors and warnings by rule. */
async function lint(doc: Doc) {
  const config = await createConfig({ extends: ['recommended'] })
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config })
  const errors = problems
    .filter((p) => p.severity === 'error')
    .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)
  return { errors, warnings: problems.filter((p) => p.severity === 'warn').map((p) => p.ruleId) }
}

/** Checks what every call's entry must say, whatever service it belongs to. */
function expectComplete(doc: Doc) {
  expect(doc.openapi).toBe('3.1.0')
  const ops = operations(doc)
  expect(ops.length).toBeGreaterThan(90)
  const ids = ops.map(({ op }) => op.operationId)
  expect(ids.filter((id) => !id)).toEqual([])
  expect(new Set(ids).size).toBe(ids.length)
  for (const { key, op } of ops) {
    expect(Object.keys(op.responses), key).toEqual(expect.arrayContaining(['500', '503']))
    if (op.requestBody || op.parameters) expect(Object.keys(op.responses), key).toContain('400')
    if ((op.security ?? []).length > 0) expect(Object.keys(op.responses), key).toContain('401')
  }
  expect(doc.components.schemas.Error).toBeDefined()
  // No OpenAPI 3.0 leftovers beside 3.1 keywords.
  expect(JSON.stringify(doc)).not.toContain('"nullable"')
}

describe('the OpenAPI document', () => {
  let portal: TestPortal
  let embedded: Doc
  let distributed: Doc
  const services: HttpServer[] = []
  let edge: HttpServer | null = null
  let dir = ''

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 20 })
    embedded = (await (await fetch(`${portal.base}/web/v1/openapi.json`)).json()) as Doc
    // The distributed mode: each service as its own server (as runStandalone builds it) and the
    // gateway merging their documents, on the portal's database.
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: portal.databaseUrl,
      JWT_SECRET: portal.secret,
      STOCK_DEMO_STONES: '0',
    }
    const ctx = { config: portal.config, bus: new MemoryBus(), tokens: portal.tokens, prefix: API_PREFIX }
    for (const service of await serviceModules()) {
      const app = await createHttpServer({ title: `diamond-portal ${service.name}` })
      await app.register(service.plugin, { ...ctx, ...service.options(env) })
      services.push(app)
      await app.ready()
    }
    edge = await createHttpServer({ title: 'diamond-portal' })
    await edge.register(gateway, {
      config: portal.config,
      bus: ctx.bus,
      tokens: portal.tokens,
      gateway: loadGatewayConfig(env),
      mode: 'distributed',
      serveWeb: false,
      probe: () => Promise.resolve(true),
      serviceDocs: () => Promise.resolve(services.map((s) => s.swagger())),
    })
    distributed = (await edge.inject({ method: 'GET', url: '/web/v1/openapi.json' })).json() as Doc
    dir = await mkdtemp(join(tmpdir(), 'diamond-openapi-'))
  })
  afterAll(async () => {
    await edge?.close()
    for (const s of services) await s.close()
    await portal?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('of the embedded portal is valid OpenAPI 3.1, with an operationId and error responses for every call', async () => {
    expectComplete(embedded)
    await expect(SwaggerParser.validate(structuredClone(embedded) as never)).resolves.toBeDefined()
    const { errors } = await lint(embedded)
    expect(errors).toEqual([])
  })

  it('merged by the gateway of the distributed mode is valid too, and lists the same calls', async () => {
    expectComplete(distributed)
    await expect(SwaggerParser.validate(structuredClone(distributed) as never)).resolves.toBeDefined()
    expect((await lint(distributed)).errors).toEqual([])
    const ids = (d: Doc) =>
      operations(d)
        .map((o) => `${o.key} ${o.op.operationId}`)
        .sort()
    expect(ids(distributed)).toEqual(ids(embedded))
  })

  it('describes calls as the server enforces them', () => {
    const hold = embedded.paths['/web/v1/diamond/hold']!.post!
    expect(hold.operationId).toBe('diamondHold')
    expect(Object.keys(hold.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409', '500', '503']),
    )
    const login = embedded.paths['/web/v1/auth/login']!.post!
    expect(login.security).toEqual([])
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['401', '403', '429']))
    expect(Object.keys(login.responses)).not.toContain('404')
    // Files are binary answers of their media type, not JSON.
    const excel = embedded.paths['/web/v1/diamond/excel']!.post!.responses['200']!.content!
    expect(excel['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']?.schema).toEqual({
      type: 'string',
      format: 'binary',
    })
    expect(Object.keys(embedded.paths['/web/v1/order/invoice']!.post!.responses['200']!.content!)).toEqual([
      'application/pdf',
    ])
    // A union of literals is one enum; "or null" is a type array.
    const data = JSON.stringify(hold.responses['200'])
    expect(data).toContain('"availability":{"type":"string","enum":["A","H","M","NA","U","B","S","O","E"]}')
    expect(JSON.stringify(embedded)).toContain('"type":["string","null"]')
  })

  it('generates a TypeScript client that type-checks', async () => {
    const source = astToString(await openapiTS(embedded as never))
    await writeFile(join(dir, 'api.ts'), source)
    // A caller's view: a request body and the answer's data as the generated types say.
    await writeFile(
      join(dir, 'use.ts'),
      [
        "import type { paths, components } from './api'",
        "type Login = paths['/web/v1/auth/login']['post']['requestBody']['content']['application/json']",
        "export const login: Login = { username: 'buyer1', password: 'Diamond@2026' }",
        "type Held = paths['/web/v1/diamond/hold']['post']['responses']['200']['content']['application/json']",
        'export const availability = (h: Held): string => h.data.availability',
        "type Refused = paths['/web/v1/diamond/hold']['post']['responses']['409']['content']['application/json']",
        "export const code = (r: Refused): components['schemas']['Error']['code'] => r.code",
        '',
      ].join('\n'),
    )
    const program = ts.createProgram([join(dir, 'api.ts'), join(dir, 'use.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: [],
    })
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    expect(problems).toEqual([])
  })
})
