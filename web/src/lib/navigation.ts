import type { Module, UserPermissions } from '@diamond/contracts/permissions'

/**
 * The signed-in screens of spec section 2 as data: path pattern, the permission module that gates
 * it, and who else may or may not open it. The router (routes.tsx) maps each id to its component;
 * the header builds its menus from the same table, so a link never leads to a closed screen.
 *
 * Decisions where the spec names no module: /new-arrivals and /diamond-list are search-result lists
 * (searchList); /account/offer-list is the quote module (offers are counter-quotes); the narrow-only
 * /notification follows notifications like its desktop twin.
 */
export interface Screen {
  id: string
  /** wouter-style pattern: `:name` and a trailing optional `:name?` only. */
  path: string
  /** Shown only with view permission on this module; otherwise the path behaves as unknown. */
  module?: Module
  /** With `module`: the right needed beyond view (a staff screen that only changes things). */
  action?: 'insert' | 'all'
  /** Not for guests (their token is refused by member-only calls): behaves as unknown for them. */
  memberOnly?: true
  /** Company admins only. */
  adminOnly?: true
  /** Staff of the operator company only (they review registrations). */
  operatorOnly?: true
  /** Sellers' screens (issue 23): sellers, and operator staff who act for any seller; never buyers or guests. */
  sellerOnly?: true
  /**
   * Spec: some routes exist only at widths up to 767. On a wider screen we send the visitor to the
   * desktop screen that holds the same content rather than to /not-found: a phone link opened on a
   * desktop still lands somewhere useful.
   */
  wideTo?: string
}

const gated = (id: string, path: string, module: Module): Screen => ({ id, path, module })

