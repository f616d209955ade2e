import { and, eq, inArray } from 'drizzle-orm'
import { orm, type Sql } from '@diamond/runtime/db'
import { userSettings } from './settings.schema'

export async function settingsOf(client: Sql, userId: string, keys?: readonly string[]) {
  const mine = eq(userSettings.userId, userId)
  return orm(client)
    .select({ key: userSettings.key, value: userSettings.value, updatedAt: userSettings.updatedAt })
    .from(userSettings)
    .where(keys ? and(mine, inArray(userSettings.key, [...keys])) : mine)
}

export async function upsertSetting(client: Sql, userId: string, key: string, value: unknown) {
  const [row] = await orm(client)
    .insert(userSettings)
    .values({ userId, key, value })
    .onConflictDoUpdate({
      target: [userSettings.userId, userSettings.key],
      set: { value, updatedAt: new Date() },
    })
    .returning({ key: userSettings.key, value: userSettings.value, updatedAt: userSettings.updatedAt })
  return row!
}
