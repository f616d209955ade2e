import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { AppError } from '@diamond/runtime'

/**
 * Serves the built React app. Files are looked up on each request (a rebuilt app needs no restart);
 * a missing file with an extension is a 404, any other path gets index.html and the client router
 * decides, sending unknown paths to /not-found.
 */
export default async function webApp(app: FastifyInstance, { dist }: { dist: string }) {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`The web app is not built (${dist} has no index.html). Run: npm run build`)
  }
  // preCompressed: the build writes .br and .gz beside each asset; one is sent when the browser takes
  // it (Content-Encoding, Vary: Accept-Encoding), else the file itself.
  await app.register(fastifyStatic, { root: dist, serve: false, preCompressed: true })
  const page = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html', { maxAge: 0 })
  const serve = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = decodeURIComponent(req.url.split('?')[0]!)
    // Nothing under the API is the app: an unknown call is a 404 in the envelope, however spelled.
    const api = path.replace(/\/{2,}/g, '/').toLowerCase()
    if (api.startsWith('/web/v1') || api.startsWith('/socket.io')) throw new AppError('E_NOT_FOUND')
    if (!/\.[a-z0-9]+$/i.test(path)) return page(reply)
    // Source maps stay on the server (for whoever reads a stack trace there), never sent.
    if (path.endsWith('.map')) throw new AppError('E_NOT_FOUND')
    if (path.includes('..') || !existsSync(join(dist, path))) throw new AppError('E_NOT_FOUND')
    // Built assets carry a content hash in their names, so they may be cached for good.
    const immutable = path.startsWith('/assets/')
    return reply.sendFile(path.slice(1), { maxAge: immutable ? '365d' : 0, immutable })
  }
  app.get('/', { schema: { hide: true }, config: { public: true } }, serve)
  app.get('/*', { schema: { hide: true }, config: { public: true } }, serve)
}
