/**
 * A company's manufacturing facilities (My account → Manufacturing), without TypeBox, for the web
 * bundle. What a facility does is one or more of these fixed codes, translated on screen.
 */
export const FACILITY_ACTIVITIES = ['planning', 'cuttingPolishing', 'laserSawing', 'grading', 'setting'] as const
export type FacilityActivity = (typeof FACILITY_ACTIVITIES)[number]

/** At most this many facilities per company. */
export const MAX_FACILITIES = 20

/** Field limits, shared by the contract and the web form. */
export const FACILITY_LIMITS = {
  name: 120,
  city: 80,
  country: 80,
  certifications: 300,
  maxWorkers: 100_000,
  maxMonthlyCapacityCt: 10_000_000,
} as const
