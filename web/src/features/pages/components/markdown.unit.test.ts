import { describe, expect, it } from 'vitest'
import { SCRIPT_ATTEMPTS } from '../../../../../services/notifications/test/script-attempts'
import { renderMarkdown, safeHref } from './markdown'

describe('the Markdown renderer', () => {
  it.each(SCRIPT_ATTEMPTS)('shows %j as text: no tag, handler or script link survives', (attempt) => {
    const html = renderMarkdown(`Hello\n\n${attempt}`)
    expect(html).not.toMatch(/<(script|img|svg|iframe|object|math|div|style|a href="(?!https?:|mailto:|\/|#))/i)
    expect(html).not.toMatch(/<[^>]+\son\w+=/i)
    expect(html).not.toMatch(/href="\s*(javascript|vbscript|data|file)/i)
    expect(html).not.toMatch(/src="\s*(javascript|data)/i)
  })

  it('renders ordinary Markdown, external links in a new tab', () => {
    const html = renderMarkdown(
      '## Terms\n\n- **one**\n\n[GIA](https://www.gia.edu) [contact](/contact) [mail](mailto:a@b.c)',
    )
    expect(html).toContain('<h2>Terms</h2>')
    expect(html).toContain('<strong>one</strong>')
    expect(html).toContain('<a href="https://www.gia.edu" target="_blank" rel="noopener noreferrer nofollow">GIA</a>')
    expect(html).toContain('<a href="/contact">contact</a>')
    expect(html).toContain('<a href="mailto:a@b.c">mail</a>')
  })

  it('judges hrefs as a browser reads them', () => {
    expect(safeHref('java\tscript:alert(1)')).toBe(false)
    expect(safeHref('java%09script:alert(1)')).toBe(false)
    expect(safeHref('/terms-of-use')).toBe(true)
  })
})
