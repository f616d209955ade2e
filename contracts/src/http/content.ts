import { Type, type Static } from 'typebox'
import { CalendarDay, literals, Uuid } from '../common'
import {
  BANNER_IMAGE_MAX_BYTES,
  EVENT_KINDS,
  EVENT_TEXT_MAX,
  FAQ_ANSWER_MAX,
  FAQ_QUESTION_MAX,
  PAGE_BODY_MAX,
  PAGE_SLUGS,
  PAGE_TITLE_MAX,
} from './care.values'

export { BANNER_IMAGE_MAX_BYTES }

/**
 * The portal's own content (issue 25), answered by the notifications service and edited by operator
 * staff: static pages (`page/*`), FAQs (`faq/*`), the events calendar (`event/*`) and the banners of
 * the sign-in page (`banner/*`). Page bodies and FAQ answers are Markdown; raw HTML is refused on save
 * and never rendered (content.rules.ts, and the web renders with HTML off).
 */

const Str = (maxLength: number) => Type.String({ maxLength })
const Opt = (maxLength: number) => Type.Optional(Type.String({ maxLength }))

/** A text per language; English is required and stands in for a language left empty. */
export const LangText = (max: number) =>
  Type.Object(
    {
      en: Str(max),
      fr: Opt(max),
      zh: Opt(max),
      ja: Opt(max),
      it: Opt(max),
      es: Opt(max),
      de: Opt(max),
      he: Opt(max),
      ar: Opt(max),
    },
    { additionalProperties: false },
  )
export type LangText = Static<ReturnType<typeof LangText>>

const Lang = literals(['en', 'fr', 'zh', 'ja', 'it', 'es', 'de', 'he', 'ar'] as const)
const Slug = literals(PAGE_SLUGS)
const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
}

// ---------------------------------------------------------------- pages

/** `page/view` (open to everyone): a page in a language; English when that language has none yet. */
export const PageViewRequest = Type.Object({ slug: Slug, lang: Type.Optional(Lang) }, { additionalProperties: false })
export type PageViewRequest = Static<typeof PageViewRequest>
export const PortalPage = Type.Object({
  slug: Slug,
  /** The language the text is in (English when the one asked for is missing). */
  lang: Lang,
  title: Type.String(),
  /** Markdown, no raw HTML. */
  body: Type.String(),
  updatedAt: Type.String(),
  /** The staff login that last saved it: only in the answer to `page/save` (null in the public `page/view`). */
  updatedBy: Type.Union([Type.String(), Type.Null()]),
})
export type PortalPage = Static<typeof PortalPage>

/** `page/save` (operator staff): a page's text in one language. */
export const PageSave = Type.Object(
  { slug: Slug, lang: Lang, title: Str(PAGE_TITLE_MAX * 2), body: Str(PAGE_BODY_MAX * 2) },
  { additionalProperties: false },
)
export type PageSave = Static<typeof PageSave>

// ---------------------------------------------------------------- FAQs

/** `faq/paginate` (open to everyone): the questions of a language, in order (English ones where it has none). */
export const FaqListRequest = Type.Object({ lang: Type.Optional(Lang) }, { additionalProperties: false })
export type FaqListRequest = Static<typeof FaqListRequest>
export const Faq = Type.Object({
  id: Uuid,
  lang: Lang,
  question: Type.String(),
  /** Markdown, no raw HTML. */
  answer: Type.String(),
  sort: Type.Integer(),
})
export type Faq = Static<typeof Faq>
export const FaqList = Type.Object({ list: Type.Array(Faq) })
export type FaqList = Static<typeof FaqList>

/** `faq/save` (operator staff): a new question (no id) or a change to one. */
export const FaqSave = Type.Object(
  {
    id: Type.Optional(Uuid),
    lang: Lang,
    question: Str(FAQ_QUESTION_MAX * 2),
    answer: Str(FAQ_ANSWER_MAX * 2),
    sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  },
  { additionalProperties: false },
)
export type FaqSave = Static<typeof FaqSave>
export const IdRequest = Type.Object({ id: Uuid }, { additionalProperties: false })
export type IdRequest = Static<typeof IdRequest>
export const Deleted = Type.Object({ deleted: Type.Boolean() })

