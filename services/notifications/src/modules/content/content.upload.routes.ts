import multipart from '@fastify/multipart'
import { Envelope } from '@diamond/contracts/common'
import { BANNER_IMAGE_MAX_BYTES, BannerImageUploaded } from '@diamond/contracts/http/content'
import { AppError, defineRoutes, ok, principal } from '@diamond/runtime'
import type { ContentService } from './content.service'

/**
 * `banner/image/upload` (operator staff): multipart with one `file`; its type is read from its first
 * bytes (png, jpeg, webp), never from its name. Multipart is registered in this plugin only.
 */
export default defineRoutes(async function contentUploadRoutes(app, { content }: { content: ContentService }) {
  await app.register(multipart, {
    limits: { fileSize: BANNER_IMAGE_MAX_BYTES + 1, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  })
  app.post(
    '/banner/image/upload',
    {
      config: { member: true, errors: ['E_IMAGE_TYPE', 'E_FILE_TOO_LARGE', 'E_NOT_FOUND'] },
      schema: {
        tags: ['content'],
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(BannerImageUploaded) },
      },
    },
    async (req) => {
      const who = principal(req)
      let file
      try {
        file = await req.file()
      } catch (err) {
        if (
          typeof err === 'object' &&
          err !== null &&
          'code' in err &&
          err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE'
        )
          throw new AppError('E_UNSUPPORTED_MEDIA_TYPE', null, 'The request must be multipart/form-data.')
        throw err
      }
      if (!file || file.fieldname !== 'file')
        throw new AppError('E_VALIDATION', { fields: [{ field: 'file', in: 'body', message: 'is required' }] })
      let bytes: Buffer
      try {
        bytes = await file.toBuffer()
      } catch (err) {
        if (typeof err === 'object' && err !== null && 'code' in err && err.code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('E_FILE_TOO_LARGE', { maxBytes: BANNER_IMAGE_MAX_BYTES })
        throw err
      }
      return ok({ url: await content.uploadBannerImage(who, bytes) }, 'Uploaded')
    },
  )
})