export const SCREENS: readonly Screen[] = [
  gated('dashboard', '/dashboard', 'dashboard'),
  gated('fancySearch', '/fancy-search/:id?', 'fancySearch'),
  gated('diamondSearch', '/diamond-search/:id?', 'diamondSearch'),
  gated('searchMatchPair', '/search-match-pair/:id?', 'matchPair'),
  gated('exclusive', '/exclusive/:id?', 'exclusive'),
  gated('matchPair', '/match-pair/:id?', 'matchPair'),
  gated('newArrivalBidIt', '/new-arrival-bid-it/:id?', 'bid'),
  gated('quoteDay', '/quote-day/:id?', 'quoteDay'),
  gated('diamondList', '/diamond-list/:id?', 'searchList'),
  gated('stoneOfTheDay', '/stone-of-the-day/:id?', 'stoneOfDay'),
  gated('suggestedStock', '/suggested-stock/:id?', 'suggestedStock'),
  gated('upcoming', '/upcoming/:id?', 'upcoming'),
  gated('newArrivals', '/new-arrivals', 'searchList'),
  // Spec section 2 names parcel and non-certified searches without paths or modules: stock pages
  // like /upcoming, open to whoever may list search results.
  gated('parcel', '/parcel/:id?', 'searchList'),
  gated('nonCertified', '/non-certified/:id?', 'searchList'),
  gated('compare', '/compare', 'compare'),
  gated('quickSearch', '/quick-search', 'quickSearch'),
  gated('notifications', '/notifications', 'notifications'),
  gated('cart', '/account/cart', 'cart'),
  gated('buyRequest', '/account/buy-request', 'buyRequest'),
  gated('confirmList', '/account/confirm-list', 'confirmStone'),
  gated('myDemand', '/account/my-demand', 'demand'),
  gated('enquiry', '/account/enquiry', 'enquiry'),
  gated('hold', '/account/hold', 'hold'),
  gated('memo', '/account/memo', 'memo'),
  gated('notes', '/account/notes', 'notes'),
  gated('officeList', '/account/office-list', 'office'),
  gated('offerList', '/account/offer-list', 'quote'),
  gated('reminder', '/account/reminder', 'reminder'),
  gated('savedSearch', '/account/saved-search', 'saveSearch'),
  gated('myShipment', '/account/my-shipment', 'shipment'),
  gated('purchaseHistory', '/account/purchase-history', 'order'),
  gated('watchlist', '/account/watchlist', 'watchlist'),
  // Ungated signed-in screens.
  { id: 'searchBidDiamond', path: '/search-bid-diamond/:id?' },
  { id: 'collection', path: '/collection/:id?' },
  { id: 'dealOfTheDay', path: '/deal-of-the-day/:id?' },
  { id: 'myBid', path: '/my-bid/:id?' },
  { id: 'account', path: '/account', memberOnly: true },
  { id: 'profile', path: '/account/profile', memberOnly: true },
  { id: 'diamondSequence', path: '/account/profile/diamond-sequence', memberOnly: true },
  { id: 'addresses', path: '/account/addresses', memberOnly: true },
  // Issue 25 (path ours): My account → Manufacturing, the company's facilities, on every width.
  { id: 'manufacturing', path: '/account/manufacturing', memberOnly: true },
  { id: 'users', path: '/account/users', memberOnly: true, adminOnly: true },
  // Not in the spec: operator staff review registrations with view on their module (all decides).
  {
    id: 'registrations',
    path: '/account/registrations',
    module: 'registrations',
    memberOnly: true,
    operatorOnly: true,
  },
  // Issue 26 (path ours): the sales team moves shipments on (shipment module, all).
  {
    id: 'shipmentDesk',
    path: '/account/shipments',
    module: 'shipment',
    action: 'all',
    memberOnly: true,
    operatorOnly: true,
  },
  // Not in the spec: the sales team sets up auctions here (bid module, all) rather than by API.
  { id: 'auctions', path: '/account/auctions', module: 'bid', action: 'all', memberOnly: true, operatorOnly: true },
  // Not in the spec's route list: a seller's inventory (spec section 2 "Upload inventory and manage diamonds").
  { id: 'inventoryUpload', path: '/inventory/upload', memberOnly: true, sellerOnly: true },
  { id: 'inventoryHistory', path: '/inventory/history', memberOnly: true, sellerOnly: true },
  { id: 'manageDiamonds', path: '/inventory/diamonds', memberOnly: true, sellerOnly: true },
  { id: 'mediaUpload', path: '/inventory/media', memberOnly: true, sellerOnly: true },
  { id: 'ftpSettings', path: '/inventory/ftp', memberOnly: true, sellerOnly: true },
  { id: 'inventoryInstructions', path: '/inventory/instructions', memberOnly: true, sellerOnly: true },
  // Spec section 2 "Article management": the seller's articles, and a seller's listed ones for any member.
  { id: 'inventoryArticles', path: '/inventory/articles', memberOnly: true, sellerOnly: true },
  { id: 'sellerArticles', path: '/seller/:companyId/articles', memberOnly: true },
  // Issue 25 (paths not shown in the spec, ours): the member directory, a company's profile, follow lists.
  { id: 'memberDirectory', path: '/member-directory', memberOnly: true },
  { id: 'member', path: '/member/:companyId', memberOnly: true },
  { id: 'followers', path: '/account/followers', memberOnly: true },
  { id: 'following', path: '/account/following', memberOnly: true },
  // Issue 24: book a cabin (or a video meeting) and my appointments; booking changes things (office insert), guests book nothing.
  { id: 'bookAppointment', path: '/appointments/book', module: 'office', action: 'insert', memberOnly: true },
  { id: 'myAppointments', path: '/appointments', module: 'office', memberOnly: true },
  // The sales side's calendar: the operator's staff with the office module's all (sales persons, admins).
  {
    id: 'salesCalendar',
    path: '/appointments/calendar',
    module: 'office',
    action: 'all',
    memberOnly: true,
    operatorOnly: true,
  },
  // Offices, hours, holidays, cabins and sales persons: the same staff.
  {
    id: 'appointmentSettings',
    path: '/appointments/settings',
    module: 'office',
    action: 'all',
    memberOnly: true,
    operatorOnly: true,
  },
  { id: 'privacyNotice', path: '/privacy-notice' },
  // Issue 25, customer care: the events calendar for everyone signed in; feedback and the concierge
  // for members; the sales inbox (concierge, contact, feedback results) and the content editor for
  // operator staff. The portal's own pages open to everyone are routes of routes.tsx (OPEN_PAGES).
  { id: 'events', path: '/events' },
  { id: 'feedback', path: '/feedback', memberOnly: true },
  { id: 'concierge', path: '/concierge', memberOnly: true },
  { id: 'careInbox', path: '/care/inbox', memberOnly: true, operatorOnly: true },
  { id: 'contentEditor', path: '/care/content', memberOnly: true, operatorOnly: true },
  { id: 'trackDiamond', path: '/track-diamond' },
  // Narrow screens only.
  { id: 'changePassword', path: '/account/change-password', memberOnly: true, wideTo: '/account/profile' },
  { id: 'companyProfile', path: '/account/company-profile', memberOnly: true, wideTo: '/account/profile' },
  { id: 'personalInformation', path: '/account/personal-information', memberOnly: true, wideTo: '/account/profile' },
  { id: 'stockNotification', path: '/account/stock-notification', memberOnly: true, wideTo: '/account/profile' },
  { id: 'notification', path: '/notification', module: 'notifications', wideTo: '/notifications' },
]

