import i18next, { type BackendModule, type TFunction } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { read, write } from './storage'
import { clearToasts } from './toast'

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

type Texts = Record<string, unknown>

/**
 * Texts live beside what shows them, one file per area and language: `<folder>/locales/<area>.<lng>.json`
 * holds the `<area>.*` keys (`features/account/locales/account.fr.json`: `account.*` in French), and
 * `locales/<lng>.json` the shared ones, at the top. `locales/languages/<lng>.ts` gathers one language's
 * files: each is a chunk of its own, fetched when that language is first shown, and only then.
 */
const languages = import.meta.glob<Record<string, Texts>>('../locales/languages/*.ts', { import: 'default' })
const FILE = /\/locales\/(?:([\w-]+)\.)?[a-z]{2}\.json$/

/** One language's texts, its files merged: each area's under the area's name, the shared ones at the top. */
export async function loadTexts(lng: string): Promise<Texts> {
  const load = languages[`../locales/languages/${lng}.ts`]
  if (!load) throw new Error(`no texts for language ${lng}`)
  const tree: Texts = {}
  for (const [path, texts] of Object.entries(await load())) {
    const area = FILE.exec(path)?.[1]
    if (area) tree[area] = texts
    else Object.assign(tree, texts)
  }
  return tree
}

/** i18next's way in for texts loaded on demand: asked for a language when it is first used. */
const backend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(lng, _namespace, done) {
    loadTexts(lng).then(
      (texts) => done(null, texts),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err)), false),
    )
  },
}

const RTL: ReadonlySet<string> = new Set(['he', 'ar'])

function isLocale(v: unknown): v is Locale {
  return LANGUAGES.some((l) => l.code === v)
}

/** The page's language and direction: set at start, then by the app each time it shows another language. */
export function applyToDocument(lng: string): void {
  document.documentElement.lang = lng
  document.documentElement.dir = RTL.has(lng) ? 'rtl' : 'ltr'
}

/**
 * Starts i18next in the stored language (else English) and fetches that language's texts; the
 * promise settles once they are in. Screens that translate wait for them (react-i18next suspends).
 */
export function initI18n(): Promise<unknown> {
  const stored = read('locale')
  const lng: Locale = isLocale(stored) ? stored : 'en'
  applyToDocument(lng)
  return i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng,
      supportedLngs: LANGUAGES.map((l) => l.code),
      // Every language has every text (locales.unit.test.ts): no second language to fetch as a fallback.
      fallbackLng: false,
      load: 'currentOnly',
      // React already escapes what it renders.
      interpolation: { escapeValue: false },
    })
}

/**
 * Switches the interface language: its texts are fetched first, then everything shows it at once.
 * The toasts on screen go with the old language (their texts were translated when they were shown).
 */
export function setLocale(lng: Locale): void {
  write('locale', lng)
  void i18next.changeLanguage(lng).then(clearToasts)
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
