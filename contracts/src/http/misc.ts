import { Type, type Static } from 'typebox'
import { Uuid } from '../common'

/** Banner kinds (spec section 3): 24 popup, 25 marquee text, 26 login images. */
export const BannerKind = { popup: 24, marquee: 25, loginImages: 26 } as const

/** banner/paginate: page 1, limit 100, filter bannerType 1 (banners of the web portal). */
export const BannerPageRequest = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    filter: Type.Optional(
      Type.Object(
        {
          bannerType: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
          type: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
)
export type BannerPageRequest = Static<typeof BannerPageRequest>

export const Banner = Type.Object({
  id: Uuid,
  /** 24 popup, 25 marquee, 26 login images */
  type: Type.Integer(),
  /** Where it shows: 1 is the web portal. */
  bannerType: Type.Integer(),
  images: Type.Array(Type.String()),
  /** Text per language code; the web app picks the reader's language, else English. */
  description: Type.Record(Type.String(), Type.String()),
  isActive: Type.Boolean(),
})
export type Banner = Static<typeof Banner>
export const BannerPage = Type.Object({ list: Type.Array(Banner), count: Type.Integer() })
export type BannerPage = Static<typeof BannerPage>

/** Location master data for addresses and registration. */
export const LocationRequest = Type.Object(
  {
    countryId: Type.Optional(Type.String({ maxLength: 10 })),
    stateId: Type.Optional(Type.String({ maxLength: 20 })),
    search: Type.Optional(Type.String({ maxLength: 100 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
)
export type LocationRequest = Static<typeof LocationRequest>
export const Place = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** Cities and states: where they belong, so a form can fill country and state from a picked city. */
  countryId: Type.Optional(Type.String()),
  countryName: Type.Optional(Type.String()),
  stateId: Type.Optional(Type.String()),
  stateName: Type.Optional(Type.String()),
})
export type Place = Static<typeof Place>
export const PlacePage = Type.Object({ list: Type.Array(Place), count: Type.Integer() })
export type PlacePage = Static<typeof PlacePage>

/** A mail as the development mailbox shows it (never enabled in production mode). */
export const DevMail = Type.Object({
  id: Uuid,
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  template: Type.String(),
  createdAt: Type.String(),
})
export type DevMail = Static<typeof DevMail>

/** GET dev/mailbox (development mailbox; query values are strings). */
export const DevMailboxQuery = Type.Object(
  {
    to: Type.Optional(Type.String({ maxLength: 254 })),
    /** 1 to 200, default 50. */
    limit: Type.Optional(Type.String({ pattern: '^(?:[1-9][0-9]?|1[0-9]{2}|200)$' })),
  },
  { additionalProperties: false },
)
export type DevMailboxQuery = Static<typeof DevMailboxQuery>
export const DevMailList = Type.Object({ list: Type.Array(DevMail) })
export type DevMailList = Static<typeof DevMailList>

/**
 * master/list-by-code-no-auth: the spec's master-data call with its type parameter. Codes:
 * DOCUMENT_TYPE, BUSINESS_TYPE, HEARD_FROM, ADDRESS_TYPE and the grading lists of masters.ts
 * (SHAPE, COLOR, ...). An unknown code is E_VALIDATION naming `code`.
 */
export const MasterListRequest = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
)
export type MasterListRequest = Static<typeof MasterListRequest>
export const MasterList = Type.Object({ list: Type.Array(Type.String()) })
export type MasterList = Static<typeof MasterList>

/** GET common/server-time: the server clock, and the portal's business time zone (spec section 9). */
export const ServerTime = Type.Object({ time: Type.String(), epochMs: Type.Integer(), timeZone: Type.String() })
export type ServerTime = Static<typeof ServerTime>
