import { describe, expect, it } from 'vitest'
import { CONTENT_LANGUAGES, PAGE_SLUGS } from '@diamond/contracts/http/care.values'
import { PAGE_TEXTS } from './content.pages'
import { FAQ_TEXTS } from './content.seed'
import { SCRIPT_ATTEMPTS } from '../../../test/script-attempts'
import { eventProblems, imageTypeOf, isCalendarDate, markdownProblems, safeHref } from './content.rules'

describe('page Markdown on save', () => {
  it.each(SCRIPT_ATTEMPTS)('refuses %j', (text) => {
    expect(markdownProblems('body', text)).not.toEqual([])
  })

  it('keeps ordinary Markdown: headings, lists, quotes, http(s), mailto and portal links', () => {
    const ok =
      '## Heading\n\n- **bold** and *em*\n\n> quote\n\n[site](https://example.com) [mail](mailto:sales@example.com) [terms](/terms-of-use) [top](#top)\n\n1 < 2 and a > b'
    expect(markdownProblems('body', ok)).toEqual([])
  })

  it('names the field', () => {
    expect(markdownProblems('answer', '<b>x</b>')).toEqual([
      { field: 'answer', in: 'body', message: 'must not contain HTML' },
    ])
  })

  it('every starting page and FAQ, in every language, passes its own check', () => {
    for (const slug of PAGE_SLUGS)
      for (const lang of CONTENT_LANGUAGES) {
        const p = PAGE_TEXTS[slug][lang]
        expect(p.title.length, `${slug}/${lang}`).toBeGreaterThan(1)
        expect(p.body.length, `${slug}/${lang}`).toBeGreaterThan(100)
        expect(markdownProblems('body', p.body), `${slug}/${lang}`).toEqual([])
      }
    for (const lang of CONTENT_LANGUAGES) {
      expect(FAQ_TEXTS[lang]).toHaveLength(FAQ_TEXTS.en.length)
      for (const [q, a] of FAQ_TEXTS[lang]) expect(markdownProblems('faq', q + '\n\n' + a)).toEqual([])
    }
  })
})

describe('safeHref', () => {
  it.each(['https://a.example', 'http://a.example/x', 'mailto:a@b.c', '/contact', '#top', 'about', './x'])(
    'allows %s',
    (h) => expect(safeHref(h)).toBe(true),
  )
  it.each([
    'javascript:x',
    ' javascript:x',
    'JAVASCRIPT:x',
    'java\nscript:x',
    'data:text/html,x',
    'vbscript:x',
    '//evil.example',
    'blob:x',
  ])('refuses %j', (h) => expect(safeHref(h)).toBe(false))
})

describe('events', () => {
  const good = { title: { en: 'JCK' }, place: 'Las Vegas', startsOn: '2027-06-04', endsOn: '2027-06-07' }
  it('accepts a real event', () => expect(eventProblems(good)).toEqual([]))
  it('refuses dates out of order, impossible dates, a non-http address and script in a text', () => {
    expect(eventProblems({ ...good, endsOn: '2027-06-01' }).map((p) => p.field)).toEqual(['endsOn'])
    expect(eventProblems({ ...good, startsOn: '2027-02-30' }).map((p) => p.field)).toEqual(['startsOn'])
    expect(eventProblems({ ...good, url: 'javascript:alert(1)' }).map((p) => p.field)).toEqual(['url'])
    expect(eventProblems({ ...good, description: { en: '<img src=x onerror=alert(1)>' } }).map((p) => p.field)).toEqual(
      ['description.en'],
    )
    expect(eventProblems({ ...good, title: { en: ' ' }, place: '' }).map((p) => p.field)).toEqual(['title.en', 'place'])
  })
  it('knows calendar dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true)
    expect(isCalendarDate('2027-02-29')).toBe(false)
    expect(isCalendarDate('2027-2-1')).toBe(false)
  })
})

describe('banner images by their content', () => {
  it('tells png, jpeg and webp, and refuses svg, gif, html and text whatever their names', () => {
    expect(imageTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png')
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(imageTypeOf(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp')
    expect(imageTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).toBeNull()
    expect(imageTypeOf(Buffer.from('GIF89a'))).toBeNull()
    expect(imageTypeOf(Buffer.from('<html><script>alert(1)</script>'))).toBeNull()
  })
})
