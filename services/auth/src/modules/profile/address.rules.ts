import type { AddressRow } from './addresses.repository'
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

/** What the invoice prints of an address (issue 26). */
export type PrintedAddress = Pick<
  AddressRow,
  'type' | 'street' | 'line1' | 'line2' | 'line3' | 'city' | 'state' | 'country' | 'pinCode' | 'isDefault'
>

/**
 * The address an invoice is billed to: the default address if it is a billing one, else the first
 * billing address, else the default (whatever its type); as printed lines, blanks left out. Null
 * when the book is empty.
 */
export function billingLines(book: readonly PrintedAddress[]): string[] | null {
  const a =
    book.find((x) => x.isDefault && x.type === 'billing') ??
    book.find((x) => x.type === 'billing') ??
    book.find((x) => x.isDefault) ??
    book[0]
  if (!a) return null
  const cityLine = [a.city, a.state, a.pinCode].filter((v) => v.trim()).join(', ')
  return [a.street, a.line1, a.line2, a.line3, cityLine, a.country].map((v) => v.trim()).filter(Boolean)
}
