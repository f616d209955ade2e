import type { FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import { Type } from 'typebox'
import { Envelope, Uuid } from '@diamond/contracts/common'
import { MyDocuments, UPLOAD_MAX_BYTES, UPLOAD_PURPOSES, UploadedFile } from '@diamond/contracts/http/account'
import { AppError, authenticate, defineRoutes, ok, principal, type TokenService } from '@diamond/runtime'
import type { FileService, Uploader } from './files.service'

const tags = ['account']

const purposeProblem = (message: string) =>
  new AppError('E_VALIDATION', { fields: [{ field: 'purpose', in: 'body', message }] })

const ONE_FILE = 'send one purpose and one file, nothing else'

/** Multipart's own failures, told in the platform's codes. */
function multipartError(err: unknown): unknown {
  switch (typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('E_FILE_TOO_LARGE', { maxBytes: UPLOAD_MAX_BYTES })
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('E_UNSUPPORTED_MEDIA_TYPE', null, 'The request must be multipart/form-data.')
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('E_VALIDATION', { fields: [{ field: 'file', in: 'body', message: ONE_FILE }] })
    default:
      return err
  }
}

/** Signed out, as a guest, or as a member: a token, when sent, must be a live one of a trusted device. */
function uploader(req: FastifyRequest, tokens: TokenService): Uploader {
  if (!req.headers.authorization) return { kind: 'anonymous' }
  const p = authenticate(tokens, req.headers.authorization)
  return p.guest ? { kind: 'guest' } : { kind: 'member', id: p.id }
}

/** ASCII for old clients, UTF-8 for the rest (RFC 6266). */
const disposition = (type: 'inline' | 'attachment', name: string) =>
  `${type}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`

/**
 * upload-file: multipart with `purpose` first, then `file`, and nothing after it. The purpose is
 * checked before the file is read, so a refused upload costs little. Multipart is registered here
 * only, so the other routes keep refusing anything but JSON.
 */
export default defineRoutes(async function fileRoutes(
  app,
  { files, tokens }: { files: FileService; tokens: TokenService },
) {
  // One short field and one file of at most 5 MiB: anything beyond is refused, not buffered. The
  // limits let one part more through so that the refusal can name it (its body is never read).
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: 2,
      fields: 2,
      parts: 3,
      fieldSize: 100,
      fieldNameSize: 50,
      headerPairs: 20,
    },
  })

  app.post(
    '/upload-file',
    {
      // No bodyLimit here: multipart bodies are streamed to busboy, not buffered by Fastify, so the
      // server's 256 KiB limit does not apply and the limits above bound the request instead
      // (in distributed mode the gateway's route for upload-file allows the file plus 64 KiB).
      config: {
        errors: ['E_FILE_TYPE', 'E_FILE_TOO_LARGE', 'E_UNSUPPORTED_MEDIA_TYPE', 'E_RATE_LIMITED'],
        public: true,
      },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: Envelope(UploadedFile) } },
    },
    async (req) => {
      const who = uploader(req, tokens)
      try {
        const parts = req.parts()
        const first = (await parts.next()).value
        if (!first || first.type !== 'field' || first.fieldname !== 'purpose')
          throw purposeProblem('send purpose before file')
        const purpose = UPLOAD_PURPOSES.find((p) => p === String(first.value))
        if (!purpose) throw purposeProblem(`must be one of ${UPLOAD_PURPOSES.join(', ')}`)
        await files.admit(purpose, who, req.ip)
        const second = (await parts.next()).value
        if (!second || second.type !== 'file' || second.fieldname !== 'file') {
          throw new AppError('E_VALIDATION', { fields: [{ field: 'file', in: 'body', message: 'is required' }] })
        }
        const content = await second.toBuffer()
        // A part after the file would otherwise be dropped unread while the upload succeeds.
        const extra = (await parts.next()).value
        if (extra)
          throw new AppError('E_VALIDATION', { fields: [{ field: extra.fieldname, in: 'body', message: ONE_FILE }] })
        return ok(await files.store(purpose, who, req.ip, second.filename, content), 'File uploaded.')
      } catch (err) {
        throw multipartError(err)
      }
    },
  )

  app.get(
    '/upload-file/:id',
    {
      config: { produces: ['image/jpeg', 'image/png', 'application/pdf'], member: true },
      schema: { tags, params: Type.Object({ id: Uuid }, { additionalProperties: false }) },
    },
    async (req, reply) => {
      const f = await files.read(principal(req).id, req.params.id)
      return reply
        .type(f.mimeType)
        .header('content-disposition', disposition(f.mimeType === 'application/pdf' ? 'attachment' : 'inline', f.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .send(f.content)
    },
  )

  app.post(
    '/account/documents',
    {
      config: { member: true },
      schema: {
        tags,
        summary: 'My terms and documents: the documents I registered with and when I accepted the terms of use.',
        response: { 200: Envelope(MyDocuments) },
      },
    },
    async (req) => ok(await files.documents(principal(req).id)),
  )
})
