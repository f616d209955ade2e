import i18next, { type TFunction } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { read, write } from './storage'

/** The nine interface languages of the spec, each named in its own language for the switcher. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'Français' },
  { code: 'zh', name: '中文' },
  { code: 'ja', name: '日本語' },
  { code: 'it', name: 'Italiano' },
  { code: 'es', name: 'Español' },
  { code: 'de', name: 'Deutsch' },
  { code: 'he', name: 'עברית' },
  { code: 'ar', name: 'العربية' },
] as const
export type Locale = (typeof LANGUAGES)[number]['code']

/**
 * Texts live in `locales/<lang>.json` (shared ones) and `locales/<area>/<lang>.json`, one folder per
 * feature area, merged under the area's name: `locales/account/fr.json` holds the `account.*` keys.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/**/*.json', { eager: true })
const resources: Record<string, Record<string, unknown>> = {}
for (const [path, mod] of Object.entries(files)) {
  const m = /locales\/(?:([\w-]+)\/)?(\w+)\.json$/.exec(path)
  if (!m) continue
  const [, area, lng] = m as unknown as [string, string | undefined, string]
  const tree = (resources[lng] ??= {})
  if (area) tree[area] = mod.default
  else Object.assign(tree, mod.default)
}
const RTL: ReadonlySet<string> = new Set(['he', 'ar'])

function isLocale(v: unknown): v is Locale {
  return LANGUAGES.some((l) => l.code === v)
}

function applyToDocument(lng: string): void {
  document.documentElement.lang = lng
  document.documentElement.dir = RTL.has(lng) ? 'rtl' : 'ltr'
}

export function initI18n(): typeof i18next {
  const stored = read('locale')
  const lng: Locale = isLocale(stored) ? stored : 'en'
  void i18next.use(initReactI18next).init({
    resources: Object.fromEntries(Object.entries(resources).map(([k, v]) => [k, { translation: v }])),
    lng,
    fallbackLng: 'en',
    // React already escapes what it renders.
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  applyToDocument(lng)
  return i18next
}

export function setLocale(lng: Locale): void {
  write('locale', lng)
  applyToDocument(lng)
  void i18next.changeLanguage(lng)
}

/** The text for a response code: ours if we have one, else the server's message, else the fallback. */
export function codeText(code: string, serverMessage: string, fallbackKey = 'errors.E_INTERNAL'): string {
  const key = `errors.${code}`
  if (i18next.exists(key)) return i18next.t(key)
  return serverMessage || i18next.t(fallbackKey)
}

/** A text given per language (banner descriptions): the reader's language, else English, else any. */
export function localized(texts: Readonly<Record<string, string>>, lng: string = i18next.language): string {
  const base = lng.split('-')[0] ?? lng
  return texts[lng] || texts[base] || texts.en || Object.values(texts).find(Boolean) || ''
}

/** Texts without options, per language, as `fixedText` read them. */
const fixedTexts = new Map<string, Map<string, string>>()

/**
 * A text without options, translated once per language: for texts drawn many times a second (the
 * grid's status badges and buttons redraw with every pushed change), where each i18next call costs a
 * lookup through the namespaces and garbage the page then collects while it scrolls.
 */
export function fixedText(t: TFunction, key: string): string {
  const lng = (t as { lng?: string }).lng ?? i18next.language
  let texts = fixedTexts.get(lng)
  if (!texts) fixedTexts.set(lng, (texts = new Map()))
  let text = texts.get(key)
  if (text === undefined) texts.set(key, (text = t(key)))
  return text
}

/** Texts with one value, per language, as `valueText` reads them: the text around the value, or null. */
const valueTexts = new Map<string, Map<string, readonly [string, string] | null>>()
const MARK = '\u2063'

/**
 * A text with one interpolated value (`{{name}}`), translated once per language and then filled by
 * concatenation: for labels drawn for every row that scrolls into view, where each i18next
 * interpolation builds regular expressions and strings the page then collects while it scrolls.
 * A text that does not hold the value exactly once (a plural, a format) goes through `t` each time.
 */
export function valueText(t: TFunction, key: string, name: string, value: string): string {
  const lng = (t as { lng?: string }).lng ?? i18next.language
  let texts = valueTexts.get(lng)
  if (!texts) valueTexts.set(lng, (texts = new Map()))
  let around = texts.get(key)
  if (around === undefined) {
    const marked = t(key, { [name]: MARK })
    const at = marked.indexOf(MARK)
    around = at < 0 || marked.indexOf(MARK, at + 1) >= 0 ? null : [marked.slice(0, at), marked.slice(at + MARK.length)]
    texts.set(key, around)
  }
  return around ? around[0] + value + around[1] : t(key, { [name]: value })
}
