import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { AppError } from '@diamond/runtime'

/** Serves the built React app; every non-API path gets index.html and the client router decides. */
export default async function webApp(app: FastifyInstance, { dist }: { dist: string }) {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`The web app is not built (${dist} has no index.html). Run: npm run build`)
  }
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h', immutable: true })
  const page = (_req: unknown, reply: { header(k: string, v: string): unknown; sendFile(f: string, o?: object): unknown }) => {
    reply.header('cache-control', 'no-cache')
    return reply.sendFile('index.html', { maxAge: 0, immutable: false })
  }
  app.get('/', { schema: { hide: true }, config: { public: true } }, page as never)
  app.get('/*', { schema: { hide: true }, config: { public: true } }, (req, reply) => {
    if (req.url.startsWith('/web/v1') || req.url.startsWith('/socket.io')) throw new AppError('E_NOT_FOUND')
    return page(req, reply as never)
  })
}
