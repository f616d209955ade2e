import { describe, expect, it } from 'vitest'
import { USER_SETTING_DEFAULTS } from '@diamond/contracts/http/user-settings'
import { settingErrors, withDefaults } from './settings.rules'

describe('user settings', () => {
  it('accepts every default as a value', () => {
    for (const [key, value] of Object.entries(USER_SETTING_DEFAULTS))
      expect(settingErrors(key as keyof typeof USER_SETTING_DEFAULTS, value)).toEqual([])
  })

  it('names each wrong field once, under value.', () => {
    expect(
      settingErrors('matchPair', { caratDiffPct: 50, colorSteps: 1.5, sameLab: 'x', extra: 1 }).sort((a, b) =>
        a.field.localeCompare(b.field),
      ),
    ).toEqual([
      { field: 'value.caratDiffPct', message: 'must be <= 20' },
      { field: 'value.claritySteps', message: 'is required' },
      { field: 'value.colorSteps', message: 'must be integer' },
      { field: 'value.extra', message: 'is not allowed' },
      { field: 'value.sameLab', message: 'must be boolean' },
    ])
    expect(settingErrors('diamondSequence', { sort: [{ field: 'nope' }] })).toEqual([
      { field: 'value.sort.0.field', message: 'is not an allowed value' },
    ])
    expect(settingErrors('preferences', { rowsPerPage: 7, dashboard: 'personal' })).toEqual([
      { field: 'value.rowsPerPage', message: 'is not an allowed value' },
    ])
    expect(settingErrors('preferences', null)[0]!.field).toBe('value')
  })

  it('refuses a sequence naming a column twice, and an empty or too long one', () => {
    expect(
      settingErrors('diamondSequence', {
        sort: [
          { field: 'crt', dir: 'desc' },
          { field: 'crt', dir: 'asc' },
        ],
      }),
    ).toEqual([{ field: 'value.sort.1.field', message: 'names a column already in the sequence' }])
    expect(settingErrors('diamondSequence', { sort: [] })[0]!.field).toBe('value.sort')
    const four = ['crt', 'shpNm', 'colNm', 'clrNm'].map((field) => ({ field }))
    expect(settingErrors('diamondSequence', { sort: four })[0]!.field).toBe('value.sort')
  })

  it('answers saved values and defaults for the rest, in order', () => {
    const at = new Date('2026-11-27T10:00:00Z')
    expect(withDefaults([{ key: 'matchPair', value: { x: 1 }, updatedAt: at }], undefined)).toEqual([
      { key: 'preferences', value: USER_SETTING_DEFAULTS.preferences, updatedAt: null },
      { key: 'diamondSequence', value: USER_SETTING_DEFAULTS.diamondSequence, updatedAt: null },
      { key: 'matchPair', value: { x: 1 }, updatedAt: at.toISOString() },
    ])
    expect(withDefaults([], ['matchPair']).map((s) => s.key)).toEqual(['matchPair'])
  })
})
