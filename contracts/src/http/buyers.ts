import { Type, type Static } from 'typebox'
import { Uuid } from '../common'

/**
 * `user/lookup` (issue 26, operator staff): find the buyer a memo, a show or an office block is for,
 * by user name, email, name or company (`q`, a few letters of any), or name the members of a list
 * (`ids`: the buyers of the blocks on screen; stock keeps ids, not names).
 */
export const BuyerLookup = Type.Object(
  {
    q: Type.Optional(Type.String({ minLength: 2, maxLength: 60 })),
    ids: Type.Optional(Type.Array(Uuid, { minItems: 1, maxItems: 250 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 10 })),
  },
  { additionalProperties: false },
)
export type BuyerLookup = Static<typeof BuyerLookup>

export const BuyerHit = Type.Object({
  id: Uuid,
  username: Type.String(),
  name: Type.String(),
  companyName: Type.String(),
  userType: Type.String(),
})
export type BuyerHit = Static<typeof BuyerHit>
export const BuyerHits = Type.Object({ list: Type.Array(BuyerHit) })
export type BuyerHits = Static<typeof BuyerHits>
