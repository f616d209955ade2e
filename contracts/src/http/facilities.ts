import { Type, type Static } from 'typebox'
import { literals, Uuid } from '../common'
import { FACILITY_ACTIVITIES, FACILITY_LIMITS as L, MAX_FACILITIES } from './facilities.values'

export * from './facilities.values'

/**
 * `company/facility/paginate`, `company/facility/save` and `company/facility/delete` (auth service,
 * first segment `company`): the caller's company's manufacturing facilities. Every member of the
 * company reads them; only the company admin changes them; at most MAX_FACILITIES per company.
 * Those marked public are shown on the company's member profile (`member/view` → `facilities`).
 */
const Activities = Type.Array(literals(FACILITY_ACTIVITIES), {
  minItems: 1,
  maxItems: FACILITY_ACTIVITIES.length,
  uniqueItems: true,
})

/** A facility as other members see it on the company's profile (public ones only). */
export const FacilityPublic = Type.Object({
  id: Uuid,
  name: Type.String(),
  city: Type.String(),
  country: Type.String(),
  /** What it does, in the order of FACILITY_ACTIVITIES. */
  activities: Type.Array(literals(FACILITY_ACTIVITIES)),
  /** Workers and polishers. */
  workers: Type.Integer({ minimum: 0 }),
  /** Monthly capacity in carats (polished), null when not given. */
  monthlyCapacityCt: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /** Certifications and memberships as written, e.g. "RJC certified, Kimberley Process". */
  certifications: Type.String(),
})
export type FacilityPublic = Static<typeof FacilityPublic>

/** A facility as its company's members see it. */
export const Facility = Type.Object({
  ...FacilityPublic.properties,
  /** Shown on the company's member profile. */
  isPublic: Type.Boolean(),
  updatedAt: Type.String(),
})
export type Facility = Static<typeof Facility>

export const FacilityPaginate = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: MAX_FACILITIES })),
  },
  { additionalProperties: false },
)
export type FacilityPaginate = Static<typeof FacilityPaginate>
/** By name. */
export const FacilityPage = Type.Object({ list: Type.Array(Facility), count: Type.Integer() })
export type FacilityPage = Static<typeof FacilityPage>

/** Without `id` a new facility; with it, that facility replaced as a whole. Texts are kept trimmed. */
export const FacilitySave = Type.Object(
  {
    id: Type.Optional(Uuid),
    name: Type.String({ minLength: 1, maxLength: L.name }),
    city: Type.String({ minLength: 1, maxLength: L.city }),
    country: Type.String({ minLength: 1, maxLength: L.country }),
    activities: Activities,
    workers: Type.Integer({ minimum: 0, maximum: L.maxWorkers }),
    monthlyCapacityCt: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: L.maxMonthlyCapacityCt }), Type.Null()]),
    ),
    certifications: Type.Optional(Type.String({ maxLength: L.certifications })),
    isPublic: Type.Boolean(),
  },
  {
    additionalProperties: false,
    examples: [
      {
        name: 'Varachha works',
        city: 'Surat',
        country: 'India',
        activities: ['planning', 'cuttingPolishing'],
        workers: 120,
        monthlyCapacityCt: 1500,
        certifications: 'RJC certified, Kimberley Process',
        isPublic: true,
      },
    ],
  },
)
export type FacilitySave = Static<typeof FacilitySave>

export const FacilityDelete = Type.Object({ id: Uuid }, { additionalProperties: false })
export type FacilityDelete = Static<typeof FacilityDelete>
