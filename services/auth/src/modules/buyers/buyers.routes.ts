import { Envelope } from '@diamond/contracts/common'
import { BuyerHits, BuyerLookup } from '@diamond/contracts/http/buyers'
import { AppError, defineRoutes, ok, principal, type Database } from '@diamond/runtime'
import { findTraders, usersByIds } from './buyers.repository'

/**
 * The operator's staff find the member a memo, show or office block is for (stock knows no names).
 * Anyone else is refused: a member directory of people is not for buyers to browse.
 */
export default defineRoutes(function buyerRoutes(app, { database }: { database: Database }) {
  app.post(
    '/user/lookup',
    {
      config: { member: true },
      schema: {
        tags: ['account'],
        summary: 'Operator staff: members who trade, by a few letters of login, email, name or company',
        body: BuyerLookup,
        response: { 200: Envelope(BuyerHits) },
      },
    },
    async (req) => {
      if (!principal(req).operator) throw new AppError('E_FORBIDDEN')
      const { q, ids, limit = 10 } = req.body
      if ((q === undefined) === (ids === undefined))
        throw new AppError('E_VALIDATION', { fields: [{ field: 'q', in: 'body', message: 'give q or ids' }] })
      return ok({ list: ids ? await usersByIds(database.sql, ids) : await findTraders(database.sql, q!, limit) })
    },
  )
})
