import type { Facility, FacilitySave } from '@diamond/contracts/http/facilities'
import { FACILITY_ACTIVITIES, FACILITY_LIMITS, type FacilityActivity } from '@diamond/contracts/http/facilities.values'

/**
 * The manufacturing form's rules, pure: what each field needs and the body `company/facility/save`
 * gets. Limits are the contract's (contracts/http/facilities.values.ts). Each error is a text under
 * `facilities.errors.<code>`.
 */
export type FacilityError = 'required' | 'tooLong' | 'activities' | 'workers' | 'capacity'

export interface FacilityValues {
  /** '' for a new facility. */
  id: string
  name: string
  city: string
  country: string
  activities: FacilityActivity[]
  /** As typed: numbers are checked, then sent as integers. */
  workers: string
  monthlyCapacityCt: string
  certifications: string
  isPublic: boolean
}

/** The form's fields in the order they are checked and focused. */
export const FACILITY_ORDER = [
  'name',
  'city',
  'country',
  'activities',
  'workers',
  'monthlyCapacityCt',
  'certifications',
] as const satisfies readonly (keyof FacilityValues)[]

export const emptyFacility = (): FacilityValues => ({
  id: '',
  name: '',
  city: '',
  country: '',
  activities: [],
  workers: '',
  monthlyCapacityCt: '',
  certifications: '',
  isPublic: true,
})

export const facilityValuesFrom = (f: Facility): FacilityValues => ({
  id: f.id,
  name: f.name,
  city: f.city,
  country: f.country,
  activities: [...f.activities],
  workers: String(f.workers),
  monthlyCapacityCt: f.monthlyCapacityCt === null ? '' : String(f.monthlyCapacityCt),
  certifications: f.certifications,
  isPublic: f.isPublic,
})

/** A whole number from min to max as typed (digits only, thousands separators refused), else null. */
function wholeIn(s: string, min: number, max: number): number | null {
  const t = s.trim()
  if (!/^\d{1,9}$/.test(t)) return null
  const n = Number(t)
  return n >= min && n <= max ? n : null
}

function text(s: string, max: number, required: boolean): FacilityError | undefined {
  if (required && !s.trim()) return 'required'
  return s.trim().length > max ? 'tooLong' : undefined
}

export function validateFacility(v: FacilityValues): Partial<Record<keyof FacilityValues, FacilityError>> {
  const out: Partial<Record<keyof FacilityValues, FacilityError>> = {
    name: text(v.name, FACILITY_LIMITS.name, true),
    city: text(v.city, FACILITY_LIMITS.city, true),
    country: text(v.country, FACILITY_LIMITS.country, true),
    activities: v.activities.length ? undefined : 'activities',
    workers: !v.workers.trim()
      ? 'required'
      : wholeIn(v.workers, 0, FACILITY_LIMITS.maxWorkers) === null
        ? 'workers'
        : undefined,
    monthlyCapacityCt:
      v.monthlyCapacityCt.trim() && wholeIn(v.monthlyCapacityCt, 1, FACILITY_LIMITS.maxMonthlyCapacityCt) === null
        ? 'capacity'
        : undefined,
    certifications: text(v.certifications, FACILITY_LIMITS.certifications, false),
  }
  for (const k of Object.keys(out) as (keyof FacilityValues)[]) if (!out[k]) delete out[k]
  return out
}

/** The body of `company/facility/save` from valid values: trimmed, numbers as integers, activities in code order. */
export function toFacilitySave(v: FacilityValues): FacilitySave {
  const capacity = v.monthlyCapacityCt.trim()
  return {
    ...(v.id ? { id: v.id } : {}),
    name: v.name.trim(),
    city: v.city.trim(),
    country: v.country.trim(),
    activities: FACILITY_ACTIVITIES.filter((a) => v.activities.includes(a)),
    workers: Number(v.workers.trim()),
    monthlyCapacityCt: capacity ? Number(capacity) : null,
    certifications: v.certifications.trim(),
    isPublic: v.isPublic,
  }
}

/** Adds or takes away one activity. */
export const toggleActivity = (list: readonly FacilityActivity[], a: FacilityActivity, on: boolean) =>
  on ? (list.includes(a) ? [...list] : [...list, a]) : list.filter((x) => x !== a)
