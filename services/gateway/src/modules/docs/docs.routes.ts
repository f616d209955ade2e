import type { FastifyInstance } from 'fastify'
import swaggerUi from '@fastify/swagger-ui'

type Doc = { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } }

/**
 * The portal's API documentation at /web/v1/docs (and /web/v1/openapi.json). In the distributed mode
 * the services' own documents are fetched and merged, so one page still lists every call.
 */
export default async function docsRoutes(app: FastifyInstance, opts: { serviceDocs?: () => Promise<Doc[]> }) {
  let merged: Doc | null = null
  let mergedAt = 0
  const document = async (): Promise<Doc> => {
    const own = app.swagger() as Doc
    if (!opts.serviceDocs) return own
    if (!merged || Date.now() - mergedAt > 60_000) {
      const docs = await opts.serviceDocs()
      merged = {
        ...own,
        paths: Object.assign({}, own.paths, ...docs.map((d) => d.paths ?? {})),
        components: { ...own.components, schemas: Object.assign({}, own.components?.schemas, ...docs.map((d) => d.components?.schemas ?? {})) },
      }
      mergedAt = Date.now()
    }
    return merged
  }
  app.get('/web/v1/openapi.json', { config: { public: true }, schema: { hide: true } }, document)
  await app.register(swaggerUi, {
    routePrefix: '/web/v1/docs',
    uiConfig: { url: '/web/v1/openapi.json' } as never,
  })
}
