import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import { LANGUAGES, loadTexts, valueText } from './i18n'

const grid = import.meta.glob<{ default: Record<string, string> }>('../**/locales/grid.*.json', { eager: true })
const gridOf = (lng: string) => Object.entries(grid).find(([path]) => path.endsWith(`/grid.${lng}.json`))![1].default

async function fixedT(lng: string, texts: Record<string, string>) {
  const i = createInstance()
  await i.init({ lng, resources: { [lng]: { translation: texts } }, interpolation: { escapeValue: false } })
  return i.getFixedT(lng)
}

describe('valueText', () => {
  it('fills the grid labels exactly as i18next does, in every language', async () => {
    for (const { code } of LANGUAGES) {
      const t = await fixedT(code, gridOf(code))
      for (const [key, name] of [
        ['selectStone', 'vStnId'],
        ['openDetail', 'vStnId'],
        ['justChanged', 'status'],
      ] as const) {
        for (const value of ['B1', 'S-000123', 'Hold', '']) {
          expect(valueText(t, key, name, value)).toBe(t(key, { [name]: value }))
        }
      }
    }
  })

  it('asks i18next each time for a text that holds the value twice or not at all', async () => {
    const t = await fixedT('fr', { vtTwice: '{{v}} puis {{v}}', vtNone: 'Sans valeur' })
    expect(valueText(t, 'vtTwice', 'v', 'A')).toBe('A puis A')
    expect(valueText(t, 'vtTwice', 'v', 'B')).toBe('B puis B')
    expect(valueText(t, 'vtNone', 'v', 'A')).toBe('Sans valeur')
  })
})

/** Every key path of a tree of texts. */
const keysOf = (tree: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(tree)
    .flatMap(([k, v]) =>
      typeof v === 'string' ? [prefix + k] : keysOf(v as Record<string, unknown>, `${prefix}${k}.`),
    )
    .sort()

describe('loadTexts', () => {
  it("gives each language's texts as the app reads them: shared ones at the top, each area's under its name", async () => {
    const en = await loadTexts('en')
    expect(en).toHaveProperty(['signin', 'title'], 'Login')
    expect(en).toHaveProperty(['grid', 'selectStone'])
    expect(en).toHaveProperty(['account', 'title'], 'My account')
    for (const { code } of LANGUAGES) expect(keysOf(await loadTexts(code)), code).toEqual(keysOf(en))
  })

  it('refuses a language it has no texts for', async () => {
    await expect(loadTexts('xx')).rejects.toThrow('no texts for language xx')
  })
})
