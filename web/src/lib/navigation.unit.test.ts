import { describe, expect, it } from 'vitest'
import { MODULES, type Module, type UserPermissions } from '@diamond/contracts/permissions.values'
import shellEn from '../features/shell/locales/shell.en.json'
import {
  afterLoginPath,
  decide,
  hrefOf,
  matchPath,
  NAV_GROUPS,
  navFor,
  OPEN_PAGES,
  screen,
  sitemapFor,
  SCREENS,
  type Viewer,
} from './navigation'

const rights = (view: readonly Module[], insert: readonly Module[] = []): UserPermissions =>
  Object.fromEntries(MODULES.map((m) => [m, { view: view.includes(m), insert: insert.includes(m), all: false }]))

const buyer: Viewer = {
  token: true,
  trusted: true,
  permissions: rights(MODULES),
  guest: false,
  admin: false,
  operator: false,
  seller: false,
  narrow: false,
}
// What the auth service gives a guest: the browsing modules, view only.
const guest: Viewer = {
  ...buyer,
  guest: true,
  permissions: rights([
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
  ]),
}

describe('matching a path', () => {
  it('takes an optional trailing id, and a trailing slash', () => {
    expect(matchPath('/diamond-search/:id?', '/diamond-search')).toEqual({})
    expect(matchPath('/diamond-search/:id?', '/diamond-search/abc')).toEqual({ id: 'abc' })
    expect(matchPath('/diamond-search/:id?', '/diamond-search/')).toEqual({})
    expect(matchPath('/reset-password/:token', '/reset-password/a%20b')).toEqual({ token: 'a b' })
  })

  it('matches whole segments only', () => {
    expect(matchPath('/account', '/account/cart')).toBeNull()
    expect(matchPath('/diamond-search/:id?', '/diamond-search/a/b')).toBeNull()
    expect(matchPath('/compare', '/comparex')).toBeNull()
  })
})

