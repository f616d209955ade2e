import { proxy } from 'valtio'
import { subscribeKey } from 'valtio/utils'
import { isOperator, session } from '../../../lib/session'
import { sellerScope, type SellerScope } from './inventory.rules'

/** A seller company as staff pick it: its id, name and live stones. */
export interface ActingSeller {
  id: string
  name: string
  liveStones: number
}

/**
 * The seller operator staff act for on the inventory screens, kept for the session (in memory: a
 * new sign-in starts without one). Sellers act for their own company and never set it.
 */
export const actingSeller = proxy<{ seller: ActingSeller | null }>({ seller: null })

export function chooseSeller(seller: ActingSeller | null): void {
  actingSeller.seller = seller ? { ...seller } : null
}

// Another user (or none) signed in: the choice was the previous user's.
let userId = session.user?.id ?? null
subscribeKey(session, 'user', (user) => {
  if ((user?.id ?? null) !== userId) chooseSeller(null)
  userId = user?.id ?? null
})

/** What the inventory calls name now (null: staff who have not chosen; no call should be made). */
export const currentScope = (): SellerScope | null =>
  sellerScope(isOperator(session.user), actingSeller.seller?.id ?? null)
