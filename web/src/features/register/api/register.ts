import type { RegisterData, RegisterRequest } from '@diamond/contracts/http/account'
import type { LocationRequest, PlacePage } from '@diamond/contracts/http/misc'
import { api } from '../../../lib/api'

/** Spec section 7: register/register for buyers, register/sellers for sellers; both show the loader. */
export const registerBuyer = (req: RegisterRequest) => api<RegisterData>('register/register', req, { loader: true })
export const registerSeller = (req: RegisterRequest) => api<RegisterData>('register/sellers', req, { loader: true })

/** Location lists (country/paginate*, state/paginate*, city/paginate*): one call each, the whole list. */
const LIST_LIMIT = 1000
export const countries = () =>
  api<PlacePage>('country/paginate', { page: 1, limit: LIST_LIMIT } satisfies LocationRequest, { loader: true })
export const states = (countryId: string) =>
  api<PlacePage>('state/paginate', { countryId, page: 1, limit: LIST_LIMIT } satisfies LocationRequest, {
    loader: true,
  })
export const cities = (stateId: string) =>
  api<PlacePage>('city/paginate', { stateId, page: 1, limit: LIST_LIMIT } satisfies LocationRequest, { loader: true })
