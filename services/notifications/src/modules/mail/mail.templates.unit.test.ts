import { describe, expect, it } from 'vitest'
import { MAIL_TEMPLATES } from '@diamond/contracts/events/auth'
import {
  absolutise,
  duration,
  mailLanguage,
  maskAddress,
  renderMail,
  TEMPLATE_PARAMS,
  templateText,
} from './mail.templates'
import { MAIL_LANGUAGES, MAIL_TEXTS } from './mail.texts'
import { mail, PARAMS } from '../../../test/fixtures/mail'

const BASE = 'https://portal.example.com'
describe('mail templates', () => {
  it('renders every template in every language with no placeholder left and every param used', () => {
    for (const lang of MAIL_LANGUAGES) {
      for (const template of MAIL_TEMPLATES) {
        const m = renderMail(mail(template, lang), { baseUrl: BASE })
        const where = `${template}/${lang}`
        expect(m.language, where).toBe(lang)
        expect(m.subject + m.text, where).not.toMatch(/\{\{|\}\}/)
        expect(m.subject, where).not.toMatch(/\n/)
        expect(m.subject, where).toContain(MAIL_TEXTS[lang].brand)
        expect(m.text, where).toContain('Ravi Mehta')
        expect(m.text, where).toContain(MAIL_TEXTS[lang].signature)
        if (TEMPLATE_PARAMS[template].includes('link')) expect(m.text, where).toContain(`${BASE}/reset-password/tok123`)
        if (TEMPLATE_PARAMS[template].includes('code')) expect(m.text, where).toContain('482913')
        if (TEMPLATE_PARAMS[template].includes('username')) expect(m.text, where).toContain('ravi.m')
        if (TEMPLATE_PARAMS[template].includes('minutes')) expect(m.text, where).toContain(duration(lang, 10, 'minute'))
        if (TEMPLATE_PARAMS[template].includes('hours')) expect(m.text, where).toContain(duration(lang, 48, 'hour'))
        if (TEMPLATE_PARAMS[template].includes('note'))
          expect(m.text, where).toContain(MAIL_TEXTS[lang].rejectionNote.replace('{{note}}', PARAMS.note!))
      }
    }
  })

  it('writes each language in its own words, not English', () => {
    for (const lang of MAIL_LANGUAGES.filter((l) => l !== 'en')) {
      for (const template of MAIL_TEMPLATES) {
        expect(templateText(lang, template).subject, `${template}/${lang}`).not.toBe(
          templateText('en', template).subject,
        )
        expect(templateText(lang, template).body, `${template}/${lang}`).not.toBe(templateText('en', template).body)
      }
    }
    expect(renderMail(mail('device-otp', 'de'), { baseUrl: BASE }).subject).toBe('Ihr Bestätigungscode | Diamantportal')
    expect(renderMail(mail('reset-password', 'he'), { baseUrl: BASE }).text).toMatch(/^שלום Ravi Mehta,/)
    expect(renderMail(mail('verify-email', 'ar'), { baseUrl: BASE }).text).toContain('افتح الرابط التالي')
  })

  it('uses the same placeholders in every language as in English', () => {
    const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()
    for (const lang of MAIL_LANGUAGES) {
      for (const template of MAIL_TEMPLATES) {
        expect(names(templateText(lang, template).body), `${template}/${lang}`).toEqual(
          names(templateText('en', template).body),
        )
      }
    }
  })

  it('says how long a code or link stays valid, in words that agree with the number', () => {
    expect(renderMail(mail('device-otp', 'en'), { baseUrl: BASE }).text).toContain(
      'The code can be used only once and is valid for 10 minutes. If this',
    )
    expect(
      renderMail(mail('reset-password', 'de', { params: { link: '/r/1', minutes: '60' } }), { baseUrl: BASE }).text,
    ).toContain('nur einmal verwendbar und 60 Minuten gültig.')
    expect(renderMail(mail('verify-email', 'ja'), { baseUrl: BASE }).text).toContain(
      '有効期限は48時間です。アカウントを',
    )
    expect(duration('ar', 10, 'minute')).toBe('10 دقائق')
    expect(duration('ar', 60, 'minute')).toBe('60 دقيقة')
    expect(duration('en', 1, 'hour')).toBe('1 hour')
    expect(duration('zh', 10, 'minute')).toBe('10分钟')
    expect(duration('he', 10, 'minute')).toBe('10 דקות')
    const noSpan = renderMail(mail('reset-password', 'fr', { params: { link: '/r/1', minutes: 'soon' } }), {
      baseUrl: BASE,
    }).text
    expect(noSpan).toContain("Le lien n'est utilisable qu'une seule fois et expire rapidement. Si vous")
    expect(
      renderMail(mail('password-changed', 'en', { params: { minutes: '5' } }), { baseUrl: BASE }).text,
    ).not.toContain('minutes')
  })

  it('invites a user to sign in with the password the admin gives them', () => {
    const m = renderMail(mail('user-invited', 'en', { params: { username: 'neha', link: '/signin' } }), {
      baseUrl: BASE,
    })
    expect(m.text).toContain('Your login ID: neha')
    expect(m.text).toContain(`Sign in here:\n${BASE}/signin\n`)
  })

  it('tells an approved registrant where to sign in', () => {
    const m = renderMail(mail('account-approved', 'en', { params: { username: 'neha', link: '/signin' } }), {
      baseUrl: BASE,
    })
    expect(m.subject).toBe('Your account has been approved | Diamond Portal')
    expect(m.text).toContain('Your login ID: neha')
    expect(m.text).toContain(`Sign in here:\n${BASE}/signin\n`)
  })

  it("gives a rejection's note a paragraph of its own, as written, and leaves it out when there is none", () => {
    const noted = renderMail(mail('account-rejected', 'en', { params: { note: '  /docs were unreadable  ' } }), {
      baseUrl: BASE,
    })
    expect(noted.text).toContain(
      'unable to approve your account.\n\nNote from our team: /docs were unreadable\n\nIf you have questions',
    )
    const bare = renderMail(mail('account-rejected', 'en', { params: {} }), { baseUrl: BASE })
    expect(bare.text).toContain('unable to approve your account.\n\nIf you have questions')
    expect(bare.text).not.toContain('Note from our team')
    expect(
      renderMail(mail('account-rejected', 'de', { params: { note: 'Unleserlich' } }), { baseUrl: BASE }).text,
    ).toContain('Anmerkung unseres Teams: Unleserlich')
  })

  it('picks the language from a locale and falls back to English', () => {
    expect(mailLanguage('fr-CA')).toBe('fr')
    expect(mailLanguage('zh_Hans')).toBe('zh')
    expect(mailLanguage('HE')).toBe('he')
    expect(mailLanguage('pt-BR')).toBe('en')
    expect(mailLanguage('')).toBe('en')
    expect(renderMail(mail('reset-password', 'pt'), { baseUrl: BASE }).subject).toBe(
      'Reset your password | Diamond Portal',
    )
  })

  it('greets without a name when there is none, and uses the address as login ID when no username is given', () => {
    const m = renderMail(mail('registration-received', 'en', { name: '  ', params: {} }), { baseUrl: BASE })
    expect(m.text.startsWith('Hello,\n')).toBe(true)
    expect(m.text).toContain('Your login ID: ravi@example.com')
  })

  it('makes only web paths absolute', () => {
    expect(absolutise('/verify-email?token=a', 'http://localhost:8080/')).toBe(
      'http://localhost:8080/verify-email?token=a',
    )
    expect(absolutise('//evil.example/x', BASE)).toBe('//evil.example/x')
    expect(absolutise('https://other.example/x', BASE)).toBe('https://other.example/x')
    expect(absolutise('123456', BASE)).toBe('123456')
    const m = renderMail(mail('password-changed', 'en'), { baseUrl: `${BASE}/` })
    expect(m.text).toContain(`${BASE}/forgot-password`)
  })

  it('masks recipients for logs', () => {
    expect(maskAddress('buyer1@example.com')).toBe('b***@example.com')
    expect(maskAddress('nobody')).toBe('***')
  })
})
