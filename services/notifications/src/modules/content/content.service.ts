import type { Banner } from '@diamond/contracts/http/misc'
import type {
  BannerAdmin,
  BannerSave,
  EventPageRequest,
  EventSave,
  Faq,
  FaqSave,
  PageSave,
  PortalEvent,
  PortalPage,
} from '@diamond/contracts/http/content'
import { AppError, type Principal } from '@diamond/runtime'
import type { Database } from '@diamond/runtime/db'
import { invalidFields } from '@diamond/runtime/errors'
import { isOperatorStaff } from '../mail/mail.rules'
import * as repo from './content.repository'
import {
  bannerDateProblems,
  bannerImageProblems,
  contentLanguage,
  eventProblems,
  imageTypeOf,
  markdownProblems,
  requiredText,
  type FieldProblem,
} from './content.rules'
import {
  FAQ_ANSWER_MAX,
  FAQ_QUESTION_MAX,
  PAGE_BODY_MAX,
  PAGE_TITLE_MAX,
  type PageSlug,
} from '@diamond/contracts/http/care.values'
import { BANNER_IMAGE_MAX_BYTES } from '@diamond/contracts/http/content'
import type { ContentSeed } from './content.seed'

const invalid = invalidFields
const check = (fields: FieldProblem[]) => {
  if (fields.length) throw invalid(fields)
}

const toEvent = (r: repo.EventRow): PortalEvent => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  place: r.place,
  venue: r.venue,
  startsOn: r.startsOn,
  endsOn: r.endsOn,
  description: r.description,
  onShow: r.onShow,
  url: r.url,
})
const toFaq = (r: repo.FaqRow): Faq => ({
  id: r.id,
  lang: contentLanguage(r.lang),
  question: r.question,
  answer: r.answer,
  sort: r.sort,
})
const toBannerAdmin = (r: repo.BannerRow): BannerAdmin => ({
  id: r.id,
  type: r.type,
  bannerType: r.bannerType,
  images: r.images,
  description: r.description,
  isActive: r.isActive,
  activeFrom: r.activeFrom?.toISOString() ?? null,
  activeTo: r.activeTo?.toISOString() ?? null,
  sort: r.sort,
})
/** Languages with text only: an empty language falls back to English when shown. */
const filled = <T extends Record<string, string | undefined>>(t: T) => ({
  ...(Object.fromEntries(Object.entries(t).filter(([, v]) => v?.trim())) as Record<string, string>),
  en: t.en?.trim() ?? '',
})

/**
 * The portal's own content: pages, FAQs, the events calendar and the sign-in page's banners. Anyone
 * reads; operator staff write. Markdown is checked here whatever the client did (content.rules.ts).
 */
export class ContentService {
  constructor(private readonly database: Database) {}

  private staff(who: Principal | null): Principal {
    // Someone else's editor is not theirs to know of: a member gets "not found", as for another's object.
    if (!who || !isOperatorStaff(who)) throw new AppError('E_NOT_FOUND')
    return who
  }

  seed(content: ContentSeed) {
    return repo.seedIfEmpty(this.database.sql, content)
  }

  /**
   * A page in a language. Who last edited it (a staff login ID) is told only to staff saving it:
   * the public answer would hand anyone half of a staff credential.
   */
  async page(slug: PageSlug, lang: string | undefined, opts: { editor?: boolean } = {}): Promise<PortalPage> {
    const row = await repo.findPage(this.database.sql, slug, contentLanguage(lang))
    if (!row) throw new AppError('E_NOT_FOUND')
    return {
      slug,
      lang: contentLanguage(row.lang),
      title: row.title,
      body: row.body,
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: opts.editor ? row.updatedBy : null,
    }
  }

  async savePage(who: Principal | null, p: PageSave): Promise<PortalPage> {
    const staff = this.staff(who)
    check([
      ...requiredText('title', p.title, PAGE_TITLE_MAX),
      ...markdownProblems('title', p.title),
      ...requiredText('body', p.body, PAGE_BODY_MAX),
      ...markdownProblems('body', p.body),
    ])
    await repo.upsertPage(this.database.sql, {
      slug: p.slug,
      lang: p.lang,
      title: p.title.trim(),
      body: p.body.trim(),
      updatedBy: staff.username,
    })
    return this.page(p.slug, p.lang, { editor: true })
  }

  async faqs(lang: string | undefined): Promise<Faq[]> {
    return (await repo.listFaqs(this.database.sql, contentLanguage(lang))).map(toFaq)
  }

