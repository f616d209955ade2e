import { FACILITY_ACTIVITIES, MAX_FACILITIES, type FacilitySave } from '@diamond/contracts/http/facilities'
import type { FieldProblem } from '../registration/registration.rules'
import type { FacilityFields } from './facilities.schema'

/** Spaces as typed inside a text kept, control characters and the ends' blanks dropped. */
const clean = (s: string | undefined): string =>
  // eslint-disable-next-line no-control-regex
  (s ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()

/**
 * A save's fields as stored, or what is wrong with them beyond the schema (which already checked
 * types, lengths and the activity codes): texts blank once trimmed. Activities are kept in the
 * order of the code list, whatever order they were sent in.
 */
export function facilityFields(body: FacilitySave): { fields: FacilityFields } | { problems: FieldProblem[] } {
  const name = clean(body.name)
  const city = clean(body.city)
  const country = clean(body.country)
  const problems: FieldProblem[] = []
  for (const [field, value] of [
    ['name', name],
    ['city', city],
    ['country', country],
  ] as const)
    if (!value) problems.push({ field, in: 'body', message: 'must not be blank' })
  if (problems.length) return { problems }
  return {
    fields: {
      name,
      city,
      country,
      activities: FACILITY_ACTIVITIES.filter((a) => body.activities.includes(a)),
      workers: body.workers,
      monthlyCapacityCt: body.monthlyCapacityCt ?? null,
      certifications: clean(body.certifications),
      isPublic: body.isPublic,
    },
  }
}

/** A new facility beyond the company's limit is refused on `id` (as the address book's limit is). */
export function limitProblem(existing: number): FieldProblem | null {
  return existing >= MAX_FACILITIES
    ? { field: 'id', in: 'body', message: `at most ${MAX_FACILITIES} facilities per company` }
    : null
}
