import { describe, expect, it } from 'vitest'
import { escapeHtml, mailboxPage } from './mail.page'

const mail = {
  id: '00000000-0000-4000-8000-000000000001',
  to: 'a"b@example.com',
  subject: '<script>alert(1)</script>',
  text: 'Open https://portal.example.com/reset-password/x?a=1&b=2 now <b>',
  template: 'reset-password',
  createdAt: '2026-01-02T03:04:05.000Z',
}

describe('development mailbox page', () => {
  it('escapes everything a mail carries', () => {
    const html = mailboxPage([mail], { to: '"><img src=x onerror=alert(1)>' })
    expect(html).not.toContain('<script>alert')
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"')
    expect(html).toContain('To: a&quot;b@example.com')
    expect(html).toContain('now &lt;b&gt;')
  })

  it('shows subject, recipient, time and text, with links clickable', () => {
    const html = mailboxPage([mail], {})
    expect(html).toContain('2026-01-02 03:04:05 UTC')
    expect(html).toContain('<a href="https://portal.example.com/reset-password/x?a=1&amp;b=2">')
    expect(html).toContain('1 mail,')
    expect(mailboxPage([], {})).toContain('No mails yet.')
  })

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
  })
})
