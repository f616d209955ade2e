import { Type } from 'typebox'
import { Envelope } from '@diamond/contracts/common'
import { MediaDelete, MediaPage, MediaPaginate } from '@diamond/contracts/http/media'
import { MEDIA_MAX_POSITION, type MediaKind } from '@diamond/contracts/http/media'
import { AppError, defineRoutes, ok, principal } from '@diamond/runtime'
import { ObjectNotFound } from '@diamond/runtime/objects'
import { readStones } from '../stones/stone-row'
import type { SearchService } from '../search/search.service'
import type { Database } from '@diamond/runtime/db'
import { plottingImage, stoneImage } from './media.images'
import { CONTENT_TYPE_OF_EXT } from './media.rules'
import type { MediaService } from './media.service'

const tags = ['stock']

const Params = Type.Object({
  kind: Type.Union([
    Type.Literal('image'),
    Type.Literal('plotting'),
    Type.Literal('video'),
    Type.Literal('certificate'),
  ]),
  file: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}\\.(svg|jpg|png|mp4|pdf)$' }),
})
const Query = Type.Object(
  {
    /** Which photo: 1 (the default) is the main one. */
    n: Type.Optional(Type.String({ pattern: `^(?:[1-9]|${MEDIA_MAX_POSITION})$` })),
    /** The file's version, so a replaced file is a new address (ignored here). */
    v: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
)

const KIND_OF_ROUTE: Record<'image' | 'video' | 'certificate', MediaKind> = {
  image: 'photo',
  video: 'video',
  certificate: 'certificate',
}

/**
 * The portal's media host: GET /diamond-media/{image|plotting}/{stone number}.svg draws the stone
 * (for stones without photos), and /diamond-media/{image|video|certificate}/{stone number}.{jpg|png|mp4|pdf}
 * serves what its seller uploaded. Open to anyone, as photos on a media host are. And the seller's
 * own list of media and its deletes (uploads are in media.upload.routes.ts, the one multipart route).
 */
export default defineRoutes(function mediaRoutes(
  app,
  { search, database, media }: { search: SearchService; database: Database; media: MediaService },
) {
  app.get(
    '/diamond-media/:kind/:file',
    {
      config: {
        produces: ['image/svg+xml', 'image/jpeg', 'image/png', 'video/mp4', 'application/pdf'],
        public: true,
      },
      schema: {
        tags,
        summary: "A stone's photo, video or certificate as uploaded, or its drawn image or plotting diagram (SVG)",
        params: Params,
        querystring: Query,
      },
    },
    async (req, reply) => {
      const { kind, file } = req.params
      const dot = file.lastIndexOf('.')
      const [stem, ext] = [file.slice(0, dot), file.slice(dot + 1)]
      const slot = search.index.byKey.get(stem.toUpperCase())?.find((i) => search.index.vStnIds[i] === stem)
      if (slot === undefined) throw new AppError('E_NOT_FOUND')
      const id = search.index.ids[slot]!
      if (ext === 'svg') {
        if (kind !== 'image' && kind !== 'plotting') throw new AppError('E_NOT_FOUND')
        const [r] = await readStones(database.sql, [id], null)
        if (!r) throw new AppError('E_NOT_FOUND')
        const s = { vStnId: r.vStnId, shape: r.shape, fancyColor: r.fancyColor, keyToSymbol: r.keyToSymbol }
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=3600')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(kind === 'image' ? stoneImage(s) : plottingImage(s))
      }
      if (kind === 'plotting') throw new AppError('E_NOT_FOUND')
      const found = await media
        .open(id, KIND_OF_ROUTE[kind], Number(req.query.n ?? 1), ext, req.headers.range)
        .catch((err: unknown) => (err instanceof ObjectNotFound ? null : Promise.reject(err)))
      if (!found) throw new AppError('E_NOT_FOUND')
      const size = found.row.size
      void reply
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'public, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
      // A video player asks for ranges as it seeks (Safari will not play without them).
      if (!found.stream) return reply.status(416).header('content-range', `bytes */${size}`).send()
      if (found.range)
        void reply
          .status(206)
          .header('content-range', `bytes ${found.range.start}-${found.range.end}/${size}`)
          .header('content-length', String(found.range.end - found.range.start + 1))
      else void reply.header('content-length', String(size))
      return reply
        .type(CONTENT_TYPE_OF_EXT[ext]!)
        .header('content-disposition', `inline; filename="${stem}.${ext}"`)
        .send(found.stream)
    },
  )

  app.post(
    '/seller/media/paginate',
    {
      config: { seller: true, member: true },
      schema: {
        tags,
        summary: "The seller's photos, videos and certificates, newest first (staff: every seller's)",
        body: MediaPaginate,
        response: { 200: Envelope(MediaPage) },
      },
    },
    async (req) => ok(await media.page(principal(req), req.body)),
  )

  app.post(
    '/seller/media/delete',
    {
      config: { seller: true, member: true },
      schema: {
        tags,
        summary: "Delete some of the seller's media (all of them, or none when one is not theirs)",
        body: MediaDelete,
        response: { 200: Envelope(Type.Object({ deleted: Type.Integer() })) },
      },
    },
    async (req) => ok(await media.delete(principal(req), req.body), 'Media deleted'),
  )
})
