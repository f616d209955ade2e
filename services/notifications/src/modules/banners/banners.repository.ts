import type { Banner } from '@diamond/contracts/http/misc'
import type { Sql } from '@diamond/runtime/db'

interface Row {
  id: string
  type: number
  banner_type: number
  images: string[]
  description: Record<string, string>
  is_active: boolean
}
const toBanner = (r: Row): Banner => ({
  id: r.id,
  type: r.type,
  bannerType: r.banner_type,
  images: r.images,
  description: r.description,
  isActive: r.is_active,
})

export interface BannerFilter {
  bannerType?: number
  type?: number
}

/** Active banners only, in their display order. */
export async function pageActive(sql: Sql, filter: BannerFilter, page: number, limit: number) {
  const where = sql`is_active
    ${filter.bannerType === undefined ? sql`` : sql`and banner_type = ${filter.bannerType}`}
    ${filter.type === undefined ? sql`` : sql`and type = ${filter.type}`}`
  const [list, [counted]] = await Promise.all([
    sql<Row[]>`select id, type, banner_type, images, description, is_active from notifications.banners
               where ${where} order by type, sort, created_at, id limit ${limit} offset ${(page - 1) * limit}`,
    sql<[{ count: number }]>`select count(*)::int as count from notifications.banners where ${where}`,
  ])
  return { list: list.map(toBanner), count: counted!.count }
}

export interface NewBanner {
  type: number
  bannerType: number
  images: string[]
  description: Record<string, string>
  sort: number
}

/** Inserts the banners only into an empty table; answers how many were inserted. */
export async function insertIfEmpty(sql: Sql, banners: NewBanner[]): Promise<number> {
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('notifications:banner-seed'))`
    const [{ n }] = (await tx`select count(*)::int as n from notifications.banners`) as unknown as [{ n: number }]
    if (n > 0) return 0
    for (const b of banners) {
      await tx`insert into notifications.banners (type, banner_type, images, description, sort)
               values (${b.type}, ${b.bannerType}, ${b.images}, ${tx.json(b.description)}, ${b.sort})`
    }
    return banners.length
  })
}
