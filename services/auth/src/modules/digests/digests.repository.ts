import type { Sql, Tx } from '@diamond/runtime/db'
import type { CompactPermissions } from '@diamond/contracts/permissions'

/** A subscriber whose digest for the period is now claimed. */
export interface DueUser {
  id: string
  email: string
  first_name: string
  locale: string
  stk_noti: number
  user_type: string
  is_place_order: boolean
  is_no_price: boolean
  permissions: CompactPermissions | null
}

/**
 * Claims up to `limit` subscribers of this interval who have no digest for the period yet:
 * approved, active, verified users with the flag on. The primary key decides between instances;
 * a row another instance inserted is skipped, so each user is claimed once per period.
 * Answers the claimed users and whether the scan found a full batch (more may be waiting).
 */
export async function claimDue(
  tx: Tx,
  interval: number,
  period: string,
  limit: number,
): Promise<{ users: DueUser[]; more: boolean }> {
  const rows = await tx<(DueUser & { claimed: boolean })[]>`
    with due as (
      select u.id from auth.users u
       where u.is_stk_noti and u.stk_noti_dt = ${interval} and u.stk_noti is not null
         and u.active and u.email_verified and u.approval_status = 2
         and not exists (select 1 from auth.digest_runs d where d.user_id = u.id and d.period = ${period})
       order by u.id
       limit ${limit}
    ), claimed as (
      insert into auth.digest_runs (user_id, period) select id, ${period} from due
      on conflict do nothing returning user_id
    )
    select u.id, u.email, u.first_name, u.locale, u.stk_noti, u.user_type, u.is_place_order, u.is_no_price, u.permissions,
           exists (select 1 from claimed c where c.user_id = u.id) as claimed
      from due join auth.users u on u.id = due.id`
  return { users: rows.filter((r) => r.claimed), more: rows.length === limit }
}

/** The unsubscribe link: the flag goes off; answers whether the user exists. */
export async function unsubscribe(sql: Sql, userId: string): Promise<boolean> {
  const rows =
    await sql`update auth.users set is_stk_noti = false, updated_at = now() where id = ${userId} returning id`
  return rows.length > 0
}