describe('the signed-in area', () => {
  it('sends unknown paths to /not-found, signed in or not', () => {
    expect(decide('/some/unknown/path', buyer)).toEqual({ kind: 'redirect', to: '/not-found' })
    expect(decide('/some/unknown/path', { ...buyer, token: false })).toEqual({ kind: 'redirect', to: '/not-found' })
  })

  it('sends a visitor without a token to /signin, and an untrusted browser to /verify-otp', () => {
    expect(decide('/dashboard', { ...buyer, token: false, trusted: false })).toEqual({
      kind: 'redirect',
      to: '/signin',
    })
    expect(decide('/account/cart', { ...buyer, trusted: false })).toEqual({ kind: 'redirect', to: '/verify-otp' })
  })

  it('opens a gated screen only with view permission on its module', () => {
    expect(decide('/new-arrival-bid-it/7', buyer)).toMatchObject({
      kind: 'show',
      screen: { id: 'newArrivalBidIt' },
      params: { id: '7' },
    })
    expect(decide('/new-arrival-bid-it', { ...buyer, permissions: rights(['dashboard']) })).toEqual({
      kind: 'redirect',
      to: '/not-found',
    })
    // insert without view is not enough
    expect(decide('/account/cart', { ...buyer, permissions: rights([], ['cart']) })).toEqual({
      kind: 'redirect',
      to: '/not-found',
    })
  })

  it('maps each gated route of the spec to its module', () => {
    const expected: Record<string, Module> = {
      '/diamond-search': 'diamondSearch',
      '/fancy-search': 'fancySearch',
      '/search-match-pair': 'matchPair',
      '/exclusive': 'exclusive',
      '/match-pair': 'matchPair',
      '/new-arrival-bid-it': 'bid',
      '/quote-day': 'quoteDay',
      '/diamond-list': 'searchList',
      '/stone-of-the-day': 'stoneOfDay',
      '/suggested-stock': 'suggestedStock',
      '/upcoming': 'upcoming',
      '/compare': 'compare',
      '/dashboard': 'dashboard',
      '/quick-search': 'quickSearch',
      '/notifications': 'notifications',
      '/account/cart': 'cart',
      '/account/buy-request': 'buyRequest',
      '/account/confirm-list': 'confirmStone',
      '/account/my-demand': 'demand',
      '/account/enquiry': 'enquiry',
      '/account/hold': 'hold',
      '/account/memo': 'memo',
      '/account/notes': 'notes',
      '/account/office-list': 'office',
      '/account/reminder': 'reminder',
      '/account/saved-search': 'saveSearch',
      '/account/my-shipment': 'shipment',
      '/account/watchlist': 'watchlist',
    }
    for (const [path, module] of Object.entries(expected)) {
      const d = decide(path, buyer)
      expect(d.kind === 'show' && d.screen.module, path).toBe(module)
    }
  })

  it('keeps guests out of the modules they lack and out of member pages', () => {
    expect(decide('/dashboard', guest).kind).toBe('show')
    expect(decide('/account/cart', guest)).toEqual({ kind: 'redirect', to: '/not-found' })
    expect(decide('/account/hold', guest)).toEqual({ kind: 'redirect', to: '/not-found' })
    expect(decide('/account/profile', guest)).toEqual({ kind: 'redirect', to: '/not-found' })
    expect(decide('/privacy-notice', guest).kind).toBe('show')
  })

  it('opens user management to company admins only', () => {
    expect(decide('/account/users', buyer)).toEqual({ kind: 'redirect', to: '/not-found' })
    expect(decide('/account/users', { ...buyer, admin: true }).kind).toBe('show')
  })

  it('opens the registrations to review to operator staff only, never to a guest', () => {
    expect(decide('/account/registrations', buyer)).toEqual({ kind: 'redirect', to: '/not-found' })
    expect(decide('/account/registrations', { ...buyer, admin: true })).toEqual({ kind: 'redirect', to: '/not-found' })
    expect(decide('/account/registrations', { ...buyer, operator: true })).toMatchObject({
      kind: 'show',
      screen: { id: 'registrations' },
    })
    expect(decide('/account/registrations', { ...guest, operator: true })).toEqual({
      kind: 'redirect',
      to: '/not-found',
    })
  })

  it('keeps the registrations from operator staff without view on the registrations module (issue 21)', () => {
    const twoViews: Viewer = { ...buyer, admin: true, operator: true, permissions: rights(['searchList', 'dashboard']) }
    expect(decide('/account/registrations', twoViews)).toEqual({ kind: 'redirect', to: '/not-found' })
    expect(decide('/account/registrations', { ...twoViews, permissions: rights(['registrations']) })).toMatchObject({
      kind: 'show',
    })
  })

  it('opens the inventory screens to sellers and operator staff, never to buyers or guests (issue 23)', () => {
    for (const path of ['/inventory/upload', '/inventory/diamonds', '/inventory/history', '/inventory/ftp']) {
      expect(decide(path, buyer), path).toEqual({ kind: 'redirect', to: '/not-found' })
      expect(decide(path, { ...buyer, seller: true }).kind, path).toBe('show')
      expect(decide(path, { ...buyer, operator: true }).kind, path).toBe('show')
      expect(decide(path, { ...guest, seller: true }), path).toEqual({ kind: 'redirect', to: '/not-found' })
    }
    expect(navFor(buyer).map((g) => g.id)).not.toContain('inventory')
    expect(
      navFor({ ...buyer, seller: true })
        .find((g) => g.id === 'inventory')
        ?.items.map((s) => s.id),
    ).toContain('inventoryUpload')
  })

  it('shows narrow-only screens on narrow screens and sends wide ones to the desktop screen', () => {
    expect(decide('/account/change-password', { ...buyer, narrow: true })).toMatchObject({
      kind: 'show',
      screen: { id: 'changePassword' },
    })
    expect(decide('/account/change-password', buyer)).toEqual({ kind: 'redirect', to: '/account/profile' })
    expect(decide('/account/stock-notification', buyer)).toEqual({ kind: 'redirect', to: '/account/profile' })
    expect(decide('/notification', buyer)).toEqual({ kind: 'redirect', to: '/notifications' })
  })

  it('checks permission before width', () => {
    expect(decide('/notification', { ...guest, permissions: rights(['dashboard']) })).toEqual({
      kind: 'redirect',
      to: '/not-found',
    })
  })
})

