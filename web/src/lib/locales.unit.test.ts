import { describe, expect, it } from 'vitest'
import { LANGUAGES } from './i18n'

// Every text of the app, per language: ../locales/<lng>.json and <folder>/locales/<area>.<lng>.json (see i18n.ts).
const files = import.meta.glob<{ default: Record<string, unknown> }>('../**/locales/*.json', { eager: true })

/** key path → text, for one language's files (an area's keys under the area's name). */
function textsOf(lng: string): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (prefix: string, node: unknown) => {
    if (typeof node === 'string') out.set(prefix, node)
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node))
        walk(prefix && !prefix.endsWith(':') ? `${prefix}.${k}` : `${prefix}${k}`, v)
  }
  for (const [path, mod] of Object.entries(files)) {
    const m = /\/locales\/(?:([\w-]+)\.)?([a-z]{2})\.json$/.exec(path)
    if (m?.[2] === lng) walk(m[1] ? `${m[1]}:` : '', mod.default)
  }
  return out
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((x) => x[1]).sort()

describe('the nine languages', () => {
  const en = textsOf('en')

  it('have every text English has, and none it lacks', () => {
    expect(en.size).toBeGreaterThan(100)
    for (const { code } of LANGUAGES) {
      const texts = textsOf(code)
      expect(
        [...en.keys()].filter((k) => !texts.has(k)),
        `${code}: missing`,
      ).toEqual([])
      expect(
        [...texts.keys()].filter((k) => !en.has(k)),
        `${code}: not in English`,
      ).toEqual([])
    }
  })

  it('fill the same values into each text as English does', () => {
    for (const { code } of LANGUAGES) {
      const texts = textsOf(code)
      const off = [...en].filter(
        ([k, t]) => texts.has(k) && placeholders(texts.get(k)!).join() !== placeholders(t).join(),
      )
      expect(
        off.map(([k]) => k),
        code,
      ).toEqual([])
    }
  })

  it('are translated, not English left in place, for the longer texts', () => {
    for (const { code } of LANGUAGES.filter((l) => l.code !== 'en')) {
      const texts = textsOf(code)
      // Short labels may rightly read the same (OK, PDF, Rap, carat marks); sentences should not.
      const same = [...en].filter(([k, t]) => t.split(' ').length >= 4 && texts.get(k) === t).map(([k]) => k)
      expect(same, code).toEqual([])
    }
  })
})
