import type { DevMail } from '@diamond/contracts/http/misc'
import type { Sql, Tx } from '@diamond/runtime/db'

interface Row {
  id: string
  to: string
  subject: string
  text: string
  template: string
  created_at: Date
}
const toDevMail = (r: Row): DevMail => ({
  id: r.id,
  to: r.to,
  subject: r.subject,
  text: r.text,
  template: r.template,
  createdAt: r.created_at.toISOString(),
})

export async function insertDevMail(tx: Tx, m: { to: string; subject: string; text: string; template: string }): Promise<void> {
  await tx`insert into notifications.dev_mail ("to", subject, text, template) values (${m.to}, ${m.subject}, ${m.text}, ${m.template})`
}

/** Newest first; the recipient is matched whatever its case. */
export async function listDevMail(sql: Sql, filter: { to?: string; limit: number }): Promise<DevMail[]> {
  const rows = filter.to
    ? await sql<Row[]>`select * from notifications.dev_mail where lower("to") = lower(${filter.to})
                       order by created_at desc, id limit ${filter.limit}`
    : await sql<Row[]>`select * from notifications.dev_mail order by created_at desc, id limit ${filter.limit}`
  return rows.map(toDevMail)
}

export async function clearDevMail(sql: Sql, to?: string): Promise<number> {
  const rows = to
    ? await sql`delete from notifications.dev_mail where lower("to") = lower(${to}) returning id`
    : await sql`delete from notifications.dev_mail returning id`
  return rows.length
}
