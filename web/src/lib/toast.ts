import { proxy } from 'valtio'

export type ToastKind = 'info' | 'success' | 'error'
export interface Toast {
  id: number
  kind: ToastKind
  text: string
}

const SHOW_MS = 5_000
let nextId = 1

export const toasts = proxy<{ list: Toast[] }>({ list: [] })

export function showToast(text: string, kind: ToastKind = 'info'): void {
  const id = nextId++
  toasts.list.push({ id, kind, text })
  // Keep the stack short when many answers arrive at once.
  if (toasts.list.length > 4) toasts.list.shift()
  setTimeout(() => dismissToast(id), SHOW_MS)
}

/**
 * Drops every toast: their texts were translated when shown, so after a switch of language they
 * would speak the old one for their last seconds.
 */
export function clearToasts(): void {
  toasts.list.splice(0)
}

export function dismissToast(id: number): void {
  const i = toasts.list.findIndex((t) => t.id === id)
  if (i >= 0) toasts.list.splice(i, 1)
}
