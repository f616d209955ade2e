import type { FieldProblem } from '@diamond/runtime/errors'
import MarkdownIt from 'markdown-it'
import { CONTENT_LANGUAGES, type ContentLanguage } from '@diamond/contracts/http/care.values'

export type { FieldProblem }
const problem = (field: string, message: string): FieldProblem => ({ field, in: 'body', message })

/**
 * Links a page may hold: http(s), mailto, and addresses within the portal (a path, a fragment, a
 * relative name). Everything else (javascript:, vbscript:, data:, file:, blob:, …) is refused. The
 * address is read as a browser reads it: control characters and spaces dropped, so `java\tscript:`
 * is still javascript.
 */
export function safeHref(href: string): boolean {
  let decoded = href
  try {
    decoded = decodeURIComponent(href)
  } catch {
    // A broken escape is judged as written.
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a browser drops from a scheme
  const bare = decoded.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase()
  // Anything with a colon before the first / ? # names a scheme (or tries to): only three are allowed.
  const scheme = /^([^/?#]*):/.exec(bare)?.[1]
  // No scheme: a path or fragment of the portal; '//host' would leave it.
  if (scheme === undefined) return !bare.startsWith('//')
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto'
}

// Parsed with raw HTML on, so that HTML is seen (and refused) rather than quietly turned into text.
const parser = new MarkdownIt({ html: true, linkify: true })
// markdown-it's own link check would drop a javascript: link silently; every destination is judged here instead.
parser.validateLink = () => true

/**
 * What is wrong with a Markdown text for the portal's pages, if anything: raw HTML in any form (a tag,
 * a comment, an SVG, an `onerror=` attribute lives only inside a tag), and links or images whose
 * address is not http(s), mailto or within the portal. markdown-it decodes character references in
 * destinations (`&#106;avascript:`) before we look.
 */
export function markdownProblems(field: string, text: string): FieldProblem[] {
  const found = new Set<string>()
  const walk = (tokens: ReturnType<typeof parser.parse>) => {
    for (const t of tokens) {
      if (t.type === 'html_block' || t.type === 'html_inline') found.add('must not contain HTML')
      if (t.type === 'link_open' && !safeHref(String(t.attrGet('href') ?? '')))
        found.add('links must be http(s), mailto or within the portal')
      if (t.type === 'image' && !safeHref(String(t.attrGet('src') ?? '')))
        found.add('images must be http(s) or within the portal')
      if (t.children) walk(t.children)
    }
  }
  walk(parser.parse(text, {}))
  // A tag-like text markdown would not call HTML (e.g. inside a code span) is shown as text, and harmless;
  // `<script` anywhere outside code is refused as HTML by the parser above.
  return [...found].map((m) => problem(field, m))
}

/** Trimmed text of 1..max characters, or the problem. */
export function requiredText(field: string, value: string, max: number): FieldProblem[] {
  const v = value.trim()
  if (!v) return [problem(field, 'is required')]
  if (v.length > max) return [problem(field, `must be at most ${max} characters`)]
  return []
}

/** The reader's language among the nine, else English. */
export function contentLanguage(lang: string | undefined): ContentLanguage {
  const primary = (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? ''
  return (CONTENT_LANGUAGES as readonly string[]).includes(primary) ? (primary as ContentLanguage) : 'en'
}

/** A calendar date that exists (2026-02-30 does not). */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.toISOString().slice(0, 10) === s
}

export interface EventInput {
  title: Record<string, string | undefined>
  place: string
  startsOn: string
  endsOn: string
  url?: string | null | undefined
  description?: Record<string, string | undefined> | undefined
  onShow?: Record<string, string | undefined> | undefined
}

/** An event staff save: a title and a place, real dates in order, an http(s) address if any, plain texts (Markdown-safe). */
export function eventProblems(e: EventInput): FieldProblem[] {
  const out = [...requiredText('title.en', e.title.en ?? '', 200), ...requiredText('place', e.place, 200)]
  if (!isCalendarDate(e.startsOn)) out.push(problem('startsOn', 'must be a date (YYYY-MM-DD)'))
  if (!isCalendarDate(e.endsOn)) out.push(problem('endsOn', 'must be a date (YYYY-MM-DD)'))
  else if (isCalendarDate(e.startsOn) && e.endsOn < e.startsOn)
    out.push(problem('endsOn', 'must not be before startsOn'))
  if (e.url && !/^https?:\/\/[^\s<>"]+$/i.test(e.url.trim())) out.push(problem('url', 'must be an http(s) address'))
  for (const [name, text] of [
    ['title', e.title],
    ['description', e.description],
    ['onShow', e.onShow],
  ] as const)
    for (const [lang, v] of Object.entries(text ?? {})) if (v) out.push(...markdownProblems(`${name}.${lang}`, v))
  return out
}

/** Banner image addresses: uploaded ones (banner/image/<id>) or the web app's own files under /banners/. */
export function bannerImageProblems(images: readonly string[]): FieldProblem[] {
  return images.flatMap((src, i) =>
    /^\/web\/v1\/banner\/image\/[0-9a-f-]{36}$/.test(src) || /^\/banners\/[\w.-]+\.(svg|png|jpe?g|webp)$/.test(src)
      ? []
      : [problem(`images.${i}`, 'must be an uploaded banner image')],
  )
}

/** Active dates in order. */
export function bannerDateProblems(from: string | null | undefined, to: string | null | undefined): FieldProblem[] {
  if (from && to && Date.parse(to) <= Date.parse(from)) return [problem('activeTo', 'must be after activeFrom')]
  return []
}

/** What an image's first bytes say it is: png, jpeg or webp; null for anything else (SVG included: it can carry script). */
export function imageTypeOf(head: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  const at = (i: number, bytes: number[]) => bytes.every((b, k) => head[i + k] === b)
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp'
  return null
}
