import { Value } from 'typebox/value'
import {
  USER_SETTING_DEFAULTS,
  USER_SETTING_KEYS,
  USER_SETTING_SCHEMAS,
  type UserSettingKey,
} from '@diamond/contracts/http/user-settings'

export interface FieldError {
  field: string
  message: string
}

/**
 * What is wrong with a setting's value, field by field under `value.` (one message per field, the
 * first), or nothing. Beyond its shape: a sequence names each column once.
 */
export function settingErrors(key: UserSettingKey, value: unknown): FieldError[] {
  const out = new Map<string, string>()
  for (const e of Value.Errors(USER_SETTING_SCHEMAS[key], value)) {
    if (e.keyword === 'boolean') continue // "schema is false": the additionalProperties entry says it better
    const at = ['value', ...e.instancePath.split('/').filter(Boolean)]
    const params = e.params as { requiredProperties?: string[]; additionalProperties?: string[] }
    if (e.keyword === 'required')
      for (const p of params.requiredProperties ?? []) set(out, [...at, p].join('.'), 'is required')
    else if (e.keyword === 'additionalProperties')
      for (const p of params.additionalProperties ?? []) set(out, [...at, p].join('.'), 'is not allowed')
    else set(out, at.join('.'), e.keyword === 'const' || e.keyword === 'anyOf' ? 'is not an allowed value' : e.message)
  }
  if (!out.size && key === 'diamondSequence') {
    const fields = (value as { sort: { field: string }[] }).sort.map((s) => s.field)
    fields.forEach((f, i) => {
      if (fields.indexOf(f) !== i) set(out, `value.sort.${i}.field`, 'names a column already in the sequence')
    })
  }
  return [...out].map(([field, message]) => ({ field, message }))
}

function set(out: Map<string, string>, field: string, message: string) {
  if (!out.has(field)) out.set(field, message)
}

/** Every key asked for (all without a list), saved value or default, in the contract's order. */
export function withDefaults(
  saved: readonly { key: string; value: unknown; updatedAt: Date }[],
  keys: readonly UserSettingKey[] | undefined,
): { key: UserSettingKey; value: unknown; updatedAt: string | null }[] {
  const byKey = new Map(saved.map((s) => [s.key, s]))
  return USER_SETTING_KEYS.filter((k) => !keys || keys.includes(k)).map((key) => {
    const s = byKey.get(key)
    return s
      ? { key, value: s.value, updatedAt: s.updatedAt.toISOString() }
      : { key, value: USER_SETTING_DEFAULTS[key], updatedAt: null }
  })
}
