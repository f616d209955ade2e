import type { UserSetting, UserSettingKey, UserSettingPage } from '@diamond/contracts/http/user-settings'
import { AppError, type Database, type Principal } from '@diamond/runtime'
import * as repo from './settings.repository'
import { settingErrors, withDefaults } from './settings.rules'

/** A member's own settings: read with defaults for what was never saved; saved only in their key's shape. */
export class SettingsService {
  constructor(private readonly database: Database) {}

  async list(
    who: Principal,
    keys: UserSettingKey[] | undefined,
    page: number,
    limit: number,
  ): Promise<UserSettingPage> {
    const all = withDefaults(await repo.settingsOf(this.database.sql, who.id, keys), keys)
    return { list: all.slice((page - 1) * limit, page * limit), count: all.length }
  }

  async upsert(who: Principal, key: UserSettingKey, value: unknown): Promise<UserSetting> {
    const errors = settingErrors(key, value)
    if (errors.length) {
      throw new AppError(
        'E_VALIDATION',
        { fields: errors.map((e) => ({ ...e, in: 'body' })) },
        `Invalid Fields: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`,
      )
    }
    const row = await repo.upsertSetting(this.database.sql, who.id, key, value)
    return { key, value: row.value, updatedAt: row.updatedAt.toISOString() }
  }
}
