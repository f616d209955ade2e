import { MODULES, type Module, type UserPermissions } from '@diamond/contracts/permissions'

export type UserType = 'buyer' | 'seller' | 'sales' | 'admin' | 'guest'
export const USER_TYPES: readonly UserType[] = ['buyer', 'seller', 'sales', 'admin', 'guest']

const NONE = { view: false, insert: false, all: false }
const VIEW = { view: true, insert: false, all: false }
const INSERT = { view: true, insert: true, all: false }
const ALL = { view: true, insert: true, all: true }

// What a buyer may look at, and what a buyer may do to stock.
const BROWSE: Module[] = [
  'fancySearch', 'diamondSearch', 'matchPair', 'exclusive', 'bid', 'quoteDay', 'searchList', 'stoneOfDay',
  'suggestedStock', 'upcoming', 'compare', 'dashboard', 'quickSearch', 'notifications',
]
const TRADE: Module[] = [
  'bid', 'demand', 'saveSearch', 'shipment', 'cart', 'buyRequest', 'confirmStone', 'enquiry', 'hold', 'memo',
  'notes', 'office', 'quote', 'reminder', 'watchlist', 'order',
]

/**
 * The rights a user type starts with, then the spec's two setting rules: order insert follows
 * Is_PlaceOrder, and pricing view and all are the opposite of Is_NoPrice.
 */
export function permissionsFor(type: UserType, s: { isPlaceOrder: boolean; isNoPrice: boolean }): UserPermissions {
  const p: UserPermissions = Object.fromEntries(MODULES.map((m) => [m, { ...NONE }]))
  for (const m of BROWSE) p[m] = { ...VIEW }
  if (type === 'buyer' || type === 'seller') for (const m of TRADE) p[m] = { ...INSERT }
  if (type === 'sales' || type === 'admin') for (const m of MODULES) p[m] = { ...ALL }
  // A guest looks and changes nothing.
  p.pricing = { view: !s.isNoPrice, insert: false, all: !s.isNoPrice && (type === 'sales' || type === 'admin') }
  p.order = { ...p.order!, insert: type !== 'guest' && s.isPlaceOrder }
  return p
}