const byId = new Map(SCREENS.map((s) => [s.id, s]))
export function screen(id: string): Screen {
  const s = byId.get(id)
  if (!s) throw new Error(`no screen ${id}`)
  return s
}

/** The link to a screen: its pattern without the optional trailing parameter. */
export const hrefOf = (s: Screen): string => s.path.replace(/\/:\w+\?$/, '')

/** Matches `path` against a pattern; the params, or null. Trailing slashes are tolerated. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = []
  const source = pattern
    .split('/')
    .slice(1)
    .map((seg) => {
      const p = /^:(\w+)(\?)?$/.exec(seg)
      if (!p) return '/' + seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      names.push(p[1]!)
      return p[2] ? '(?:/([^/]+))?' : '/([^/]+)'
    })
    .join('')
  const m = new RegExp(`^${source}/?$`).exec(path)
  if (!m) return null
  const params: Record<string, string> = {}
  names.forEach((n, i) => {
    const v = m[i + 1]
    if (v !== undefined) params[n] = decodeURIComponent(v)
  })
  return params
}

export interface Viewer {
  token: boolean
  trusted: boolean
  permissions: UserPermissions
  guest: boolean
  admin: boolean
  /** Staff of the operator company. */
  operator: boolean
  /** A seller (user type seller): lists stock. */
  seller: boolean
  /** The screen is at most 767 px wide. */
  narrow: boolean
}

/** Whether the viewer may open the screen at all (width aside). */
export function canOpen(
  s: Screen,
  v: Pick<Viewer, 'permissions' | 'guest' | 'admin' | 'operator' | 'seller'>,
): boolean {
  if (s.module && !v.permissions[s.module]?.view) return false
  if (s.module && s.action && !(v.permissions[s.module]?.all || v.permissions[s.module]?.[s.action])) return false
  if (s.memberOnly && v.guest) return false
  if (s.adminOnly && !v.admin) return false
  if (s.operatorOnly && !v.operator) return false
  if (s.sellerOnly && !v.seller && !v.operator) return false
  return true
}

export type Decision =
  { kind: 'show'; screen: Screen; params: Record<string, string> } | { kind: 'redirect'; to: string }

/**
 * Spec section 2 for a path outside the public and open routes: unknown -> /not-found; no token
 * -> /signin; an untrusted browser -> /verify-otp; a screen the user may not open behaves as
 * unknown; a narrow-only screen on a wide one goes to its desktop twin.
 */
export function decide(path: string, v: Viewer): Decision {
  let found: { screen: Screen; params: Record<string, string> } | null = null
  for (const s of SCREENS) {
    const params = matchPath(s.path, path)
    if (params) {
      found = { screen: s, params }
      break
    }
  }
  if (!found) return { kind: 'redirect', to: '/not-found' }
  if (!v.token) return { kind: 'redirect', to: '/signin' }
  if (!v.trusted) return { kind: 'redirect', to: '/verify-otp' }
  if (!canOpen(found.screen, v)) return { kind: 'redirect', to: '/not-found' }
  if (found.screen.wideTo && !v.narrow) return { kind: 'redirect', to: found.screen.wideTo }
  return { kind: 'show', ...found }
}

/** The booking screen with these stones on it: the cart, a selection and a stone's page link here. */
export const bookAppointmentHref = (ids: readonly string[]): string =>
  ids.length ? `/appointments/book?stones=${ids.map(encodeURIComponent).join(',')}` : '/appointments/book'

/** Spec section 4: after login, a stored diamond detail id wins over the dashboard. */
export function afterLoginPath(detailId: string | null, asked: string | null = null): string {
  if (detailId) return `/diamond-detail/${encodeURIComponent(detailId)}`
  // Only a signed-in screen of ours: a stored value is never a way off the site.
  return asked &&
    asked.startsWith('/') &&
    !asked.startsWith('//') &&
    SCREENS.some((s) => matchPath(s.path, asked.split('?')[0]!))
    ? asked
    : '/dashboard'
}

