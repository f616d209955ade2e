import { DEFAULT_PAGE_SIZE, Envelope } from '@diamond/contracts/common'
import { LocationRequest, PlacePage } from '@diamond/contracts/http/misc'
import { AppError, defineRoutes, ok } from '@diamond/runtime'
import { cityPage, countryPage, searchCities, statePage } from './places.rules'

const CITY_SEARCH_DEFAULT = 20

/** A field the call cannot do without, named like a schema error. */
function required(value: string | undefined, field: string): string {
  if (!value?.trim())
    throw new AppError(
      'E_VALIDATION',
      { fields: [{ field, in: 'body', message: 'is required' }] },
      `Invalid Fields: ${field} is required`,
    )
  return value.trim()
}

/** Country, state and city lists for addresses and registration: public, the sign-up form needs them. */
export default defineRoutes(function placeRoutes(app) {
  const opts = {
    config: { public: true },
    schema: { tags: ['locations'], body: LocationRequest, response: { 200: Envelope(PlacePage) } },
  }
  const paging = (b: LocationRequest) => ({
    page: b.page ?? 1,
    limit: b.limit ?? DEFAULT_PAGE_SIZE,
    search: b.search?.trim() || undefined,
  })

  app.post('/country/paginate', opts, (req) => ok(countryPage(paging(req.body))))
  app.post('/state/paginate', opts, (req) => {
    const b = req.body
    return ok(statePage({ ...paging(b), countryId: required(b.countryId, 'countryId') }))
  })
  app.post('/city/paginate', opts, (req) => {
    const b = req.body
    return ok(cityPage({ ...paging(b), stateId: required(b.stateId, 'stateId') }))
  })
  app.post('/city/search', opts, (req) => {
    const b = req.body
    return ok(
      searchCities({
        search: required(b.search, 'search'),
        countryId: b.countryId,
        stateId: b.stateId,
        limit: b.limit ?? CITY_SEARCH_DEFAULT,
      }),
    )
  })
})
