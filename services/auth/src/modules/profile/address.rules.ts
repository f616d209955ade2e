/** An address book has room for this many addresses. */
export const MAX_ADDRESSES = 50

export interface DefaultPlan {
  /** The saved address's flag. */
  isDefault: boolean
  /** Another address holds the flag and must give it up first. */
  clearOthers: boolean
  /** The saved address gives the flag up: the newest other address takes it. */
  promoteOther: boolean
}

/**
 * Where the default flag goes when an address is saved. A user with addresses always has exactly
 * one default: the first address is it, choosing another moves it, and un-choosing the default
 * hands it to the newest other address.
 * `others`: how many other addresses the user has; `current`: the flag before (null for a new one).
 */
export function planDefault(others: number, current: boolean | null, requested: boolean | undefined): DefaultPlan {
  if (others === 0) return { isDefault: true, clearOthers: false, promoteOther: false }
  if (requested === true) return { isDefault: true, clearOthers: current !== true, promoteOther: false }
  if (requested === false) return { isDefault: false, clearOthers: false, promoteOther: current === true }
  return { isDefault: current ?? false, clearOthers: false, promoteOther: false }
}
