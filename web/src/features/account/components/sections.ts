/**
 * The account's sections: the profile's tabs on wide screens, their own routes on narrow ones
 * (spec section 2: the narrow-only routes, width at most 767). Addresses, manufacturing and users
 * have a route on every width; so does the diamond sequence (the spec's /account/profile/diamond-sequence). Settings,
 * match pair settings and terms and documents have no route of their own in the spec: they are tabs
 * on every width.
 */
export const SECTIONS = [
  { key: 'personal', narrowPath: '/account/personal-information', adminOnly: false },
  { key: 'company', narrowPath: '/account/company-profile', adminOnly: false },
  // Issue 25: the company's manufacturing facilities; a route on every width, as addresses (path ours).
  { key: 'manufacturing', narrowPath: '/account/manufacturing', adminOnly: false },
  { key: 'addresses', narrowPath: '/account/addresses', adminOnly: false },
  { key: 'password', narrowPath: '/account/change-password', adminOnly: false },
  { key: 'stockNotification', narrowPath: '/account/stock-notification', adminOnly: false },
  { key: 'settings', narrowPath: '/account/profile?tab=settings', adminOnly: false },
  { key: 'matchPair', narrowPath: '/account/profile?tab=matchPair', adminOnly: false },
  { key: 'sequence', narrowPath: '/account/profile/diamond-sequence', adminOnly: false },
  { key: 'documents', narrowPath: '/account/profile?tab=documents', adminOnly: false },
  { key: 'users', narrowPath: '/account/users', adminOnly: true },
] as const
export type SectionKey = (typeof SECTIONS)[number]['key']

export const tabPath = (key: SectionKey) => `/account/profile?tab=${key}`
