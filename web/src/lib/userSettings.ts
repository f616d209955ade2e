import { proxy } from 'valtio'
import type { UserSetting, UserSettingPage } from '@diamond/contracts/http/user-settings'
import type { UserSettingKey, UserSettingValues } from '@diamond/contracts/http/user-settings.values'
import { api, type ApiResult } from './api'
import { isGuest, session } from './session'

/**
 * The member's own settings (user-setting/*) that change how the portal behaves: only what they
 * saved — a key never saved leaves the portal as it is without settings (the grid's own order,
 * every pair, the grid's page size). Read once per signed-in user; guests have none.
 */
export const userSettings = proxy<{ userId: string; saved: Partial<UserSettingValues> }>({ userId: '', saved: {} })

let pending: { userId: string; done: Promise<void> } | null = null

/** Resolves when the signed-in user's settings are known (at once when read already, or for a guest). */
export function mySettings(): Promise<Partial<UserSettingValues>> {
  const user = session.user
  if (!user || isGuest(user)) return Promise.resolve({})
  if (userSettings.userId === user.id) return Promise.resolve(userSettings.saved)
  if (pending?.userId !== user.id) {
    const userId = user.id
    pending = {
      userId,
      done: api<UserSettingPage>('user-setting/paginate', {}).then(({ data }) => {
        if (session.user?.id !== userId) return
        userSettings.userId = userId
        userSettings.saved = Object.fromEntries(
          (data?.list ?? []).filter((s) => s.updatedAt !== null).map((s) => [s.key, s.value]),
        ) as Partial<UserSettingValues>
      }),
    }
  }
  return pending.done.then(() => userSettings.saved)
}

/** Saves one setting; from then on the portal follows it. */
export async function saveSetting<K extends UserSettingKey>(
  key: K,
  value: UserSettingValues[K],
): Promise<ApiResult<UserSetting>> {
  const res = await api<UserSetting>('user-setting/upsert', { key, value }, { loader: true })
  // Known already: kept true at once; otherwise the next read brings it with the rest.
  if (!res.error && session.user && userSettings.userId === session.user.id)
    userSettings.saved = { ...userSettings.saved, [key]: value }
  return res
}
