import type { Calculation } from '@diamond/contracts/http/orders'
import { SHIPMENT_STEPS, type ShipmentStatus } from '@diamond/contracts/http/orders.values'

/** Whole cents to dollars for the 2-decimal formatters; absent (prices hidden) stays absent. */
export const dollars = (cents: number | undefined): number | undefined =>
  cents === undefined ? undefined : cents / 100

/** Rap of a selection as the grid's totals show it: the carat-weighted Rap per carat. */
export const averageRap = (c: Pick<Calculation, 'totals'>): number | undefined =>
  c.totals.rapCents === undefined || c.totals.crt <= 0 ? undefined : c.totals.rapCents / 100 / c.totals.crt

/** Discount and price per carat of a selection before the bill type, as the per-stone columns show them. */
export function averages(c: Pick<Calculation, 'totals'>): { back?: number; pricePerCarat?: number } {
  const { amountCents, rapCents, crt } = c.totals
  if (amountCents === undefined || crt <= 0) return {}
  return {
    back: rapCents ? Math.round((amountCents / rapCents - 1) * 10_000) / 100 : undefined,
    pricePerCarat: amountCents / 100 / crt,
  }
}

/** The spec's notices that apply to a calculation, as locale keys under `orders.notices`. */
export function noticeKeys(notices: Calculation['notices'] | undefined): string[] {
  if (!notices) return []
  return (['pricesFixed', 'outsideIndia', 'deliveryDays'] as const).filter((k) => notices[k])
}

/**
 * The stone numbers a refusal names: the server's own list when it sent one, else the ids looked
 * up in the dialog's lines (an id the dialog does not know is shown as it is).
 */
export function refusedNames(data: unknown, lines: readonly { id: string; vStnId: string }[]): string[] {
  const d = (data ?? {}) as { ids?: unknown; vStnIds?: unknown }
  if (Array.isArray(d.vStnIds) && d.vStnIds.every((v) => typeof v === 'string')) return d.vStnIds as string[]
  if (!Array.isArray(d.ids)) return []
  return d.ids.map((id) => lines.find((l) => l.id === id)?.vStnId ?? String(id))
}

/** A fresh idempotency key: one per confirm dialog (and bill type), reused for its retries. */
export const newConfirmKey = (): string => crypto.randomUUID()

/** Issue 26: the step a shipment moves to next (one at a time), or null once delivered. */
export function nextStep(status: ShipmentStatus): ShipmentStatus | null {
  return SHIPMENT_STEPS[SHIPMENT_STEPS.indexOf(status) + 1] ?? null
}

/** A carrier's tracking number as the server takes it (contracts' ShipmentUpdate). */
export const TRACKING_NO = /^[A-Za-z0-9-]{3,60}$/
