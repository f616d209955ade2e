import type { Facility, FacilityPublic } from '@diamond/contracts/http/facilities'
import type { FacilityRow } from './facilities.schema'

/** A facility as other members see it (the member profile). */
export const toPublic = (r: FacilityRow): FacilityPublic => ({
  id: r.id,
  name: r.name,
  city: r.city,
  country: r.country,
  activities: r.activities,
  workers: r.workers,
  monthlyCapacityCt: r.monthlyCapacityCt,
  certifications: r.certifications,
})
/** A facility as its company's members see it. */
export const toFacility = (r: FacilityRow): Facility => ({
  ...toPublic(r),
  isPublic: r.isPublic,
  updatedAt: r.updatedAt.toISOString(),
})
