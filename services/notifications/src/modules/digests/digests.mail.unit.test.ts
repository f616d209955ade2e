import { describe, expect, it } from 'vitest'
import type { DigestReady } from '@diamond/contracts/events/digests'
import { MAIL_LANGUAGES } from '../mail/mail.texts'
import { indiaDay, renderDigest } from './digests.mail'

const digest = (over: Partial<DigestReady> = {}): DigestReady => ({
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'asha@example.com',
  name: 'Asha <b>',
  locale: 'en',
  interval: 2,
  stockType: 1,
  period: 'weekly:2026-11-16',
  since: '2026-11-15T18:30:00.000Z',
  until: '2026-11-22T18:30:00.000Z',
  noPrice: false,
  unsubscribeToken: '00000000-0000-4000-8000-000000000001.abc_DEF-1',
  fileKey: 'weekly:2026-11-16:new:priced',
  summary: {
    count: 2,
    carats: 2.51,
    attached: 2,
    byShape: [{ name: 'ROUND', count: 2 }],
    bySize: [{ name: '1.00-1.49', count: 2 }],
    best: [
      {
        vStnId: 'N100001',
        shape: 'ROUND',
        carat: 1.01,
        color: 'G',
        clarity: 'VS1',
        lab: 'GIA',
        back: -31.5,
        pricePerCarat: 4520,
      },
      {
        vStnId: 'N100002',
        shape: 'ROUND',
        carat: 1.5,
        color: 'H',
        clarity: 'SI1',
        lab: 'IGI',
        back: -20,
        pricePerCarat: 3100.5,
      },
    ],
  },
  ...over,
})

describe('renderDigest', () => {
  it("says the week on India's calendar, the counts, the best stones with prices, and both links", () => {
    const m = renderDigest(digest(), { baseUrl: 'https://portal.example.test/' })
    expect(m.subject).toBe('Weekly stock update – new stones: 2 | Diamond Portal')
    expect(m.text).toContain('from 16/11/2026 to 22/11/2026 (India time)')
    expect(m.text).toContain('N100001  ROUND  1.01  G  VS1  GIA  -31.50  4,520.00')
    expect(m.text).toContain('https://portal.example.test/new-arrivals')
    expect(m.text).toContain(
      'https://portal.example.test/stock-notification/unsubscribe?token=00000000-0000-4000-8000-000000000001.abc_DEF-1',
    )
    expect(m.html).toContain('Hello Asha &lt;b&gt;,')
    expect(m.html).not.toContain('Asha <b>')
    expect(m.html).toContain('<a href="https://portal.example.test/stock-notification/unsubscribe?token=')
    expect(m).toMatchObject({
      template: 'stock-digest',
      attachmentKey: 'weekly:2026-11-16:new:priced',
      to: 'asha@example.com',
    })
  })

  it('shows no price column to a reader who may not see prices', () => {
    const s = digest().summary
    const m = renderDigest(
      digest({
        noPrice: true,
        summary: { ...s, best: s.best.map((b) => ({ ...b, back: null, pricePerCarat: null })) },
      }),
      { baseUrl: 'https://p.test' },
    )
    expect(m.text).not.toMatch(/Price|Disc|4,520/)
    expect(m.html).not.toMatch(/Price\/Carat|Disc %/)
  })

  it('says when nothing new arrived, and summarises the full stock otherwise', () => {
    const none = renderDigest(
      digest({ summary: { count: 0, carats: 0, attached: 0, byShape: [], bySize: [], best: [] } }),
      { baseUrl: 'https://p.test' },
    )
    expect(none.text).toContain('No new stones arrived from 16/11/2026 to 22/11/2026')
    expect(none.text).not.toContain('attached')
    const full = renderDigest(digest({ stockType: 0, interval: 3 }), { baseUrl: 'https://p.test' })
    expect(full.subject).toBe('Monthly stock summary – stones available: 2 | Diamond Portal')
    expect(full.text).toContain('https://p.test/diamond-list')
  })

  it('writes every language in its own words and direction', () => {
    const subjects = new Set<string>()
    for (const language of MAIL_LANGUAGES) {
      const m = renderDigest(digest({ locale: language }), { baseUrl: 'https://p.test' })
      expect(m.language).toBe(language)
      expect(m.html).toContain(
        `<html lang="${language}" dir="${language === 'he' || language === 'ar' ? 'rtl' : 'ltr'}">`,
      )
      subjects.add(m.subject)
    }
    expect(subjects.size).toBe(MAIL_LANGUAGES.length)
  })

  it('formats days in India', () => {
    expect(indiaDay('2026-11-25T18:29:59.999Z')).toBe('25/11/2026')
    expect(indiaDay('2026-11-25T18:30:00.000Z')).toBe('26/11/2026')
  })
})

describe('the digest tells of the sellers the reader follows (issue 25)', () => {
  const followed = [
    { companyId: '5e11e500-0000-4000-8000-000000000001', companyName: 'Shah <Diamonds>', stones: 12, listings: 2 },
  ]
  it('lists each followed seller once with its stones, escaped in the HTML, in every language', () => {
    const m = renderDigest(digest(), { baseUrl: 'https://p.test', followed })
    expect(m.text).toContain('From sellers you follow\nShah <Diamonds>: 12 new stones in 2 listings')
    expect(m.text).toContain('https://p.test/member-directory')
    expect(m.html).toContain('Shah &lt;Diamonds&gt;')
    expect(m.html).not.toContain('Shah <Diamonds>')
    for (const locale of MAIL_LANGUAGES) {
      const t = renderDigest(digest({ locale }), { baseUrl: 'https://p.test', followed }).text
      expect(t).toContain('Shah <Diamonds>')
      expect(t).toContain('12')
    }
  })
  it('says nothing of followed sellers when they listed nothing', () => {
    expect(renderDigest(digest(), { baseUrl: 'https://p.test', followed: [] }).text).not.toContain('follow')
  })
})
