import { Envelope, PageRequest } from '@diamond/contracts/common'
import {
  Address,
  AddressPage,
  AddressUpsert,
  AccountUpdate,
  IdRequest,
  ManagedUser,
  Profile,
} from '@diamond/contracts/http/account'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { ProfileService } from './profile.service'

const tags = ['account']
const member = { member: true }

export default defineRoutes(function profileRoutes(app, { profiles }: { profiles: ProfileService }) {
  app.post('/user/profile', { config: member, schema: { tags, response: { 200: Envelope(Profile) } } }, async (req) =>
    ok(await profiles.profile(principal(req).id)),
  )

  app.post(
    '/user/view',
    { config: member, schema: { tags, body: IdRequest, response: { 200: Envelope(ManagedUser) } } },
    async (req) => ok(await profiles.view(principal(req).id, req.body.id)),
  )

  app.post(
    '/account/update',
    { config: member, schema: { tags, body: AccountUpdate, response: { 200: Envelope(Profile) } } },
    async (req) => ok(await profiles.updateAccount(principal(req).id, req.body), 'Profile updated.'),
  )

  app.post(
    '/address/paginate',
    { config: member, schema: { tags, body: PageRequest, response: { 200: Envelope(AddressPage) } } },
    async (req) => {
      const { page = 1, limit = 250 } = req.body
      return ok(await profiles.addresses(principal(req).id, page, limit))
    },
  )

  app.post(
    '/address/upsert',
    { config: member, schema: { tags, body: AddressUpsert, response: { 200: Envelope(Address) } } },
    async (req) => ok(await profiles.upsertAddress(principal(req).id, req.body), 'Address saved.'),
  )

  app.post(
    '/address/delete',
    { config: member, schema: { tags, body: IdRequest, response: { 200: Envelope(IdRequest) } } },
    async (req) => {
      const { id } = req.body
      await profiles.deleteAddress(principal(req).id, id)
      return ok({ id }, 'Address deleted.')
    },
  )
})
