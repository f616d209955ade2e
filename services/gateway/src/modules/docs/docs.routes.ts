import swaggerUi from '@fastify/swagger-ui'
import { AppError, defineRoutes } from '@diamond/runtime'
import { SERVICES } from '../../config'

type Doc = {
  paths?: Record<string, unknown>
  tags?: { name: string }[]
  components?: { schemas?: Record<string, unknown> }
}

/** One document of the gateway's own calls and every service's, as the distributed mode serves it. */
export function mergeDocuments(own: Doc, docs: Doc[]): Doc {
  const tags = new Map<string, { name: string }>()
  for (const t of [own, ...docs].flatMap((d) => d.tags ?? [])) if (!tags.has(t.name)) tags.set(t.name, t)
  return {
    ...own,
    tags: [...tags.values()].sort((a, b) => a.name.localeCompare(b.name)),
    paths: Object.assign({}, own.paths, ...docs.map((d) => d.paths ?? {})),
    components: {
      ...own.components,
      schemas: Object.assign({}, own.components?.schemas, ...docs.map((d) => d.components?.schemas ?? {})),
    },
  }
}

/**
 * The portal's API documentation at /web/v1/docs (and /web/v1/openapi.json). In the distributed mode
 * the services' own documents are fetched and merged, so one page still lists every call. Switched
 * off (404, the services' documents too) unless `enabled`: production serves them only on request.
 */
export default defineRoutes(async function docsRoutes(
  app,
  opts: { enabled: boolean; serviceDocs?: () => Promise<Doc[]> },
) {
  if (!opts.enabled) {
    const gone = () => {
      throw new AppError('E_NOT_FOUND')
    }
    // Explicit routes win over the distributed mode's catch-all, which would hand these to the services.
    for (const path of [
      '/web/v1/openapi.json',
      '/web/v1/docs',
      '/web/v1/docs/*',
      ...SERVICES.map((s) => `/web/v1/${s}/openapi.json`),
    ]) {
      app.get(path, { config: { public: true }, schema: { hide: true } }, gone)
    }
    return
  }
  let merged: Doc | null = null
  let mergedAt = 0
  const document = async (): Promise<Doc> => {
    const own: Doc = app.swagger()
    if (!opts.serviceDocs) return own
    if (!merged || Date.now() - mergedAt > 60_000) {
      merged = mergeDocuments(own, await opts.serviceDocs())
      mergedAt = Date.now()
    }
    return merged
  }
  app.get('/web/v1/openapi.json', { config: { public: true }, schema: { hide: true } }, document)
  await app.register(swaggerUi, {
    routePrefix: '/web/v1/docs',
    uiConfig: { url: '/web/v1/openapi.json' },
  })
})
