import {
  MODULES,
  permissionsFor,
  type Action,
  type Module,
  type UserPermissions,
  type UserType,
} from '@diamond/contracts/permissions.values'

/**
 * The permission matrix a company admin edits (spec section 6: view, insert and all per module).
 * Ticking a right ticks the rights it includes (all > insert > view); unticking one unticks the rights
 * that need it. An admin grants only rights they hold; the server checks this again.
 */
export const ACTIONS: readonly Action[] = ['view', 'insert', 'all']
type Right = { view: boolean; insert: boolean; all: boolean }
const NONE: Right = { view: false, insert: false, all: false }

export function emptyPermissions(): UserPermissions {
  return Object.fromEntries(MODULES.map((m) => [m, { ...NONE }])) as UserPermissions
}

/** Every module present, missing ones as no rights. */
export function normalise(p: UserPermissions | null | undefined): UserPermissions {
  const out = emptyPermissions()
  for (const m of MODULES) {
    const r = p?.[m]
    if (r) out[m] = { view: !!r.view || !!r.insert || !!r.all, insert: !!r.insert || !!r.all, all: !!r.all }
  }
  return out
}

export function holds(holder: UserPermissions, m: Module, a: Action): boolean {
  const r = holder[m]
  return !!r && (r.all || r[a])
}

export function setRight(p: UserPermissions, m: Module, a: Action, on: boolean): UserPermissions {
  const r: Right = { ...(p[m] ?? NONE) }
  if (on) {
    if (a === 'all') Object.assign(r, { view: true, insert: true, all: true })
    else if (a === 'insert') Object.assign(r, { view: true, insert: true })
    else r.view = true
  } else {
    if (a === 'view') Object.assign(r, { view: false, insert: false, all: false })
    else if (a === 'insert') Object.assign(r, { insert: false, all: false })
    else r.all = false
  }
  return { ...p, [m]: r }
}

/** Drops every right the holder lacks: what may be sent. */
export function withinHolder(p: UserPermissions, holder: UserPermissions): UserPermissions {
  const out = emptyPermissions()
  for (const m of MODULES) {
    const r = p[m] ?? NONE
    out[m] = {
      view: r.view && holds(holder, m, 'view'),
      insert: r.insert && holds(holder, m, 'insert'),
      all: r.all && holds(holder, m, 'all'),
    }
  }
  return out
}

/** E_FORBIDDEN data.rights: `module.action` strings the admin tried to grant without holding them. */
export function refusedRights(data: unknown): { module: string; action: string }[] {
  const rights = (data as { rights?: unknown } | null)?.rights
  if (!Array.isArray(rights)) return []
  return rights
    .filter((r): r is string => typeof r === 'string')
    .map((r) => {
      const [module = r, action = ''] = r.split('.')
      return { module, action }
    })
}

/**
 * E_FORBIDDEN data on a change to a user that no right could fix: the user holds rights the admin
 * lacks (data.outranked), or is the company's last full admin (data.lastFullAdmin).
 */
export function userRefusal(data: unknown): 'outranked' | 'lastFullAdmin' | null {
  const d = data as { outranked?: unknown; lastFullAdmin?: unknown } | null
  if (Array.isArray(d?.outranked)) return 'outranked'
  if (d?.lastFullAdmin === true) return 'lastFullAdmin'
  return null
}

/**
 * Where "Set permissions myself" starts for a new user: the chosen type's own rights with the two
 * settings applied (what the user would get without a custom set), within what the admin holds, so
 * unticking is the admin's choice and no box starts empty by surprise.
 */
export function startingPermissions(
  type: UserType,
  settings: { Is_PlaceOrder: boolean; Is_NoPrice: boolean },
  holder: UserPermissions,
): UserPermissions {
  return withinHolder(
    normalise(permissionsFor(type, { isPlaceOrder: settings.Is_PlaceOrder, isNoPrice: settings.Is_NoPrice })),
    holder,
  )
}
