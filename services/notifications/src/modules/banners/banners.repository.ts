import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { Banner } from '@diamond/contracts/http/misc'
import { orm, type Sql } from '@diamond/runtime/db'
import { banners } from './banners.schema'

const BANNER = {
  id: banners.id,
  type: banners.type,
  bannerType: banners.bannerType,
  images: banners.images,
  description: banners.description,
  isActive: banners.isActive,
}

export interface BannerFilter {
  bannerType?: number
  type?: number
}

/** Active banners only (switched on and within their dates), in their display order. */
export async function pageActive(client: Sql, filter: BannerFilter, page: number, limit: number) {
  const db = orm(client)
  const where = and(
    // The bare column, as the partial index `banners_active` is written (a parameter would not match it).
    sql`${banners.isActive}`,
    // Between their dates, when staff gave them (the database clock decides).
    sql`(${banners.activeFrom} is null or ${banners.activeFrom} <= now())`,
    sql`(${banners.activeTo} is null or ${banners.activeTo} > now())`,
    filter.bannerType === undefined ? undefined : eq(banners.bannerType, filter.bannerType),
    filter.type === undefined ? undefined : eq(banners.type, filter.type),
  )
  const [list, [counted]] = await Promise.all([
    db
      .select(BANNER)
      .from(banners)
      .where(where)
      .orderBy(asc(banners.type), asc(banners.sort), asc(banners.createdAt), asc(banners.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ count: count() }).from(banners).where(where),
  ])
  // The contract's banner is the row under drizzle's keys.
  return { list: list satisfies Banner[], count: counted!.count }
}

export type NewBanner = Pick<typeof banners.$inferInsert, 'type' | 'bannerType' | 'images' | 'description' | 'sort'>

/** Inserts the banners only into an empty table; answers how many were inserted. */
export async function insertIfEmpty(client: Sql, list: NewBanner[]): Promise<number> {
  return client.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('notifications:banner-seed'))`
    const db = orm(tx)
    if ((await db.$count(banners)) > 0) return 0
    if (list.length) await db.insert(banners).values(list)
    return list.length
  })
}
