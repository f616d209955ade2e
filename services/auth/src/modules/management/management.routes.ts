import { Type } from 'typebox'
import { Envelope, PageRequest } from '@diamond/contracts/common'
import { ManagedUser, UserCreate, UserPage, UserUpdate } from '@diamond/contracts/http/account'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { ManagementService } from './management.service'

const tags = ['account']
const member = { member: true }

export default defineRoutes(function managementRoutes(app, { management }: { management: ManagementService }) {
  // The spec's client reads data[0] of the answer.
  app.put(
    '/user/update',
    { config: member, schema: { tags, body: UserUpdate, response: { 200: Envelope(Type.Array(ManagedUser)) } } },
    async (req) => {
      const { user, own } = await management.update(principal(req).id, req.body)
      return ok([user], own ? 'Settings updated' : 'User updated.')
    },
  )

  app.post(
    '/user/create',
    { config: member, schema: { tags, body: UserCreate, response: { 200: Envelope(ManagedUser) } } },
    async (req) => ok(await management.create(principal(req).id, req.body), 'User created.'),
  )

  app.post(
    '/user/paginate',
    { config: member, schema: { tags, body: PageRequest, response: { 200: Envelope(UserPage) } } },
    async (req) => {
      const { page = 1, limit = 250 } = req.body
      return ok(await management.page(principal(req).id, page, limit))
    },
  )
})
