import {
  expandPermissions,
  MODULES,
  type CompactPermissions,
  type Module,
  type UserPermissions,
} from '@diamond/contracts/permissions'

import { permissionsFor, type UserType } from '@diamond/contracts/permissions.values'

// The user types' starting rights live in contracts (the user form starts from them too).
export { permissionsFor, type UserType }

const NONE = { view: false, insert: false, all: false }

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
