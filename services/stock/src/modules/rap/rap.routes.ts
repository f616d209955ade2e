import { Envelope } from '@diamond/contracts/common'
import { RapPricePage, RapPriceRequest } from '@diamond/contracts/http/stock'
import { defineRoutes, ok } from '@diamond/runtime'
import { RAP_LIST_DATE, rapList } from './rap.rules'

const LIST = rapList()

/** rap-price/paginate: the Rap list, for the pricing screens (a generated list; the real one is licensed). */
export default defineRoutes(function rapRoutes(app) {
  app.post(
    '/rap-price/paginate',
    {
      config: { permission: ['pricing', 'view'] },
      schema: {
        tags: ['stock'],
        summary: 'The Rap price list, dollars per carat',
        body: RapPriceRequest,
        response: { 200: Envelope(RapPricePage) },
      },
    },
    (req) => {
      const { shape, page = 1, limit = 250 } = req.body
      const list = shape ? LIST.filter((e) => e.shape === shape) : LIST
      return ok({ list: list.slice((page - 1) * limit, page * limit), count: list.length, date: RAP_LIST_DATE })
    },
  )
})
