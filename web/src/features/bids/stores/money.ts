import i18next from 'i18next'
import { fmtDateTime, fmtUsd } from '../../../lib/format'

/**
 * A price per carat as shown in bid texts: "$1,010.00/ct". In a right-to-left language it is
 * isolated as one left-to-right run, so it never reads "ct/$1,010.00".
 */
export function perCarat(cents: number | null | undefined): string {
  return isolated(`${fmtUsd(cents === null || cents === undefined ? null : cents / 100)}/ct`)
}

/** A dollar amount in a bid text ("$1,010.00"), isolated the same way: never "1,010.00$". */
export const usdText = (cents: number): string => isolated(fmtUsd(cents / 100))

/** A date and time in a bid text, isolated the same way: never "PM 11:13 25/11/2026". */
export const dateTimeText = (at: string): string => isolated(fmtDateTime(at))

const isolated = (text: string) => (i18next.dir() === 'rtl' ? `\u2066${text}\u2069` : text)
