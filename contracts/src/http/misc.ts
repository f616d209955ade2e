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
        { bannerType: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })), type: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })) },
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
export const Place = Type.Object({ id: Type.String(), name: Type.String() })
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
