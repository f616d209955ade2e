import { Type } from 'typebox'
import { AppError, defineRoutes } from '@diamond/runtime'
import { readStones } from '../stones/stone-row'
import type { SearchService } from '../search/search.service'
import type { Database } from '@diamond/runtime/db'
import { plottingImage, stoneImage } from './media.images'

const Params = Type.Object({
  kind: Type.Union([Type.Literal('image'), Type.Literal('plotting')]),
  file: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}\\.svg$' }),
})

/**
 * The demo's media host: GET /diamond-media/{image|plotting}/{stone number}.svg. Open to anyone,
 * as photos on a media host are; only the stone's shape, colour and key to symbols are drawn.
 */
export default defineRoutes(function mediaRoutes(
  app,
  { search, database }: { search: SearchService; database: Database },
) {
  app.get(
    '/diamond-media/:kind/:file',
    {
      config: { produces: ['image/svg+xml'], public: true },
      schema: { tags: ['stock'], summary: 'A drawn stone image or plotting diagram (SVG)', params: Params },
    },
    async (req, reply) => {
      const { kind, file } = req.params
      const slot = search.index.byKey
        .get(file.slice(0, -4).toUpperCase())
        ?.find((i) => search.index.vStnIds[i] === file.slice(0, -4))
      if (slot === undefined) throw new AppError('E_NOT_FOUND')
      const [r] = await readStones(database.sql, [search.index.ids[slot]!], null)
      if (!r) throw new AppError('E_NOT_FOUND')
      const s = { vStnId: r.vStnId, shape: r.shape, fancyColor: r.fancyColor, keyToSymbol: r.keyToSymbol }
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=3600')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(kind === 'image' ? stoneImage(s) : plottingImage(s))
    },
  )
})
