/** What staff may set on an office, a cabin or a sales person. Pure. */
import { hoursProblem, type WeeklyHours } from '../slots/slots.rules'
import { isTimeZone } from '../slots/zone'

/**
 * What is wrong with a time zone, or null: an IANA name the platform's zone data knows
 * (`Europe/Brussels`, `Asia/Kolkata`, `UTC`). Offsets such as `+05:30` and abbreviations such as
 * `EST` are refused even where Intl accepts them: they do not follow an office's daylight saving.
 */
export function zoneProblem(timeZone: string): string | null {
  if (timeZone !== 'UTC' && !/^[A-Z][A-Za-z_]+(\/[A-Za-z0-9_+-]+){1,2}$/.test(timeZone))
    return 'is not an IANA time zone (Area/City, e.g. Europe/Brussels)'
  return isTimeZone(timeZone) ? null : 'is not a known time zone'
}

/** What is wrong with a week of hours, or null (see hoursProblem): the field it names is the caller's. */
export const weekProblem = (hours: WeeklyHours): string | null => hoursProblem(hours)

/**
 * Whether a change takes a cabin or sales person away from appointments to come: deactivating
 * it, or moving a sales person to another office. Such a change is refused (E_STILL_BOOKED) while
 * any booking not cancelled ends after now.
 */
export function takesAway(
  before: { active: boolean; officeId: string },
  after: { active: boolean; officeId: string },
): boolean {
  return before.active && (!after.active || before.officeId !== after.officeId)
}
