import type { ApiError } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'

/** The fields an E_VALIDATION answer names, with the server's words; other errors as one line. */
export function problemsOf(error: ApiError | null): { fields: Record<string, string>; general: string | null } {
  if (!error) return { fields: {}, general: null }
  const list = (error.data as { fields?: { field: string; message: string }[] } | undefined)?.fields
  if (error.code === 'E_VALIDATION' && list?.length)
    return { fields: Object.fromEntries(list.map((f) => [f.field, f.message])), general: null }
  return { fields: {}, general: codeText(error.code, error.message) }
}
