/**
 * A hold's countdown on the server's clock: the page learns the server's time with the list
 * (`serverTime`, the database clock) and keeps the difference to this device's clock, so a device
 * whose clock is wrong still counts down to the moment the server will release the hold.
 */

/** Server clock minus this device's clock, from a server time read at `receivedAt` (device ms). */
export const clockOffset = (serverTime: string, receivedAt: number): number => Date.parse(serverTime) - receivedAt

/** Whole seconds until `expiresAt` by the server's clock (never below zero). */
export function secondsLeft(expiresAt: string, deviceNow: number, offsetMs: number): number {
  return Math.max(0, Math.floor((Date.parse(expiresAt) - (deviceNow + offsetMs)) / 1000))
}

/** 14:59, or 1:02:03 past an hour; the digits are the same in every language the portal offers. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const ss = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}

/**
 * Whether a row still belongs on its page after a pushed status: a hold page keeps stones on hold,
 * a memo page stones on memo. Anything else (expired, released, sold elsewhere) leaves.
 */
export const stillListed = (kind: 'hold' | 'memo', availability: string): boolean =>
  availability === (kind === 'hold' ? 'H' : 'M')
