import i18next from 'i18next'
import type { ApiError } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'

/** The server's field messages (notifications' content.rules.ts) as the reader's words. */
const MESSAGES: Record<string, string> = {
  'must not contain HTML': 'html',
  'links must be http(s), mailto or within the portal': 'links',
  'images must be http(s) or within the portal': 'images',
  'is required': 'required',
  'must be an uploaded banner image': 'bannerImage',
  'must be after activeFrom': 'dates',
  'needs at least one image': 'oneImage',
}
const TOO_LONG = /^must be at most (\d+) characters$/
const say = (message: string) => {
  const long = TOO_LONG.exec(message)
  if (long) return i18next.t('pages.editor.errors.tooLong', { max: Number(long[1]) })
  return i18next.t(`pages.editor.errors.${MESSAGES[message] ?? 'invalid'}`)
}

/** The fields an E_VALIDATION answer names, in the reader's words; other errors as one line. */
export function problemsOf(error: ApiError | null): { fields: Record<string, string>; general: string | null } {
  if (!error) return { fields: {}, general: null }
  const list = (error.data as { fields?: { field: string; message: string }[] } | undefined)?.fields
  if (error.code === 'E_VALIDATION' && list?.length) {
    const fields: Record<string, string> = {}
    for (const f of list) fields[f.field] = fields[f.field] ? `${fields[f.field]} ${say(f.message)}` : say(f.message)
    return { fields, general: null }
  }
  return { fields: {}, general: codeText(error.code, error.message) }
}
