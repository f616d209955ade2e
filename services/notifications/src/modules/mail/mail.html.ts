import { escapeHtml } from './mail.page'
import type { MailLanguage } from './mail.texts'

/** Languages written right to left: the mail's HTML says so, so clients lay it out that way. */
const RTL: readonly MailLanguage[] = ['he', 'ar']
export const directionOf = (language: MailLanguage): 'rtl' | 'ltr' => (RTL.includes(language) ? 'rtl' : 'ltr')

/**
 * Escaped text with the portal's own addresses made links. Only addresses under the portal's base
 * URL become links: a name or a reviewer's note that holds some other address stays plain text.
 */
export function linkPortal(escaped: string, baseUrl: string): string {
  const base = escapeHtml(baseUrl.replace(/\/+$/, ''))
  return escaped.replace(/\bhttps?:\/\/[^\s<>"']+/g, (url) =>
    url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`)
      ? `<a href="${url}" style="color:#1d4ed8">${url}</a>`
      : url,
  )
}

/** A paragraph of plain text as HTML: escaped, portal links clickable, line breaks kept. */
export function paragraphHtml(text: string, baseUrl: string): string {
  return linkPortal(escapeHtml(text.trim()), baseUrl).replace(/\n/g, '<br>')
}

export interface HtmlMail {
  language: MailLanguage
  subject: string
  brand: string
  baseUrl: string
  greeting: string
  /** The body as plain text: paragraphs separated by a blank line. */
  body: string
  signature: string
  /** A one-time code shown large when a paragraph is exactly this code. */
  code?: string
  /** Extra HTML placed after the body (already escaped: tables of a digest). */
  extraHtml?: string
}

/**
 * The HTML part of a mail: the same words as the text part, in the reader's language and writing
 * direction, every value escaped, the portal's name at the top and a link to the portal at the
 * bottom. Inline styles only, as mail clients drop style sheets.
 */
export function mailHtml(m: HtmlMail): string {
  const dir = directionOf(m.language)
  const align = dir === 'rtl' ? 'right' : 'left'
  const base = m.baseUrl.replace(/\/+$/, '')
  const paragraphs = m.body
    .split(/\n{2,}/)
    .filter((p) => p.trim())
    .map((p) =>
      m.code && p.trim() === m.code
        ? `<p style="margin:16px 0;font:bold 28px/1.2 ui-monospace,Menlo,Consolas,monospace;letter-spacing:6px" dir="ltr">${escapeHtml(m.code)}</p>`
        : `<p style="margin:0 0 14px">${paragraphHtml(p, base)}</p>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="${m.language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(m.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7">
<div style="max-width:600px;margin:0 auto;padding:24px 12px;font:15px/1.55 system-ui,-apple-system,'Segoe UI',sans-serif;color:#1d2433;text-align:${align}" dir="${dir}">
<div style="background:#16213e;padding:16px 24px;border-radius:8px 8px 0 0"><a href="${escapeHtml(base)}" style="color:#ffffff;text-decoration:none;font-size:20px;font-weight:600">${escapeHtml(m.brand)}</a></div>
<div style="background:#ffffff;padding:24px;border:1px solid #dde1e8;border-top:0;border-radius:0 0 8px 8px">
<p style="margin:0 0 14px">${escapeHtml(m.greeting)}</p>
${paragraphs}
${m.extraHtml ?? ''}
<p style="margin:20px 0 0">${escapeHtml(m.signature).replace(/\n/g, '<br>')}</p>
</div>
<p style="margin:12px 0 0;font-size:13px;color:#5b6475"><a href="${escapeHtml(base)}" style="color:#5b6475">${escapeHtml(m.brand)} · ${escapeHtml(base)}</a></p>
</div>
</body>
</html>
`
}
