import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

type Tree = { [k: string]: string | Tree }
const dir = new URL('.', import.meta.url)
const files = readdirSync(dir).filter((f) => f.endsWith('.json'))
const load = (f: string) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as Tree

function flatten(t: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(t)) {
    if (typeof v === 'string') out[prefix + k] = v
    else Object.assign(out, flatten(v, `${prefix}${k}.`))
  }
  return out
}
const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort()

describe('translations', () => {
  const en = flatten(load('en.json'))

  it('has the nine languages of the spec', () => {
    expect(files.map((f) => f.replace('.json', '')).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'he', 'it', 'ja', 'zh'])
  })

  it.each(files)('%s has exactly the English keys, each filled, with the same placeholders', (file) => {
    const other = flatten(load(file))
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort())
    for (const [key, text] of Object.entries(other)) {
      expect(text.trim(), key).not.toBe('')
      expect(placeholders(text), key).toEqual(placeholders(en[key]!))
    }
  })

  it("keeps the spec's exact English texts", () => {
    expect(en['signin.requiredFields']).toBe('Required Fields')
    expect(en['signin.wrongCaptcha']).toBe('Please enter correct captcha')
    expect(en['signin.failed']).toBe('Failed to Login.')
    expect(en['notFound.title']).toBe('Oops, Page not found!')
    expect(en['notFound.back']).toBe('Back To Dashboard')
    expect(en['confirm.logout']).toBe('Are you sure you want to log out?')
    expect(en['stones.empty']).toBe('No data found.')
    expect(en['errors.EMAIL_NOT_VERIFIED']).toBe(
      "Your registered email hasn't verified yet. Please contact Admin or check your mail for verification link.",
    )
  })
})
