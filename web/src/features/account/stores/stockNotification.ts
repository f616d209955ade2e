import { proxy } from 'valtio'
import type { ApiError } from '../../../lib/api'
import { session } from '../../../lib/session'
import { updateUser } from '../api/account'
import { patchStoredUser } from './profile'
import {
  checkStockField,
  stockValuesFrom,
  storedSettingsFrom,
  toStockUpdate,
  validateStock,
  type StockErrors,
  type StockField,
  type StockValues,
} from './stockNotification.rules'

export const stockForm = proxy({
  values: stockValuesFrom(null) as StockValues,
  errors: {} as StockErrors,
  saving: false,
})

/** Spec section 2: the form fills itself from the stored user. */
export function fillStockForm(): void {
  stockForm.values = stockValuesFrom(session.user)
  stockForm.errors = {}
  stockForm.saving = false
}

export function setStockValue<K extends keyof StockValues>(field: K, value: StockValues[K]): void {
  stockForm.values[field] = value
  if (field !== 'isStkNoti' && stockForm.errors[field as StockField]) blurStockField(field as StockField)
}

/** Spec section 5: validation runs when a field loses focus. */
export function blurStockField(field: StockField): void {
  const e = checkStockField(field, stockForm.values)
  if (e) stockForm.errors[field] = e
  else delete stockForm.errors[field]
}

export type StockOutcome = { kind: 'ok' } | { kind: 'invalid'; field: StockField } | { kind: 'error'; error: ApiError }

/** PUT user/update with the caller's id; the answer's data[0] becomes the stored user's settings. */
export async function submitStockForm(): Promise<StockOutcome> {
  const errors = validateStock(stockForm.values)
  stockForm.errors = errors
  const invalid = (['stkNotiDt', 'stkNoti'] as const).find((f) => errors[f])
  if (invalid) return { kind: 'invalid', field: invalid }
  const id = session.user?.id
  if (!id || stockForm.saving) return { kind: 'invalid', field: 'stkNotiDt' }
  stockForm.saving = true
  const { data, error } = await updateUser(toStockUpdate(id, stockForm.values))
  stockForm.saving = false
  if (error) return { kind: 'error', error }
  const updated = Array.isArray(data) ? data[0] : undefined
  const settings = updated ? storedSettingsFrom(updated) : storedSettingsFrom(toStockUpdate(id, stockForm.values))
  patchStoredUser(settings)
  stockForm.values = stockValuesFrom(settings)
  return { kind: 'ok' }
}
