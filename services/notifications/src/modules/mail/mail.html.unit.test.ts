import { describe, expect, it } from 'vitest'
import { MAIL_TEMPLATES } from '@diamond/contracts/events/auth'
import { directionOf, linkPortal } from './mail.html'
import { renderMail, TEMPLATE_PARAMS } from './mail.templates'
import { MAIL_LANGUAGES, MAIL_TEXTS } from './mail.texts'
import { mail } from '../../../test/fixtures/mail'

const BASE = 'https://portal.example.com'
/** The HTML's words without tags or entities, for comparing with the text part. */
const wordsOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

describe('the HTML part of a mail', () => {
  it('is in every language, with its direction, the portal name and a link to the portal, and no placeholder', () => {
    for (const lang of MAIL_LANGUAGES) {
      for (const template of MAIL_TEMPLATES) {
        const m = renderMail(mail(template, lang), { baseUrl: `${BASE}/` })
        const where = `${template}/${lang}`
        expect(m.html, where).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${lang}" dir="${directionOf(lang)}">`))
        expect(m.html, where).not.toMatch(/\{\{|\}\}/)
        expect(m.html, where).toContain(
          `<a href="${BASE}" style="color:#ffffff;text-decoration:none;font-size:20px;font-weight:600">${MAIL_TEXTS[lang].brand}</a>`,
        )
        expect(m.html, where).toContain(`<title>${m.subject.replace(/'/g, '&#39;')}</title>`)
        if (TEMPLATE_PARAMS[template].includes('link'))
          expect(m.html, where).toContain(`<a href="${BASE}/reset-password/tok123"`)
        if (TEMPLATE_PARAMS[template].includes('code'))
          expect(m.html, where).toContain('letter-spacing:6px" dir="ltr">482913</p>')
        // The same words as the text part: every line of the text is in the HTML.
        const words = wordsOf(m.html).replace(/\s+/g, ' ')
        for (const line of m.text
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean))
          expect(words, `${where}: ${line}`).toContain(line)
      }
    }
  })

  it('writes Hebrew and Arabic right to left, and the rest left to right', () => {
    expect(MAIL_LANGUAGES.filter((l) => directionOf(l) === 'rtl')).toEqual(['he', 'ar'])
    expect(renderMail(mail('device-otp', 'ar'), { baseUrl: BASE }).html).toContain('text-align:right" dir="rtl">')
    expect(renderMail(mail('device-otp', 'de'), { baseUrl: BASE }).html).toContain('text-align:left" dir="ltr">')
  })

  it('escapes every value: a name, a note or a link cannot add markup', () => {
    const evil = '<img src=x onerror=alert(1)>"\'&'
    const m = renderMail(
      mail('account-rejected', 'en', { name: evil, params: { note: `<script>alert(2)</script> ${evil}` } }),
      { baseUrl: BASE },
    )
    expect(m.html).not.toContain('<script>')
    expect(m.html).not.toContain('<img')
    expect(m.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;,')
    expect(m.html).toContain('Note from our team: &lt;script&gt;alert(2)&lt;/script&gt;')
    const link = renderMail(mail('verify-email', 'en', { params: { link: '/verify-email?token=a&b="c"' } }), {
      baseUrl: BASE,
    })
    expect(link.html).toContain(`<a href="${BASE}/verify-email?token=a&amp;b=&quot;c&quot;"`)
  })

  it("links only the portal's own addresses", () => {
    const m = renderMail(
      mail('account-rejected', 'en', {
        name: 'https://evil.example/login',
        params: { note: `See https://evil.example/x or ${BASE}/faq` },
      }),
      { baseUrl: BASE },
    )
    expect(m.html).not.toContain('href="https://evil.example')
    expect(m.html).toContain('https://evil.example/x')
    expect(m.html).toContain(`<a href="${BASE}/faq"`)
    expect(linkPortal(`${BASE}.evil.example/x`, BASE)).toBe(`${BASE}.evil.example/x`)
  })

  it('ends the text part with the address of the portal too', () => {
    const m = renderMail(mail('password-changed', 'ja'), { baseUrl: `${BASE}/` })
    expect(m.text.endsWith(`${MAIL_TEXTS.ja.signature}\n${BASE}\n`)).toBe(true)
  })
})
