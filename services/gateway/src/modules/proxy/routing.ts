import type { ServiceName } from '../../config'

/**
 * Which service answers which first path segment under /web/v1. The spec's call names are kept as
 * they are; a service's own name (e.g. /web/v1/stock/health) routes to it too.
 */
const OWNERS: Record<ServiceName, string[]> = {
  auth: ['auth', 'guest', 'register', 'user', 'user-setting', 'setting', 'project-setting', 'account', 'verifyfingerprint', 'resend-fp-otp', 'admin',
    'upload-file', 'address',
  ],
  stock: [
    'stock', 'diamond', 'diamond-track', 'diamond-comment', 'diamond-demand', 'memo', 'diamond-block', 'diamond-block-master', 'rap-price',
    'download-full-stock', 'download-file', 'diamond-confirm', 'match-pair', 'shipping-detail', 'diamond-media', 'order',
  ],
  bidding: ['bidding', 'bid-cart', 'dynamic-diamond-bid', 'diamond-bid'],
  appointments: ['appointments', 'cabin-schedule', 'cabin-slot', 'show-selection'],
  notifications: [
    'notifications', 'notification', 'banner', 'country', 'state', 'city', 'master', 'common', 'event', 'analytics',
    'hit-counter', 'dev',
  ],
}

const BY_SEGMENT = new Map(Object.entries(OWNERS).flatMap(([svc, segs]) => segs.map((s) => [s, svc as ServiceName])))

export function ownerOf(path: string): ServiceName | null {
  const seg = path.replace(/^\/web\/v1\//, '').split(/[/?]/)[0] ?? ''
  return BY_SEGMENT.get(seg) ?? null
}