describe('after login', () => {
  it('goes to a stored diamond detail, else the dashboard', () => {
    expect(afterLoginPath('s-42')).toBe('/diamond-detail/s-42')
    expect(afterLoginPath(null)).toBe('/dashboard')
    // A screen asked for while signed out (the popup's "Book an appointment"), never a way off the site.
    expect(afterLoginPath(null, '/appointments/book')).toBe('/appointments/book')
    expect(afterLoginPath('s-42', '/appointments/book')).toBe('/diamond-detail/s-42')
    expect(afterLoginPath(null, '//evil.example/appointments')).toBe('/dashboard')
    expect(afterLoginPath(null, '/nowhere')).toBe('/dashboard')
  })
})

describe('the header menus', () => {
  it('show only screens the viewer may open, and drop empty groups', () => {
    const groups = navFor(guest)
    const ids = groups.flatMap((g) => g.items.map((s) => s.id))
    expect(ids).not.toContain('cart')
    expect(ids).not.toContain('hold')
    expect(ids).toContain('diamondSearch')
    for (const s of groups.flatMap((g) => g.items))
      if (s.module) expect(guest.permissions[s.module]?.view, s.id).toBe(true)
    expect(
      navFor({ ...buyer, permissions: {} })
        .flatMap((g) => g.items)
        .every((s) => !s.module),
    ).toBe(true)
  })

  it('links to every screen by a path its own pattern accepts', () => {
    for (const s of SCREENS) expect(matchPath(s.path, hrefOf(s)), s.id).not.toBeNull()
    expect(hrefOf(screen('fancySearch'))).toBe('/fancy-search')
  })
})

describe('titles', () => {
  it('exist for every screen and menu group', () => {
    for (const s of SCREENS) expect(shellEn.screens[s.id as keyof typeof shellEn.screens], s.id).toBeTruthy()
    for (const g of NAV_GROUPS) expect(shellEn.nav[g.id as keyof typeof shellEn.nav], g.id).toBeTruthy()
  })
})

describe('sitemap (issue 25)', () => {
  const base = { token: true, trusted: true, guest: false, admin: false, operator: false, seller: false, narrow: false }
  const all = (g: ReturnType<typeof sitemapFor>) => g.flatMap((x) => x.items.map((i) => i.href))

  it('lists only the open pages to a signed-out visitor', () => {
    const map = sitemapFor({ ...base, token: false, trusted: false, permissions: {} })
    expect(map.map((g) => g.id)).toEqual(['portal'])
    expect(all(map)).toContain('/terms-of-use')
    expect(all(map)).toContain('/contact')
    expect(all(map)).not.toContain('/privacy-notice')
  })

  it('lists what a signed-in user may open, and nothing they may not', () => {
    const viewer = { ...base, permissions: { dashboard: { view: true, insert: false, all: false } } }
    const hrefs = all(sitemapFor(viewer))
    expect(hrefs).toEqual(
      expect.arrayContaining(['/dashboard', '/events', '/concierge', '/feedback', '/privacy-notice', '/sitemap']),
    )
    expect(hrefs).not.toContain('/care/inbox')
    expect(hrefs).not.toContain('/diamond-search')
    expect(hrefs.some((h) => h.includes(':'))).toBe(false)
    for (const h of hrefs.filter((h) => !OPEN_PAGES.some((p) => p.path === h)))
      expect(decide(h, viewer).kind, h).toBe('show')
  })

  it('adds the staff screens for operator staff', () => {
    const hrefs = all(sitemapFor({ ...base, operator: true, permissions: {} }))
    expect(hrefs).toEqual(expect.arrayContaining(['/care/inbox', '/care/content']))
  })
})
