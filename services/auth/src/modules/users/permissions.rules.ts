import {
  expandPermissions,
  MODULES,
  type CompactPermissions,
  type Module,
  type UserPermissions,
} from '@diamond/contracts/permissions'

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

/**
 * A user's rights: the rights a company admin set for them, else their type's defaults; the two
 * setting rules of the spec always win, and a guest never gains a changing right.
 */
export function effectivePermissions(
  type: UserType,
  settings: { isPlaceOrder: boolean; isNoPrice: boolean },
  stored: CompactPermissions | null,
): UserPermissions {
  const p = stored ? expandPermissions(stored) : permissionsFor(type, settings)
  p.pricing = {
    view: !settings.isNoPrice,
    insert: p.pricing?.insert ?? false,
    all: !settings.isNoPrice && !!p.pricing?.all,
  }
  p.order = { ...(p.order ?? NONE), insert: type !== 'guest' && settings.isPlaceOrder }
  if (type === 'guest') for (const m of MODULES) p[m] = { view: !!p[m]?.view, insert: false, all: false }
  return p
}

/** A company admin may grant only rights they hold themselves: the rights in `wanted` beyond `holder`. */
export function rightsBeyond(holder: UserPermissions, wanted: UserPermissions): string[] {
  const over: string[] = []
  for (const [m, r] of Object.entries(wanted)) {
    const h = holder[m as Module] ?? NONE
    for (const a of ['view', 'insert', 'all'] as const) if (r[a] && !h[a] && !h.all) over.push(`${m}.${a}`)
  }
  return over
}
