import { eq, sql } from 'drizzle-orm'
import { orm, type Sql, type Tx } from '@diamond/runtime/db'
import { fields, name, query } from '@diamond/runtime/statements'
import { users, type User } from '../users/users.schema'
import { digestRuns } from './digests.schema'

const DUE = [
  'id',
  'email',
  'firstName',
  'locale',
  'stkNoti',
  'userType',
  'isPlaceOrder',
  'isNoPrice',
  'permissions',
] as const

/** A subscriber whose digest for the period is now claimed. */
export type DueUser = Pick<User, (typeof DUE)[number]> & { stkNoti: number }

/**
 * Claims up to `limit` subscribers of this interval who have no digest for the period yet:
 * approved, active, verified users with the flag on. The primary key decides between instances;
 * a row another instance inserted is skipped, so each user is claimed once per period.
 * Answers the claimed users and whether the scan found a full batch (more may be waiting).
 * Written out: the claim is one statement.
 */
export async function claimDue(
  tx: Tx,
  interval: number,
  period: string,
  limit: number,
): Promise<{ users: DueUser[]; more: boolean }> {
  const u = users
  const d = digestRuns
  const rows = await query<DueUser & { claimed: boolean }>(
    tx,
    sql`
    with due as (
      select ${u.id} from ${u}
       where ${u.isStkNoti} and ${u.stkNotiDt} = ${interval} and ${u.stkNoti} is not null
         and ${u.active} and ${u.emailVerified} and ${u.approvalStatus} = 2
         and not exists (select 1 from ${d} where ${d.userId} = ${u.id} and ${d.period} = ${period})
       order by ${u.id}
       limit ${limit}
    ), claimed as (
      insert into ${d} (${name(d.userId)}, ${name(d.period)}) select id, ${period} from due
      on conflict do nothing returning ${name(d.userId)}
    )
    select ${fields(u, DUE)}, exists (select 1 from claimed c where c.user_id = ${u.id}) as claimed
      from due join ${u} on ${u.id} = due.id`,
  )
  return { users: rows.filter((r) => r.claimed), more: rows.length === limit }
}

/** The unsubscribe link: the flag goes off; answers whether the user exists. */
export async function unsubscribe(client: Sql, userId: string): Promise<boolean> {
  const rows = await orm(client)
    .update(users)
    .set({ isStkNoti: false, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ id: users.id })
  return rows.length > 0
}
