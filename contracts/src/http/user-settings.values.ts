import type { SortField } from './stock.values'

/**
 * A member's own settings (user-setting/paginate and /upsert), without TypeBox, for the web bundle.
 * The schemas of each key's value are in user-settings.ts; these types match them (a unit test
 * checks every default against its schema).
 */
export const USER_SETTING_KEYS = ['preferences', 'diamondSequence', 'matchPair'] as const
export type UserSettingKey = (typeof USER_SETTING_KEYS)[number]

/** The grid's page sizes (web grid PAGE_SIZES). */
export const GRID_ROWS = [50, 100, 250, 500, 1000] as const

export interface PreferencesValue {
  rowsPerPage: (typeof GRID_ROWS)[number]
  dashboard: 'personal' | 'global'
}
export interface DiamondSequenceValue {
  sort: { field: SortField; dir?: 'asc' | 'desc' }[]
}
export interface PairToleranceValue {
  caratDiffPct: number
  colorSteps: number
  claritySteps: number
  sameLab: boolean
}
export interface UserSettingValues {
  preferences: PreferencesValue
  diamondSequence: DiamondSequenceValue
  matchPair: PairToleranceValue
}

/** Bounds of the match pair tolerances (the schema's). */
export const PAIR_LIMITS = { caratDiffPct: 20, colorSteps: 3, claritySteps: 3 } as const

/** What a member has before saving anything: the portal's behaviour without settings. */
export const USER_SETTING_DEFAULTS: UserSettingValues = {
  preferences: { rowsPerPage: 250, dashboard: 'personal' },
  diamondSequence: { sort: [{ field: 'shpNm', dir: 'asc' }] },
  matchPair: { caratDiffPct: 5, colorSteps: 1, claritySteps: 1, sameLab: false },
}
