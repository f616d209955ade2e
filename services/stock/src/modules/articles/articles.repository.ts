import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import { ARTICLE_MAX_PHOTOS, type ArticleKind, type ArticleStatus } from '@diamond/contracts/http/articles'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { sellerCompanies } from '../inventory/inventory.schema'
import { articles, type ArticleRow } from './articles.schema'
import type { ArticleValues } from './articles.rules'

export type NewArticle = Omit<ArticleRow, 'createdAt' | 'updatedAt'>

export async function insertArticle(tx: Tx, row: NewArticle): Promise<ArticleRow> {
  const [created] = await orm(tx).insert(articles).values(row).returning()
  return created!
}

export async function findArticle(client: Sql | Tx, id: string): Promise<ArticleRow | null> {
  const [row] = await orm(client).select().from(articles).where(eq(articles.id, id))
  return row ?? null
}

/** The seller company's name as stock knows it ('' when it does not). */
export async function sellerName(client: Sql | Tx, companyId: string): Promise<string> {
  const [row] = await orm(client)
    .select({ name: sellerCompanies.name })
    .from(sellerCompanies)
    .where(eq(sellerCompanies.id, companyId))
  return row?.name ?? ''
}

/** A page of one seller's articles, newest first: every status, or only those given. */
export async function pageArticles(
  client: Sql | Tx,
  q: {
    sellerCompanyId: string
    statuses?: readonly ArticleStatus[]
    kind?: ArticleKind
    search?: string
    limit: number
    offset: number
  },
): Promise<{ rows: ArticleRow[]; count: number }> {
  const db = orm(client)
  const where: (SQL | undefined)[] = [eq(articles.sellerCompanyId, q.sellerCompanyId)]
  if (q.statuses) where.push(inArray(articles.status, [...q.statuses]))
  if (q.kind) where.push(eq(articles.kind, q.kind))
  const search = q.search?.trim()
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    where.push(or(ilike(articles.name, like), ilike(articles.description, like)))
  }
  const filter = and(...where)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(articles)
      .where(filter)
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(articles).where(filter),
  ])
  return { rows, count: total?.n ?? 0 }
}

/** The article's fields changed, when it is the seller's; null otherwise. */
export async function updateArticle(
  tx: Tx,
  id: string,
  sellerCompanyId: string,
  values: ArticleValues,
): Promise<ArticleRow | null> {
  const [row] = await orm(tx)
    .update(articles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(articles.id, id), eq(articles.sellerCompanyId, sellerCompanyId)))
    .returning()
  return row ?? null
}

/**
 * Deletes the seller's articles named, all or none: null (and nothing deleted) when one of them is
 * not the seller's. Answers the deleted rows (their photos' keys go once the transaction commits).
 */
export async function deleteArticles(
  tx: Tx,
  sellerCompanyId: string,
  ids: readonly string[],
): Promise<ArticleRow[] | null> {
  const rows = await orm(tx)
    .delete(articles)
    .where(and(inArray(articles.id, [...ids]), eq(articles.sellerCompanyId, sellerCompanyId)))
    .returning()
  return rows.length === ids.length ? rows : null
}

/**
 * Adds a photo at the end, in one conditional statement: two uploads at once never take an article
 * past its limit. null when the article is not the seller's, or is full.
 */
export async function appendPhoto(
  tx: Tx,
  id: string,
  sellerCompanyId: string,
  key: string,
): Promise<ArticleRow | null> {
  const [row] = await orm(tx)
    .update(articles)
    .set({ photos: sql`array_append(${articles.photos}, ${key}::text)`, updatedAt: sql`now()` })
    .where(
      and(
        eq(articles.id, id),
        eq(articles.sellerCompanyId, sellerCompanyId),
        sql`cardinality(${articles.photos}) < ${ARTICLE_MAX_PHOTOS}`,
      ),
    )
    .returning()
  return row ?? null
}

/** Takes one photo out (the others keep their order); null when the article or the photo is not there. */
export async function removePhoto(
  tx: Tx,
  id: string,
  sellerCompanyId: string,
  key: string,
): Promise<ArticleRow | null> {
  const [row] = await orm(tx)
    .update(articles)
    .set({ photos: sql`array_remove(${articles.photos}, ${key}::text)`, updatedAt: sql`now()` })
    .where(
      and(
        eq(articles.id, id),
        eq(articles.sellerCompanyId, sellerCompanyId),
        sql`${key}::text = any(${articles.photos})`,
      ),
    )
    .returning()
  return row ?? null
}
