import type { FastifyReply } from 'fastify'
import { DOWNLOAD_TYPES, DownloadRequest, ZipRequest } from '@diamond/contracts/http/downloads'
import { AppError, authenticate, defineRoutes, principal, type TokenService } from '@diamond/runtime'
import type { DownloadService, FileAnswer, StreamAnswer } from './downloads.service'

const tags = ['stock']

/** The file goes out as an attachment; it holds the caller's own view (prices), so nothing caches it. */
function sendFile(reply: FastifyReply, f: FileAnswer | StreamAnswer) {
  void reply
    .type(f.type)
    .header('content-disposition', `attachment; filename="${f.name}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
  if ('body' in f) return reply.header('content-length', String(f.body.length)).send(f.body)
  return reply.send(f.stream)
}

/**
 * Downloads: selections need a signed-in user (guests too: they may see stock) with the search-list
 * view right; the full stock is open. A refusal is the JSON envelope and no file.
 */
export default defineRoutes(function downloadRoutes(
  app,
  { downloads, tokens }: { downloads: DownloadService; tokens: TokenService },
) {
  // Limited answers say when to come back, in the body (data.retryAfter) and as Retry-After.
  app.addHook('onError', async (_req, reply, err) => {
    if (err instanceof AppError && err.code === 'E_RATE_LIMITED' && typeof err.data?.retryAfter === 'number') {
      void reply.header('retry-after', String(err.data.retryAfter))
    }
  })

  app.post(
    '/diamond/excel',
    {
      config: { errors: ['E_RATE_LIMITED'], produces: [DOWNLOAD_TYPES.xlsx], permission: ['searchList', 'view'] },
      schema: {
        tags,
        summary: 'The selected stones as an Excel file, with the given columns and totals',
        body: DownloadRequest,
      },
    },
    async (req, reply) => sendFile(reply, await downloads.excel(principal(req), req.body)),
  )

  app.post(
    '/diamond/pdf',
    {
      config: { errors: ['E_RATE_LIMITED'], produces: [DOWNLOAD_TYPES.pdf], permission: ['searchList', 'view'] },
      schema: {
        tags,
        summary: 'The selected stones as a PDF table, with the given columns and totals',
        body: DownloadRequest,
      },
    },
    async (req, reply) => sendFile(reply, await downloads.pdf(principal(req), req.body)),
  )

  app.post(
    '/diamond/download-zip',
    {
      config: { errors: ['E_RATE_LIMITED'], produces: [DOWNLOAD_TYPES.zip], permission: ['searchList', 'view'] },
      schema: {
        tags,
        summary: 'A zip with a folder per stone: certificate document, image and plotting',
        body: ZipRequest,
      },
    },
    async (req, reply) => sendFile(reply, await downloads.zip(principal(req), req.body)),
  )

  // Open (spec section 2): without a token the file has no prices; a token, when sent, must be valid.
  app.get(
    '/download-full-stock',
    {
      config: { errors: ['E_UNAUTHORIZED', 'E_RATE_LIMITED'], produces: [DOWNLOAD_TYPES.xlsx], public: true },
      schema: {
        tags,
        summary: 'The whole available stock as Excel, streamed (prices only for a signed-in viewer who may see them)',
      },
    },
    async (req, reply) => {
      const who = req.headers.authorization ? authenticate(tokens, req.headers.authorization) : null
      return sendFile(reply, downloads.fullStock(who, req.ip))
    },
  )
})
