/**
 * The Content-Security-Policy of the portal's pages and answers. The web app is Vite's build: one
 * module script and its chunks and CSS from /assets, no inline script anywhere, and React sets
 * style props through the CSSOM (which CSP does not govern), so neither scripts nor styles need
 * 'unsafe-inline'. Live changes come over socket.io and the plain WebSocket on the same origin
 * ('self' covers ws: and wss: of the page's own host in CSP level 3). Stone photos and plottings
 * may live on other hosts (STOCK_IMAGE_HOST and its siblings): their origins are allowed as images.
 */
export type Directives = Record<string, string[]>

const SELF = "'self'"

/** The origin of an absolute http(s) media host; a relative one is the portal itself ('self'). */
export function originOf(host: string): string | null {
  if (!/^https?:\/\//i.test(host)) return null
  try {
    return new URL(host).origin
  } catch {
    return null
  }
}

export function strictDirectives(mediaHosts: string[]): Directives {
  const media = [...new Set(mediaHosts.map(originOf).filter((o): o is string => o !== null))]
  return {
    'default-src': [SELF],
    'base-uri': [SELF],
    'script-src': [SELF],
    'script-src-attr': ["'none'"],
    'style-src': [SELF],
    // Images the app makes itself: an uploaded file's preview (blob:) and Vite's inlined icons (data:).
    'img-src': [SELF, 'data:', 'blob:', ...media],
    'media-src': [SELF, ...media],
    'font-src': [SELF, 'data:'],
    'connect-src': [SELF],
    'object-src': ["'none'"],
    'form-action': [SELF],
    'frame-ancestors': ["'none'"],
  }
}

/**
 * Pages that are not the web app and carry inline styles: the API docs (Swagger UI) and the
 * development mailbox. Their styles may be inline; scripts stay 'self' only.
 */
export function relaxedDirectives(strict: Directives): Directives {
  return { ...strict, 'style-src': [SELF, "'unsafe-inline'"], 'img-src': [...strict['img-src']!, 'https:'] }
}

export const RELAXED_PATHS = ['/web/v1/docs', '/web/v1/dev/mailbox/page']

export function serialize(d: Directives): string {
  return Object.entries(d)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ')
}