  async saveFaq(who: Principal | null, f: FaqSave): Promise<Faq> {
    this.staff(who)
    check([
      ...requiredText('question', f.question, FAQ_QUESTION_MAX),
      ...markdownProblems('question', f.question),
      ...requiredText('answer', f.answer, FAQ_ANSWER_MAX),
      ...markdownProblems('answer', f.answer),
    ])
    const row = await repo.saveFaq(this.database.sql, {
      ...(f.id ? { id: f.id } : {}),
      lang: f.lang,
      question: f.question.trim(),
      answer: f.answer.trim(),
      sort: f.sort ?? 0,
    })
    if (!row) throw new AppError('E_NOT_FOUND')
    return toFaq(row)
  }

  async deleteFaq(who: Principal | null, id: string): Promise<void> {
    this.staff(who)
    if (!(await repo.deleteFaq(this.database.sql, id))) throw new AppError('E_NOT_FOUND')
  }

  async events(r: EventPageRequest) {
    // A range that ends before it starts is a mistake to name, not an empty calendar.
    if (r.from && r.to && r.to < r.from) check([{ field: 'to', in: 'body', message: 'must not be before from' }])
    const { list, count } = await repo.pageEvents(this.database.sql, r, r.page ?? 1, r.limit ?? 50)
    return { list: list.map(toEvent), count }
  }

  async saveEvent(who: Principal | null, e: EventSave): Promise<PortalEvent> {
    this.staff(who)
    check(eventProblems(e))
    const row = await repo.saveEvent(this.database.sql, {
      id: e.id,
      kind: e.kind,
      title: filled(e.title),
      place: e.place.trim(),
      venue: (e.venue ?? '').trim(),
      startsOn: e.startsOn,
      endsOn: e.endsOn,
      description: filled(e.description ?? { en: '' }),
      onShow: filled(e.onShow ?? { en: '' }),
      url: e.url?.trim() || null,
    })
    if (!row) throw new AppError('E_NOT_FOUND')
    return toEvent(row)
  }

  async deleteEvent(who: Principal | null, id: string): Promise<void> {
    this.staff(who)
    if (!(await repo.deleteEvent(this.database.sql, id))) throw new AppError('E_NOT_FOUND')
  }

  async banners(who: Principal | null): Promise<BannerAdmin[]> {
    this.staff(who)
    return (await repo.listBanners(this.database.sql)).map(toBannerAdmin)
  }

  async saveBanner(who: Principal | null, b: BannerSave): Promise<BannerAdmin> {
    this.staff(who)
    const description = filled(b.description)
    check([
      ...bannerImageProblems(b.images),
      ...bannerDateProblems(b.activeFrom, b.activeTo),
      ...Object.entries(description).flatMap(([lang, text]) => markdownProblems(`description.${lang}`, text)),
      ...(b.type !== 25 && b.images.length === 0
        ? [{ field: 'images', in: 'body' as const, message: 'needs at least one image' }]
        : []),
      ...(b.type === 25 ? requiredText('description.en', description.en ?? '', 1000) : []),
    ])
    const row = await repo.saveBanner(this.database.sql, {
      id: b.id,
      type: b.type,
      bannerType: b.bannerType ?? 1,
      images: b.images,
      description,
      isActive: b.isActive,
      activeFrom: b.activeFrom ? new Date(b.activeFrom) : null,
      activeTo: b.activeTo ? new Date(b.activeTo) : null,
      sort: b.sort ?? 0,
    })
    if (!row) throw new AppError('E_NOT_FOUND')
    return toBannerAdmin(row)
  }

  async deleteBanner(who: Principal | null, id: string): Promise<void> {
    this.staff(who)
    if (!(await repo.deleteBanner(this.database.sql, id))) throw new AppError('E_NOT_FOUND')
  }

  /** An uploaded banner image: png, jpeg or webp by its first bytes (never by its name or declared type). */
  async uploadBannerImage(who: Principal | null, content: Buffer): Promise<string> {
    const staff = this.staff(who)
    if (content.length > BANNER_IMAGE_MAX_BYTES)
      throw new AppError('E_FILE_TOO_LARGE', { maxBytes: BANNER_IMAGE_MAX_BYTES })
    const type = imageTypeOf(content.subarray(0, 16))
    if (!type) throw new AppError('E_IMAGE_TYPE')
    const id = await repo.insertBannerImage(this.database.sql, type, content, staff.id)
    return `/web/v1/banner/image/${id}`
  }

  bannerImage(id: string) {
    return repo.findBannerImage(this.database.sql, id)
  }
}

export type { Banner }
