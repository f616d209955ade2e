import { Envelope } from '@diamond/contracts/common'
import { BannerPage, BannerPageRequest } from '@diamond/contracts/http/misc'
import { defineRoutes, ok } from '@diamond/runtime'
import type { BannerService } from './banners.service'

/** banner/paginate: the sign-in page asks before anyone is signed in, so it is public. */
export default defineRoutes(function bannerRoutes(app, { banners }: { banners: BannerService }) {
  app.post(
    '/banner/paginate',
    {
      config: { public: true },
      schema: { tags: ['banners'], body: BannerPageRequest, response: { 200: Envelope(BannerPage) } },
    },
    async (req) => {
      const { page = 1, limit = 100, filter = {} } = req.body
      return ok(await banners.page(filter, page, limit))
    },
  )
})
