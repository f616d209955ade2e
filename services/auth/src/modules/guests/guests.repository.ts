import type { GuestLoginRequest } from '@diamond/contracts/http/auth'
import { orm, type Sql } from '@diamond/runtime/db'
import { guests } from './guests.schema'

/** Who looked, for the sales team. */
export async function insertGuest(client: Sql, g: GuestLoginRequest): Promise<string> {
  const [row] = await orm(client)
    .insert(guests)
    .values({ name: g.name, companyName: g.companyName, contactNumber: g.contactNumber, email: g.email.toLowerCase() })
    .returning({ id: guests.id })
  return row!.id
}
