import { SERVICES } from '@diamond/runtime/registry'
import type { ServiceName } from '../../config'

/**
 * Which service answers which first path segment under /web/v1, as the service registry says. The
 * spec's call names are kept as they are; a service's own name (e.g. /web/v1/stock/health) routes to
 * it too.
 */
const BY_SEGMENT = new Map<string, ServiceName>(
  SERVICES.flatMap((s) => s.paths.map((segment) => [segment, s.name] as const)),
)

/** Whole calls a service answers under another's segment (stock's user/dashboard under auth's user/). */
const BY_CALL = new Map<string, ServiceName>(
  SERVICES.flatMap((s) => ('calls' in s ? s.calls : []).map((call) => [call, s.name] as const)),
)

export function ownerOf(path: string): ServiceName | null {
  const parts = path
    .replace(/^\/web\/v1\//, '')
    .split(/[?#]/)[0]!
    .split('/')
  const seg = parts[0] ?? ''
  return BY_CALL.get(`${seg}/${parts[1] ?? ''}`) ?? BY_SEGMENT.get(seg) ?? null
}