/** The header's menus: groups of screens, each shown only with the screens the viewer may open. */
export const NAV_GROUPS: readonly { id: string; items: readonly string[] }[] = [
  {
    id: 'search',
    items: ['diamondSearch', 'quickSearch', 'fancySearch', 'searchMatchPair', 'diamondList', 'savedSearch'],
  },
  {
    id: 'stock',
    items: [
      'newArrivals',
      'upcoming',
      'exclusive',
      'stoneOfTheDay',
      'suggestedStock',
      'quoteDay',
      'matchPair',
      'dealOfTheDay',
      'collection',
      'parcel',
      'nonCertified',
      'compare',
    ],
  },
  { id: 'bids', items: ['newArrivalBidIt', 'searchBidDiamond', 'myBid', 'auctions'] },
  {
    id: 'lists',
    items: [
      'cart',
      'watchlist',
      'reminder',
      'notes',
      'enquiry',
      'hold',
      'memo',
      'confirmList',
      'purchaseHistory',
      'offerList',
      'officeList',
      'buyRequest',
      'myDemand',
      'myShipment',
      'shipmentDesk',
      'trackDiamond',
    ],
  },
  { id: 'appointments', items: ['bookAppointment', 'myAppointments', 'salesCalendar', 'appointmentSettings'] },
  // Members and customer care share one menu: with both, a staff header no longer fitted one line at 1280 px.
  {
    id: 'community',
    items: [
      'memberDirectory',
      'following',
      'followers',
      'events',
      'concierge',
      'feedback',
      'careInbox',
      'contentEditor',
    ],
  },
  {
    id: 'inventory',
    items: [
      'inventoryUpload',
      'manageDiamonds',
      'inventoryHistory',
      'mediaUpload',
      'inventoryArticles',
      'ftpSettings',
      'inventoryInstructions',
    ],
  },
]

export function navFor(
  v: Pick<Viewer, 'permissions' | 'guest' | 'admin' | 'operator' | 'seller'>,
): { id: string; items: Screen[] }[] {
  return NAV_GROUPS.map((g) => ({ id: g.id, items: g.items.map(screen).filter((s) => canOpen(s, v)) })).filter(
    (g) => g.items.length > 0,
  )
}

/**
 * The portal's own pages anyone may open, signed in or not (issue 25): terms of use must be readable
 * before registering, contact must work for someone who cannot sign in. The privacy notice stays a
 * signed-in screen as the spec lists it (/privacy-notice); the others have no path in the spec.
 */
export const OPEN_PAGES = [
  { id: 'termsOfUse', path: '/terms-of-use', slug: 'terms-of-use' },
  { id: 'about', path: '/about', slug: 'about' },
  { id: 'csr', path: '/csr', slug: 'csr' },
  { id: 'careers', path: '/careers', slug: 'careers' },
  { id: 'news', path: '/news', slug: 'news' },
  { id: 'testimonials', path: '/testimonials', slug: 'testimonials' },
  { id: 'faqs', path: '/faqs' },
  { id: 'contact', path: '/contact' },
  { id: 'sitemap', path: '/sitemap' },
] as const

/**
 * The sitemap: every screen the viewer may open, as the menus group them, then the rest they may
 * open, then the open pages. Screens with a parameter (a stone, a seller) and narrow-only twins are
 * reached from elsewhere, so they are left out.
 */
export function sitemapFor(v: Viewer): { id: string; items: { id: string; href: string }[] }[] {
  const link = (s: Screen) => ({ id: s.id, href: hrefOf(s) })
  const usable = (s: Screen) =>
    v.token && v.trusted && canOpen(s, v) && !hrefOf(s).includes(':') && (!s.wideTo || v.narrow)
  const grouped = NAV_GROUPS.map((g) => ({ id: g.id, items: g.items.map(screen).filter(usable).map(link) }))
  const inGroups = new Set(NAV_GROUPS.flatMap((g) => g.items))
  const privacy = screen('privacyNotice')
  const rest = SCREENS.filter((s) => !inGroups.has(s.id) && s !== privacy && usable(s)).map(link)
  const pages = OPEN_PAGES.map((p) => ({ id: p.id, href: p.path as string }))
  return [
    ...grouped,
    { id: 'account', items: rest },
    { id: 'portal', items: usable(privacy) ? [...pages, link(privacy)] : pages },
  ].filter((g) => g.items.length > 0)
}
