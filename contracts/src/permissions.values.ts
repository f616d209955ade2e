/** Permissions without TypeBox, so the web app can import them without the schema library. */

/**
 * The permission modules of spec section 6, plus `order` (insert follows Is_PlaceOrder) and
 * `registrations`: operator staff list registrations and read their documents with view, and
 * approve or reject them with all (issue 21; admins and sales people hold it by default).
 */
export const MODULES = [
  'fancySearch',
  'diamondSearch',
  'matchPair',
  'exclusive',
  'bid',
  'quoteDay',
  'searchList',
  'stoneOfDay',
  'suggestedStock',
  'upcoming',
  'compare',
  'dashboard',
  'demand',
  'quickSearch',
  'saveSearch',
  'shipment',
  'cart',
  'buyRequest',
  'confirmStone',
  'enquiry',
  'hold',
  'memo',
  'notes',
  'notifications',
  'office',
  'quote',
  'reminder',
  'watchlist',
  'pricing',
  'order',
  'registrations',
] as const
export type Module = (typeof MODULES)[number]
export type Action = 'view' | 'insert' | 'all'
export interface ModuleRights {
  view: boolean
  insert: boolean
  all: boolean
}
export type UserPermissions = Partial<Record<Module, ModuleRights>>

/**
 * Tokens carry permissions compactly: one string per module made of the letters v, i, a.
 * `all` grants every action on the module.
 */
export type CompactPermissions = Partial<Record<Module, string>>

export function compactPermissions(p: UserPermissions): CompactPermissions {
  const out: CompactPermissions = {}
  for (const [m, r] of Object.entries(p) as [Module, ModuleRights][]) {
    const s = (r.view ? 'v' : '') + (r.insert ? 'i' : '') + (r.all ? 'a' : '')
    if (s) out[m] = s
  }
  return out
}

export function expandPermissions(c: CompactPermissions): UserPermissions {
  const out: UserPermissions = {}
  for (const m of MODULES) {
    const s = c[m] ?? ''
    out[m] = { view: s.includes('v'), insert: s.includes('i'), all: s.includes('a') }
  }
  return out
}

export function can(c: CompactPermissions, module: Module, action: Action): boolean {
  const s = c[module]
  if (!s) return false
  return s.includes('a') || s.includes(action[0]!)
}

/**
 * Whether prices may be shown to the holder of these rights: the pricing module's view right, which
 * the user's Is_NoPrice setting takes away. Every service that answers with a price asks this.
 */
export const seesPrices = (c: CompactPermissions): boolean => can(c, 'pricing', 'view')

export type UserType = 'buyer' | 'seller' | 'sales' | 'admin' | 'guest'

const NONE = { view: false, insert: false, all: false }
const VIEW = { view: true, insert: false, all: false }
const INSERT = { view: true, insert: true, all: false }
const ALL = { view: true, insert: true, all: true }

// What a buyer may look at, and what a buyer may do to stock.
const BROWSE: Module[] = [
  'fancySearch',
  'diamondSearch',
  'matchPair',
  'exclusive',
  'bid',
  'quoteDay',
  'searchList',
  'stoneOfDay',
  'suggestedStock',
  'upcoming',
  'compare',
  'dashboard',
  'quickSearch',
  'notifications',
]
const TRADE: Module[] = [
  'bid',
  'demand',
  'saveSearch',
  'shipment',
  'cart',
  'buyRequest',
  'confirmStone',
  'enquiry',
  'hold',
  'memo',
  'notes',
  'office',
  'quote',
  'reminder',
  'watchlist',
  'order',
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
