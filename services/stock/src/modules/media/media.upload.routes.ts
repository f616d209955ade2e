import multipart from '@fastify/multipart'
import { Envelope } from '@diamond/contracts/common'
import { MEDIA_UPLOAD_MAX_BYTES, MEDIA_UPLOAD_MAX_FILES, MediaUploadReport } from '@diamond/contracts/http/media'
import { AppError, defineRoutes, ok, principal } from '@diamond/runtime'
import type { IncomingFile, MediaService } from './media.service'
import type { Chunks } from './media.streams'

/** Multipart's own failures, told in the platform's codes. */
function multipartError(err: unknown): unknown {
  switch (typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('E_FILE_TOO_LARGE', { maxBytes: MEDIA_UPLOAD_MAX_BYTES })
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('E_UNSUPPORTED_MEDIA_TYPE', null, 'The request must be multipart/form-data.')
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('E_VALIDATION', {
        fields: [{ field: 'file', in: 'body', message: `at most ${MEDIA_UPLOAD_MAX_FILES} files at once` }],
      })
    default:
      return err
  }
}

/**
 * seller/media/upload: multipart, any number of `file` parts (photos, videos, certificates, zips of
 * them). Each file is read as it arrives and never held whole in memory. Multipart is registered in
 * this plugin only, so the other routes keep refusing anything but JSON.
 */
export default defineRoutes(async function mediaUploadRoutes(app, { media }: { media: MediaService }) {
  await app.register(multipart, {
    limits: {
      fileSize: MEDIA_UPLOAD_MAX_BYTES,
      files: MEDIA_UPLOAD_MAX_FILES + 1,
      fields: 1,
      parts: MEDIA_UPLOAD_MAX_FILES + 2,
      fieldSize: 100,
      fieldNameSize: 50,
      headerPairs: 20,
    },
  })

  app.post(
    '/seller/media/upload',
    {
      // No bodyLimit: multipart is streamed to busboy, never buffered; the limits above and the
      // service's byte budget bound the request (the gateway allows MEDIA_UPLOAD_MAX_BYTES for it).
      config: { seller: true, errors: ['E_FILE_TOO_LARGE', 'E_UNSUPPORTED_MEDIA_TYPE'], member: true },
      schema: {
        tags: ['stock'],
        summary:
          'Upload photos (jpg, png), videos (mp4) and certificates (pdf), or zips of them, matched to stones by file name',
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(MediaUploadReport) },
      },
    },
    async (req) => {
      const who = principal(req)
      media.uploaderOf(who)
      const parts = req.parts()[Symbol.asyncIterator]()
      let first: Awaited<ReturnType<typeof parts.next>>
      let sellerCompanyId: string | undefined
      try {
        // Staff name the seller they act for in a field before the files.
        first = await parts.next()
        if (!first.done && first.value.type === 'field' && first.value.fieldname === 'sellerCompanyId') {
          sellerCompanyId = String(first.value.value)
          first = await parts.next()
        }
      } catch (err) {
        throw multipartError(err)
      }
      async function* files(): AsyncGenerator<IncomingFile> {
        for (let r = first; !r.done; r = await parts.next()) {
          const part = r.value
          if (part.type !== 'file' || part.fieldname !== 'file')
            throw new AppError('E_VALIDATION', {
              fields: [
                { field: part.fieldname, in: 'body', message: 'send sellerCompanyId first, then only file parts' },
              ],
            })
          const chunks: Chunks = part.file[Symbol.asyncIterator]()
          yield { name: part.filename, chunks }
        }
      }
      try {
        return ok(await media.upload(who, files(), sellerCompanyId), 'Media uploaded.')
      } catch (err) {
        throw multipartError(err)
      }
    },
  )
})
