import type { DevMail } from '@diamond/contracts/http/misc'

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!)

/** Escaped text with its http(s) addresses made clickable (escaping leaves no quote or bracket in them). */
function linkify(escaped: string): string {
  return escaped.replace(/\bhttps?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`)
}

const STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d2433; }
  header { background: #16213e; color: #fff; padding: 16px 24px; }
  header h1 { margin: 0; font-size: 20px; }
  header p { margin: 4px 0 0; opacity: .8; font-size: 13px; }
  main { max-width: 920px; margin: 0 auto; padding: 20px 24px 40px; }
  form { display: flex; gap: 8px; margin-bottom: 16px; flex-wrap: wrap; }
  input { flex: 1; min-width: 220px; padding: 8px 10px; border: 1px solid #b8bfcc; border-radius: 6px; font: inherit; }
  button, .reset { padding: 8px 14px; border-radius: 6px; border: 1px solid #16213e; background: #16213e; color: #fff; font: inherit; cursor: pointer; text-decoration: none; }
  .reset { background: #fff; color: #16213e; }
  article { background: #fff; border: 1px solid #dde1e8; border-radius: 8px; padding: 14px 18px; margin-bottom: 12px; }
  article h2 { margin: 0 0 4px; font-size: 16px; }
  .meta { color: #5b6475; font-size: 13px; margin-bottom: 8px; }
  .meta span + span::before { content: " · "; }
  pre { white-space: pre-wrap; word-break: break-word; font: 14px/1.5 ui-monospace, monospace; background: #f8f9fb; padding: 10px 12px; border-radius: 6px; margin: 0; unicode-bidi: plaintext; }
  .empty { color: #5b6475; }
`

/** The development mailbox as a page a person can read: every value escaped, no script. */
export function mailboxPage(mails: DevMail[], filter: { to?: string }): string {
  const to = filter.to ?? ''
  const items = mails
    .map(
      (m) => `<article>
  <h2 dir="auto">${escapeHtml(m.subject)}</h2>
  <div class="meta"><span>To: ${escapeHtml(m.to)}</span><span><time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt.replace('T', ' ').slice(0, 19))} UTC</time></span><span>${escapeHtml(m.template)}</span></div>
  <pre dir="auto">${linkify(escapeHtml(m.text))}</pre>
</article>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Development mailbox</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>Development mailbox</h1><p>Mails the portal would have sent. Development and demo mode only; never in production.</p></header>
<main>
<form method="get" action="">
  <input type="search" name="to" value="${escapeHtml(to)}" placeholder="Recipient email" aria-label="Recipient email">
  <button type="submit">Filter</button>
  <a class="reset" href="?">All mails</a>
</form>
<p class="meta">${mails.length} ${mails.length === 1 ? 'mail' : 'mails'}${to ? ` to ${escapeHtml(to)}` : ''}, newest first.</p>
${items || '<p class="empty">No mails yet.</p>'}
</main>
</body>
</html>
`
}