// ---------------------------------------------------------------- events calendar

/** `event/paginate` (spec section 7): events that end on or after `from` and start on or before `to`, by start date. */
export const EventPageRequest = Type.Object(
  {
    ...Paging,
    from: Type.Optional(CalendarDay),
    to: Type.Optional(CalendarDay),
    kind: Type.Optional(literals(EVENT_KINDS)),
  },
  { additionalProperties: false },
)
export type EventPageRequest = Static<typeof EventPageRequest>
export const PortalEvent = Type.Object({
  id: Uuid,
  kind: literals(EVENT_KINDS),
  title: LangText(200),
  /** City and country, e.g. "Hong Kong", "Las Vegas, USA". */
  place: Type.String(),
  /** Hall, venue or booth. */
  venue: Type.String(),
  startsOn: Type.String(),
  endsOn: Type.String(),
  description: LangText(EVENT_TEXT_MAX),
  /** What is on show (stones, goods, auctions). */
  onShow: LangText(EVENT_TEXT_MAX),
  /** The organiser's site, http(s) only. */
  url: Type.Union([Type.String(), Type.Null()]),
})
export type PortalEvent = Static<typeof PortalEvent>
export const EventPage = Type.Object({ list: Type.Array(PortalEvent), count: Type.Integer() })
export type EventPage = Static<typeof EventPage>

/** `event/save` (operator staff): a new event (no id) or a change to one. */
export const EventSave = Type.Object(
  {
    id: Type.Optional(Uuid),
    kind: literals(EVENT_KINDS),
    title: LangText(400),
    place: Str(400),
    venue: Type.Optional(Str(400)),
    startsOn: CalendarDay,
    endsOn: CalendarDay,
    description: Type.Optional(LangText(EVENT_TEXT_MAX * 2)),
    onShow: Type.Optional(LangText(EVENT_TEXT_MAX * 2)),
    url: Type.Optional(Type.Union([Str(1000), Type.Null()])),
  },
  { additionalProperties: false },
)
export type EventSave = Static<typeof EventSave>

// ---------------------------------------------------------------- banners (staff)

/** A banner as staff manage it: `banner/paginate` keeps answering the active ones in its own shape. */
export const BannerAdmin = Type.Object({
  id: Uuid,
  /** 24 popup, 25 marquee, 26 login images */
  type: Type.Integer(),
  bannerType: Type.Integer(),
  images: Type.Array(Type.String()),
  description: Type.Record(Type.String(), Type.String()),
  isActive: Type.Boolean(),
  activeFrom: Type.Union([Type.String(), Type.Null()]),
  activeTo: Type.Union([Type.String(), Type.Null()]),
  sort: Type.Integer(),
})
export type BannerAdmin = Static<typeof BannerAdmin>
export const BannerAdminList = Type.Object({ list: Type.Array(BannerAdmin) })
export type BannerAdminList = Static<typeof BannerAdminList>

/** `banner/list` (operator staff): every banner, active or not. */
export const BannerListRequest = Type.Object({}, { additionalProperties: false })

/** `banner/save` (operator staff). Images are addresses `banner/image/upload` answered (or the web app's own /banners/…). */
export const BannerSave = Type.Object(
  {
    id: Type.Optional(Uuid),
    type: Type.Union([Type.Literal(24), Type.Literal(25), Type.Literal(26)]),
    bannerType: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
    images: Type.Array(Str(300), { maxItems: 12 }),
    description: LangText(1000),
    isActive: Type.Boolean(),
    activeFrom: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
    activeTo: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
    sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  },
  { additionalProperties: false },
)
export type BannerSave = Static<typeof BannerSave>

/** `banner/image/upload` answers the image's address (served by GET banner/image/:id). */
export const BannerImageUploaded = Type.Object({ url: Type.String() })
export type BannerImageUploaded = Static<typeof BannerImageUploaded>
