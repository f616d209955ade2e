import type {
  AccountUpdate,
  Address,
  AddressPage,
  AddressUpsert,
  ManagedUser,
  Profile,
  UserCreate,
  UserPage,
  UserUpdate,
} from '@diamond/contracts/http/account'
import type { ChangePasswordRequest, TokenData } from '@diamond/contracts/http/auth'
import type { PageRequest } from '@diamond/contracts/common'
import { api } from '../../../lib/api'

/** Spec section 7: user/profile, account/update*, PUT user/update*, auth/reset-password-by-user. */
export const loadProfileRequest = () => api<Profile>('user/profile', {})
export const updateAccount = (body: AccountUpdate) => api<unknown>('account/update', body, { loader: true })
export const updateUser = (body: UserUpdate) => api<ManagedUser[]>('user/update', body, { loader: true, method: 'PUT' })
export const changePassword = (body: ChangePasswordRequest) =>
  api<TokenData>('auth/reset-password-by-user', body, { loader: true })

/** Addresses: the default first, then the newest. */
export const listAddresses = (page: PageRequest = { page: 1, limit: 250 }) =>
  api<AddressPage>('address/paginate', page, { loader: true })
export const upsertAddress = (body: AddressUpsert) => api<Address>('address/upsert', body, { loader: true })
export const deleteAddress = (id: string) => api<unknown>('address/delete', { id }, { loader: true })

/** User management, for company admins. */
export const listUsers = (page: PageRequest) => api<UserPage>('user/paginate', page, { loader: true })
export const createUser = (body: UserCreate) => api<ManagedUser>('user/create', body, { loader: true })

/** The stock digest mail's link: turns the mails off without signing in. */
export const unsubscribeDigests = (token: string) =>
  api<unknown>('user/stock-notification/unsubscribe', { token }, { loader: true })
