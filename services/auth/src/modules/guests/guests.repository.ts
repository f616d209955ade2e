import type { GuestLoginRequest } from '@diamond/contracts/http/auth'
import type { Sql } from '@diamond/runtime/db'

/** Who looked, for the sales team. */
export async function insertGuest(sql: Sql, g: GuestLoginRequest): Promise<string> {
  const [row] = await sql<[{ id: string }]>`
    insert into auth.guests (name, company_name, contact_number, email)
    values (${g.name}, ${g.companyName}, ${g.contactNumber}, ${g.email.toLowerCase()})
    returning id`
  return row.id
}
