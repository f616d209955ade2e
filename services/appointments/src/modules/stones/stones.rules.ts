/** An appointment's stones as stock answered for them: state, location, transfer lead time. Pure. */
import type { OfficeBlockAnswered } from '@diamond/contracts/events/office-blocks'
import type { AppointmentStone } from '@diamond/contracts/http/appointments'
import type { AppointmentStoneState } from '@diamond/contracts/http/appointments.values'
import { HOME_LOCATION, OFFICE_LOCATIONS, TRANSFER_DAYS, TRANSFER_DAYS_DEFAULT } from './transfer.constants'

const norm = (location: string) => location.trim().toLowerCase()
const PAIRS = new Map<string, number>(
  TRANSFER_DAYS.flatMap(([a, b, days]) => [
    [`${norm(a)}|${norm(b)}`, days],
    [`${norm(b)}|${norm(a)}`, days],
  ]),
)

/** Where an office is (stock's location name); null for an office the table does not know. */
export const officeLocation = (officeCode: string): string | null => OFFICE_LOCATIONS[officeCode] ?? null

/**
 * Working days for a stone lying at `stoneLocation` to reach the office at `officeAt`: 0 when it is
 * already there, the table's figure for a known pair, else the default. Names compare case-blind.
 */
export function transferDays(officeAt: string, stoneLocation: string): number {
  if (norm(officeAt) === norm(stoneLocation)) return 0
  return PAIRS.get(`${norm(officeAt)}|${norm(stoneLocation)}`) ?? TRANSFER_DAYS_DEFAULT
}

/** A stone row as the appointment keeps it: stock's last answer, or nulls while none came. */
export interface StoneRecord {
  id: string
  blocked: boolean | null
  reason: string | null
  location: string | null
}

/** One word for a stone's state: never `blocked` unless stock said so. */
export function stateOf(s: Pick<StoneRecord, 'blocked' | 'reason'>): AppointmentStoneState {
  if (s.blocked === true) return 'blocked'
  if (s.blocked === false) return s.reason === 'released' ? 'released' : 'refused'
  return 'pending'
}

/** The stone as the appointment's parties see it, with the transfer flag when it lies away from the office. */
export function stoneView(s: StoneRecord, officeCode: string): AppointmentStone {
  const at = officeLocation(officeCode)
  const away = s.location !== null && s.location !== '' && at !== null && transferDays(at, s.location) > 0
  return {
    id: s.id,
    ...(s.blocked === null ? {} : { blocked: s.blocked }),
    ...(s.reason === null ? {} : { reason: s.reason }),
    state: stateOf(s),
    ...(s.location ? { location: s.location } : {}),
    ...(away ? { transferDays: transferDays(at, s.location!) } : {}),
    ...(s.location ? { outsideIndia: norm(s.location) !== norm(HOME_LOCATION) } : {}),
  }
}

/** Stock's answer as the rows to write: one per stone, blocked or refused with its reason, and where it lies. */
export function answerRows(
  a: OfficeBlockAnswered,
): { id: string; blocked: boolean; reason: string | null; location: string | null }[] {
  return a.stones.map((s) =>
    s.blocked
      ? { id: s.id, blocked: true, reason: null, location: s.location || null }
      : { id: s.id, blocked: false, reason: s.reason, location: s.location ?? null },
  )
}

/** Whether stock has answered every stone for `version` (or later). An appointment without stones has nothing to wait for. */
export const allAnswered = (stones: readonly { answerVersion: number | null }[], version: number): boolean =>
  stones.every((s) => s.answerVersion !== null && s.answerVersion >= version)
