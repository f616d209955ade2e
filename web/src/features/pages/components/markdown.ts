import MarkdownIt from 'markdown-it'

/**
 * Links a page may hold: http(s), mailto and addresses within the portal. The server refuses the rest
 * on save (notifications' content.rules.ts); this is the second lock, for anything stored before.
 */
export function safeHref(href: string): boolean {
  let decoded = href
  try {
    decoded = decodeURIComponent(href)
  } catch {
    // A broken escape is judged as written.
  }
  // eslint-disable-next-line no-control-regex -- control characters are what a browser drops from a scheme
  const bare = decoded.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase()
  const scheme = /^([^/?#]*):/.exec(bare)?.[1]
  if (scheme === undefined) return !bare.startsWith('//')
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto'
}

/**
 * The portal's Markdown renderer: markdown-it with raw HTML off (a tag shows as text), no
 * auto-linking, and only safe links; a link elsewhere opens in a new tab without an opener.
 */
const md = new MarkdownIt({ html: false, linkify: false, typographer: false })
md.validateLink = safeHref
const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx]!.attrGet('href') ?? '')
  if (/^https?:/i.test(href)) {
    tokens[idx]!.attrSet('target', '_blank')
    tokens[idx]!.attrSet('rel', 'noopener noreferrer nofollow')
  }
  return defaultLinkOpen(tokens, idx, options, env, self)
}

export const renderMarkdown = (text: string): string => md.render(text)
