import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm'
import { orm, type Sql } from '@diamond/runtime/db'
import { banners } from '../banners/banners.schema'
import { bannerImages, faqs, pages, portalEvents } from './content.schema'

type PageRow = typeof pages.$inferSelect
export type EventRow = typeof portalEvents.$inferSelect
export type FaqRow = typeof faqs.$inferSelect
export type BannerRow = typeof banners.$inferSelect

/** A page in the language asked for, else in English. */
export async function findPage(client: Sql, slug: string, lang: string): Promise<PageRow | null> {
  const rows = await orm(client)
    .select()
    .from(pages)
    .where(and(eq(pages.slug, slug), sql`${pages.lang} in (${lang}, 'en')`))
    .orderBy(sql`${pages.lang} = ${lang} desc`)
    .limit(1)
  return rows[0] ?? null
}

export async function upsertPage(client: Sql, p: Pick<PageRow, 'slug' | 'lang' | 'title' | 'body' | 'updatedBy'>) {
  const [row] = await orm(client)
    .insert(pages)
    .values(p)
    .onConflictDoUpdate({
      target: [pages.slug, pages.lang],
      set: { title: p.title, body: p.body, updatedBy: p.updatedBy, updatedAt: sql`now()` },
    })
    .returning()
  return row!
}

/** The FAQs of a language; English ones where the language has none. */
export async function listFaqs(client: Sql, lang: string): Promise<FaqRow[]> {
  const db = orm(client)
  const own = await db.select().from(faqs).where(eq(faqs.lang, lang)).orderBy(asc(faqs.sort), asc(faqs.id))
  if (own.length || lang === 'en') return own
  return db.select().from(faqs).where(eq(faqs.lang, 'en')).orderBy(asc(faqs.sort), asc(faqs.id))
}

export async function saveFaq(client: Sql, f: Pick<FaqRow, 'lang' | 'question' | 'answer' | 'sort'> & { id?: string }) {
  const db = orm(client)
  if (!f.id) return (await db.insert(faqs).values(f).returning())[0]!
  const [row] = await db
    .update(faqs)
    .set({ lang: f.lang, question: f.question, answer: f.answer, sort: f.sort, updatedAt: sql`now()` })
    .where(eq(faqs.id, f.id))
    .returning()
  return row ?? null
}

export async function deleteFaq(client: Sql, id: string): Promise<boolean> {
  return (await orm(client).delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id })).length > 0
}

export async function pageEvents(
  client: Sql,
  f: { from?: string | undefined; to?: string | undefined; kind?: EventRow['kind'] | undefined },
  page: number,
  limit: number,
) {
  const db = orm(client)
  const where = and(
    f.from ? gte(portalEvents.endsOn, f.from) : undefined,
    f.to ? lte(portalEvents.startsOn, f.to) : undefined,
    f.kind ? eq(portalEvents.kind, f.kind) : undefined,
  )
  const [list, [counted]] = await Promise.all([
    db
      .select()
      .from(portalEvents)
      .where(where)
      .orderBy(asc(portalEvents.startsOn), asc(portalEvents.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ count: count() }).from(portalEvents).where(where),
  ])
  return { list, count: counted!.count }
}

export type EventValues = Omit<typeof portalEvents.$inferInsert, 'id' | 'createdAt'>

export async function saveEvent(client: Sql, e: EventValues & { id?: string | undefined }): Promise<EventRow | null> {
  const db = orm(client)
  const { id, ...values } = e
  if (!id) return (await db.insert(portalEvents).values(values).returning())[0]!
  return (await db.update(portalEvents).set(values).where(eq(portalEvents.id, id)).returning())[0] ?? null
}

export async function deleteEvent(client: Sql, id: string): Promise<boolean> {
  return (
    (await orm(client).delete(portalEvents).where(eq(portalEvents.id, id)).returning({ id: portalEvents.id })).length >
    0
  )
}

export async function listBanners(client: Sql): Promise<BannerRow[]> {
  return orm(client)
    .select()
    .from(banners)
    .orderBy(asc(banners.type), asc(banners.sort), asc(banners.createdAt), asc(banners.id))
}

export type BannerValues = Pick<
  typeof banners.$inferInsert,
  'type' | 'bannerType' | 'images' | 'description' | 'isActive' | 'activeFrom' | 'activeTo' | 'sort'
>

export async function saveBanner(
  client: Sql,
  b: BannerValues & { id?: string | undefined },
): Promise<BannerRow | null> {
  const db = orm(client)
  const { id, ...values } = b
  if (!id) return (await db.insert(banners).values(values).returning())[0]!
  return (await db.update(banners).set(values).where(eq(banners.id, id)).returning())[0] ?? null
}

export async function deleteBanner(client: Sql, id: string): Promise<boolean> {
  return (await orm(client).delete(banners).where(eq(banners.id, id)).returning({ id: banners.id })).length > 0
}

export async function insertBannerImage(client: Sql, contentType: string, content: Buffer, uploadedBy: string) {
  const [row] = await orm(client)
    .insert(bannerImages)
    .values({ contentType, content, uploadedBy })
    .returning({ id: bannerImages.id })
  return row!.id
}

export async function findBannerImage(client: Sql, id: string) {
  const [row] = await orm(client)
    .select({ contentType: bannerImages.contentType, content: bannerImages.content })
    .from(bannerImages)
    .where(eq(bannerImages.id, id))
  return row ?? null
}

/** The starting content, written only into empty tables (so staff edits stay), under one lock across instances. */
export async function seedIfEmpty(
  client: Sql,
  seed: {
    pages: Pick<PageRow, 'slug' | 'lang' | 'title' | 'body'>[]
    faqs: Pick<FaqRow, 'lang' | 'question' | 'answer' | 'sort'>[]
    events: EventValues[]
  },
): Promise<{ pages: number; faqs: number; events: number }> {
  return client.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('notifications:content-seed'))`
    const db = orm(tx)
    const out = { pages: 0, faqs: 0, events: 0 }
    if ((await db.$count(pages)) === 0 && seed.pages.length) {
      await db.insert(pages).values(seed.pages)
      out.pages = seed.pages.length
    }
    if ((await db.$count(faqs)) === 0 && seed.faqs.length) {
      await db.insert(faqs).values(seed.faqs)
      out.faqs = seed.faqs.length
    }
    if ((await db.$count(portalEvents)) === 0 && seed.events.length) {
      await db.insert(portalEvents).values(seed.events)
      out.events = seed.events.length
    }
    return out
  })
}
