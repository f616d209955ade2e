import { Readable } from 'node:stream'
import multipart from '@fastify/multipart'
import { Envelope } from '@diamond/contracts/common'
import { ARTICLE_PHOTO_MAX_BYTES, Article } from '@diamond/contracts/http/articles'
import { AppError, defineRoutes, ok, principal } from '@diamond/runtime'
import type { Chunks } from '../media/media.streams'
import type { ArticleService } from './articles.service'
import { invalidField } from '@diamond/runtime/errors'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const fieldProblem = invalidField

/** Multipart's own failures, told in the platform's codes. */
function multipartError(err: unknown): unknown {
  switch (typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('E_FILE_TOO_LARGE', { maxBytes: ARTICLE_PHOTO_MAX_BYTES })
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('E_UNSUPPORTED_MEDIA_TYPE', null, 'The request must be multipart/form-data.')
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return fieldProblem('file', 'send sellerCompanyId (staff), articleId, then one file')
    default:
      return err
  }
}

/**
 * `article/photo/upload`: multipart, the fields `sellerCompanyId` (staff only) and `articleId`, then
 * one `file`. The photo (at most the limit) is read whole before it is stored, so that a part sent
 * after it is refused rather than dropped unseen with the photo kept. Multipart is registered
 * in this plugin only, so the other routes keep refusing anything but JSON.
 */
export default defineRoutes(async function articleUploadRoutes(app, { articles }: { articles: ArticleService }) {
  await app.register(multipart, {
    limits: {
      // Past the service's own limit by a little, so the service's check (and its code) speaks first.
      fileSize: ARTICLE_PHOTO_MAX_BYTES + 64 * 1024,
      files: 1,
      fields: 2,
      parts: 3,
      fieldSize: 100,
      fieldNameSize: 50,
      headerPairs: 20,
    },
  })

  app.post(
    '/article/photo/upload',
    {
      config: { seller: true, errors: ['E_FILE_TOO_LARGE', 'E_UNSUPPORTED_MEDIA_TYPE'], member: true },
      schema: {
        tags: ['stock'],
        summary: 'Add one photo (jpg or png, checked by its content) to an article, at most 8',
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(Article) },
      },
    },
    async (req) => {
      const who = principal(req)
      const fields: Record<string, string> = {}
      try {
        const parts = req.parts()
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.fieldname !== 'articleId' && part.fieldname !== 'sellerCompanyId')
              throw fieldProblem(part.fieldname, 'is not a field of a photo upload')
            const value = String(part.value)
            if (!UUID.test(value)) throw fieldProblem(part.fieldname, 'must be a uuid')
            fields[part.fieldname] = value
            continue
          }
          if (part.fieldname !== 'file') throw fieldProblem(part.fieldname, 'send articleId, then one file')
          if (!fields.articleId) throw fieldProblem('articleId', 'is required before the file')
          // Read whole (at most the photo limit) so that a part after it is refused before anything is stored.
          const photo = await part.toBuffer()
          const extra = (await parts[Symbol.asyncIterator]().next()).value
          if (extra) throw fieldProblem(extra.fieldname, 'send articleId, then one file')
          const chunks: Chunks = Readable.from([photo])[Symbol.asyncIterator]()
          const article = await articles.addPhoto(
            who,
            fields.articleId,
            { name: part.filename, chunks },
            fields.sellerCompanyId,
          )
          return ok(article, 'Photo added')
        }
      } catch (err) {
        throw multipartError(err)
      }
      throw fieldProblem('file', 'is required')
    },
  )
})
