import { Type, type Static, type TSchema } from 'typebox'
import { literals } from '../common'
import { USER_SETTING_KEYS, type UserSettingKey } from './user-settings.values'
import { PairTolerance, SortKey } from './stock'

/**
 * `user-setting/paginate` and `user-setting/upsert` (spec section 7): a member's own settings, one
 * value per key, each key with its own shape. The spec names the calls, not their fields; ours:
 *
 * - `preferences`: how the portal opens for me — rows per page of a stone grid and which
 *   dashboard (personal or global) opens first.
 * - `diamondSequence` (/account/profile/diamond-sequence): the order stones are listed in when I
 *   have not clicked a column — up to three sortable columns, each ascending or descending.
 * - `matchPair` (match pair settings): how alike the stones of a pair must be for me to be shown it —
 *   carat difference in percent of the smaller stone, colour and clarity grades apart, same lab.
 */
export { USER_SETTING_DEFAULTS, USER_SETTING_KEYS } from './user-settings.values'
export type { UserSettingKey, UserSettingValues } from './user-settings.values'

export const Preferences = Type.Object(
  {
    rowsPerPage: Type.Union([
      Type.Literal(50),
      Type.Literal(100),
      Type.Literal(250),
      Type.Literal(500),
      Type.Literal(1000),
    ]),
    dashboard: literals(['personal', 'global'] as const),
  },
  { additionalProperties: false },
)
export type Preferences = Static<typeof Preferences>

export const DiamondSequence = Type.Object(
  { sort: Type.Array(SortKey, { minItems: 1, maxItems: 3 }) },
  { additionalProperties: false },
)
export type DiamondSequence = Static<typeof DiamondSequence>

export { PairTolerance }

/** The shape of each key's value: upsert checks the value against it, field by field. */
export const USER_SETTING_SCHEMAS: Record<UserSettingKey, TSchema> = {
  preferences: Preferences,
  diamondSequence: DiamondSequence,
  matchPair: PairTolerance,
}

export const UserSettingList = Type.Object(
  {
    keys: Type.Optional(Type.Array(literals(USER_SETTING_KEYS), { maxItems: USER_SETTING_KEYS.length })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  },
  { additionalProperties: false },
)
export type UserSettingList = Static<typeof UserSettingList>

export const UserSetting = Type.Object({
  key: literals(USER_SETTING_KEYS),
  value: Type.Unknown(),
  /** Null: never saved, the value is the default. */
  updatedAt: Type.Union([Type.String(), Type.Null()]),
})
export type UserSetting = Static<typeof UserSetting>
export const UserSettingPage = Type.Object({ list: Type.Array(UserSetting), count: Type.Integer() })
export type UserSettingPage = Static<typeof UserSettingPage>

/** The value is checked against its key's shape (USER_SETTING_SCHEMAS); a wrong one names the field. */
export const UserSettingUpsert = Type.Object(
  { key: literals(USER_SETTING_KEYS), value: Type.Unknown() },
  {
    additionalProperties: false,
    examples: [{ key: 'diamondSequence', value: { sort: [{ field: 'crt', dir: 'desc' }] } }],
  },
)
export type UserSettingUpsert = Static<typeof UserSettingUpsert>
