import { ADDRESS_TYPES, BUSINESS_TYPES, DOCUMENT_TYPES, HEARD_FROM } from '@diamond/contracts/http/account'
import { MASTERS } from '@diamond/contracts/masters'

/** The master lists the signed-out forms may ask for by code: the registration lists and the grading vocabularies. */
export const MASTER_LISTS: Record<string, readonly string[]> = {
  DOCUMENT_TYPE: DOCUMENT_TYPES,
  BUSINESS_TYPE: BUSINESS_TYPES,
  HEARD_FROM: HEARD_FROM,
  ADDRESS_TYPE: ADDRESS_TYPES,
  ...MASTERS,
}

/** The list for a code (case-insensitive), or null for a code we do not know. */
export function masterList(code: string): string[] | null {
  const list = Object.hasOwn(MASTER_LISTS, code.trim().toUpperCase())
    ? MASTER_LISTS[code.trim().toUpperCase()]
    : undefined
  return list ? [...list] : null
}

/** The portal's business time zone (spec section 9). */
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata'

export function serverTime(now: Date) {
  return { time: now.toISOString(), epochMs: now.getTime(), timeZone: BUSINESS_TIME_ZONE }
}
