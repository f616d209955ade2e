import { INVENTORY_FILE_MAX_BYTES } from '@diamond/contracts/http/inventory'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { UPLOAD_MAX_BYTES } from '@diamond/contracts/http/account'
import { ARTICLE_PHOTO_MAX_BYTES } from '@diamond/contracts/http/articles'
import { MEDIA_UPLOAD_MAX_BYTES } from '@diamond/contracts/http/media'
import replyFrom from '@fastify/reply-from'
import { AppError, defineRoutes } from '@diamond/runtime'
import type { ServiceName } from '../../config'
import { ownerOf } from './routing'

const UPLOAD_BODY_LIMIT = UPLOAD_MAX_BYTES + 64 * 1024
/** A seller's stock file: the portal's largest (the stock service checks its own, lower limit). */
const INVENTORY_BODY_LIMIT = INVENTORY_FILE_MAX_BYTES + 64 * 1024

/** Distributed mode: every /web/v1 call goes to the service that owns it, unchanged. */
export default defineRoutes(async function proxyRoutes(app, { urls }: { urls: Record<ServiceName, string> }) {
  await app.register(replyFrom, { undici: { connections: 128, pipelining: 1 } })
  // The body is passed through untouched: the owning service validates it.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
  const forward = async (req: FastifyRequest, reply: FastifyReply) => {
    const owner = ownerOf(req.url)
    if (!owner) throw new AppError('E_NOT_FOUND')
    return reply.from(urls[owner] + req.url, {
      // Handed over as the raw bytes the caller sent: left to itself, reply-from re-encodes JSON bodies.
      ...(Buffer.isBuffer(req.body)
        ? { body: req.body, contentType: req.headers['content-type'] ?? 'application/octet-stream' }
        : {}),
      // The service believes X-Forwarded-For from the gateway (loopback): it gets the client address
      // as the gateway saw it, never a value the client wrote itself (rate limits go by address).
      // The request id too: the service logs the call, and stamps its events, with the gateway's id.
      rewriteRequestHeaders: (_r, headers) => ({ ...headers, 'x-forwarded-for': req.ip, 'x-request-id': req.id }),
      onError: (r, { error }) => {
        req.log.warn({ err: error, owner }, 'service unreachable')
        void r.status(503).send({
          code: 'E_UNAVAILABLE',
          message: 'The service is temporarily unavailable. Please try again shortly.',
          data: null,
        })
      },
    })
  }
  app.all('/web/v1/*', { schema: { hide: true }, config: { public: true } }, forward)
  // File uploads are the one call bigger than the usual body limit; the auth service checks the file.
  app.post(
    '/web/v1/upload-file',
    { schema: { hide: true }, config: { public: true }, bodyLimit: UPLOAD_BODY_LIMIT },
    forward,
  )
  app.post(
    '/web/v1/seller/inventory/upload',
    { schema: { hide: true }, config: { public: true }, bodyLimit: INVENTORY_BODY_LIMIT },
    forward,
  )
  // Stone media (photos, videos, zips of them): the stock service counts the bytes and checks each file.
  app.post(
    '/web/v1/seller/media/upload',
    { schema: { hide: true }, config: { public: true }, bodyLimit: MEDIA_UPLOAD_MAX_BYTES + 64 * 1024 },
    forward,
  )
  // An article's photo: one file, checked by the stock service.
  app.post(
    '/web/v1/article/photo/upload',
    { schema: { hide: true }, config: { public: true }, bodyLimit: ARTICLE_PHOTO_MAX_BYTES + 64 * 1024 },
    forward,
  )
})
