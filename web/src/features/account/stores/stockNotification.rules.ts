import { STOCK_INTERVALS, STOCK_TYPES } from '@diamond/contracts/http/account.values'

/**
 * The Stock Notification settings form (spec sections 2 and 5), as pure rules: interval 1 Daily,
 * 2 Weekly, 3 Monthly; stock type 1 New Stock, 0 Full Stock; both required; the on/off flag optional.
 */
export const INTERVAL_OPTIONS = [
  { value: 1, key: 'daily' },
  { value: 2, key: 'weekly' },
  { value: 3, key: 'monthly' },
] as const satisfies readonly { value: (typeof STOCK_INTERVALS)[number]; key: string }[]
export const STOCK_TYPE_OPTIONS = [
  { value: 1, key: 'newStock' },
  { value: 0, key: 'fullStock' },
] as const satisfies readonly { value: (typeof STOCK_TYPES)[number]; key: string }[]

/** What the controls hold: select values are text; '' is "nothing chosen". */
export interface StockValues {
  stkNotiDt: string
  stkNoti: string
  isStkNoti: boolean
}
export type StockField = 'stkNotiDt' | 'stkNoti'
/** required: 'Please, select an option'; invalid: 'Please, select a valid option'. */
export type StockError = 'required' | 'invalid'
export type StockErrors = Partial<Record<StockField, StockError>>

const ALLOWED: Record<StockField, readonly number[]> = { stkNotiDt: STOCK_INTERVALS, stkNoti: STOCK_TYPES }

export function checkChoice(value: unknown, allowed: readonly number[]): StockError | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return 'required'
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)
        ? Number(value)
        : Number.NaN
  return allowed.includes(n) ? null : 'invalid'
}

export function checkStockField(field: StockField, values: StockValues): StockError | null {
  return checkChoice(values[field], ALLOWED[field])
}

export function validateStock(values: StockValues): StockErrors {
  const errors: StockErrors = {}
  for (const f of ['stkNotiDt', 'stkNoti'] as const) {
    const e = checkStockField(f, values)
    if (e) errors[f] = e
  }
  return errors
}

/** The stored settings as they may arrive: the stock type alone or in its one-element array. */
export interface StoredStockSettings {
  stkNotiDt?: number | null
  stkNoti?: number | readonly number[] | null
  isStkNoti?: boolean | null
}

const first = (v: StoredStockSettings['stkNoti']): number | null | undefined =>
  Array.isArray(v) ? (v as readonly number[])[0] : (v as number | null | undefined)

/** The form filled from the stored user; nothing stored, nothing chosen. */
export function stockValuesFrom(user: StoredStockSettings | null | undefined): StockValues {
  const dt = user?.stkNotiDt
  const type = first(user?.stkNoti)
  return {
    stkNotiDt: dt === null || dt === undefined ? '' : String(dt),
    stkNoti: type === null || type === undefined ? '' : String(type),
    isStkNoti: user?.isStkNoti === true,
  }
}

export interface StockUpdate {
  id: string
  stkNotiDt: 1 | 2 | 3
  stkNoti: [1 | 0]
  isStkNoti: boolean
}

/** Spec section 5: the interval as a number, the stock type as a one-element array of a number, the flag as a boolean. Valid values only. */
export function toStockUpdate(id: string, values: StockValues): StockUpdate {
  return {
    id,
    stkNotiDt: Number(values.stkNotiDt) as StockUpdate['stkNotiDt'],
    stkNoti: [Number(values.stkNoti) as 1 | 0],
    isStkNoti: values.isStkNoti === true,
  }
}

/** The three settings of user/update's answer (data[0]), in the stored user's shape. */
export function storedSettingsFrom(updated: StoredStockSettings): {
  stkNotiDt: number | null
  stkNoti: number | null
  isStkNoti: boolean
} {
  return {
    stkNotiDt: updated.stkNotiDt ?? null,
    stkNoti: first(updated.stkNoti) ?? null,
    isStkNoti: updated.isStkNoti === true,
  }
}
