import { renderMarkdown } from './markdown'

/**
 * Markdown shown as HTML. The HTML comes from markdown-it with raw HTML disabled and links limited
 * to http(s), mailto and the portal (markdown.ts, unit-tested with script in every form), so setting
 * it as inner HTML carries no markup the author typed.
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <div
      className={`md${className ? ` ${className}` : ''}`}
      dangerouslySetInnerHTML={{ __html: renderMarkdown(text) }}
    />
  )
}
