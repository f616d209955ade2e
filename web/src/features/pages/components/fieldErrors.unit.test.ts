import i18next from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import de from '../locales/pages.de.json'
import en from '../locales/pages.en.json'
import { problemsOf } from './fieldErrors'

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    resources: { en: { translation: { pages: en } }, de: { translation: { pages: de } } },
    interpolation: { escapeValue: false },
  })
})

const invalid = (...fields: { field: string; message: string }[]) => ({
  code: 'E_VALIDATION',
  message: 'Invalid Fields',
  data: { fields },
})

describe("the content editor's field errors", () => {
  it('says a text is too long with its limit, in the reader’s language', async () => {
    const error = invalid({ field: 'title', message: 'must be at most 200 characters' })
    expect(problemsOf(error).fields).toEqual({ title: 'Too long: at most 200 characters.' })
    await i18next.changeLanguage('de')
    expect(problemsOf(error).fields).toEqual({ title: 'Zu lang: höchstens 200 Zeichen.' })
    await i18next.changeLanguage('en')
  })

  it('keeps the known messages and falls back for unknown ones', () => {
    expect(
      problemsOf(invalid({ field: 'body', message: 'must not contain HTML' }, { field: 'x', message: 'odd' })).fields,
    ).toEqual({ body: 'HTML is not accepted: write Markdown.', x: 'Please check this field.' })
  })
})
