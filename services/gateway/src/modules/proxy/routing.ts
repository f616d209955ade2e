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

export function ownerOf(path: string): ServiceName | null {
  const seg = path.replace(/^\/web\/v1\//, '').split(/[/?]/)[0] ?? ''
  return BY_SEGMENT.get(seg) ?? null
}
