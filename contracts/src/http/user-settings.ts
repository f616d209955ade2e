import { Type, type Static, type TSchema } from 'typebox'
import { literals } from '../common'
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
export const USER_SETTING_KEYS = ['preferences', 'diamondSequence', 'matchPair'] as const
export type UserSettingKey = (typeof USER_SETTING_KEYS)[number]

/** The grid's page sizes (web grid PAGE_SIZES). */
export const GRID_ROWS = [50, 100, 250, 500, 1000] as const

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

export { PairTolerance } from './stock'

/** The shape of each key's value: upsert checks the value against it, field by field. */
export const USER_SETTING_SCHEMAS: Record<UserSettingKey, TSchema> = {
  preferences: Preferences,
  diamondSequence: DiamondSequence,
  matchPair: PairTolerance,
}

/** What a member has before saving anything: the portal's behaviour without settings. */
export const USER_SETTING_DEFAULTS: { [K in UserSettingKey]: UserSettingValues[K] } = {
  preferences: { rowsPerPage: 100, dashboard: 'personal' },
  diamondSequence: { sort: [{ field: 'shpNm', dir: 'asc' }] },
  matchPair: { caratDiffPct: 5, colorSteps: 1, claritySteps: 1, sameLab: false },
}
export interface UserSettingValues {
  preferences: Preferences
  diamondSequence: DiamondSequence
  matchPair: PairTolerance
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
