import { proxy } from 'valtio'

/** Spec section 8: the confirmation texts, each an i18n key of the base locale files. */
export const CONFIRM_KEYS = [
  'confirm.delete',
  'confirm.logout',
  'confirm.cancelAppointment',
  'confirm.deleteAddress',
  'confirm.deleteAllStones',
  'confirm.deleteStones',
  // Issue 25: the spec asks before unfollowing without giving the words; ours (README decisions).
  'confirm.unfollow',
  // Issue 26: releasing a hold asked whether to delete; it asks whether to release (ours, README decisions).
  'confirm.releaseHold',
] as const
export type ConfirmKey = (typeof CONFIRM_KEYS)[number]

interface Pending {
  id: number
  textKey: string
  resolve: (yes: boolean) => void
}

/** The one question on screen (ConfirmDialog shows it). */
export const confirmation = proxy<{ open: { id: number; textKey: string } | null }>({ open: null })
let pending: Pending | null = null
let nextId = 1

/**
 * Asks the question and resolves true on Yes, false on No or dismissal. A newer question replaces
 * an unanswered one, which then counts as No.
 */
export function confirm(textKey: ConfirmKey | (string & {})): Promise<boolean> {
  pending?.resolve(false)
  return new Promise<boolean>((resolve) => {
    const id = nextId++
    pending = { id, textKey, resolve }
    confirmation.open = { id, textKey }
  })
}

export function answerConfirm(yes: boolean): void {
  const p = pending
  pending = null
  confirmation.open = null
  p?.resolve(yes)
}
