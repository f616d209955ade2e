import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import { LANGUAGES, valueText } from './i18n'

const grid = import.meta.glob<{ default: Record<string, string> }>('../locales/grid/*.json', { eager: true })
const gridOf = (lng: string) => grid[`../locales/grid/${lng}.json`]!.default

async function fixedT(lng: string, texts: Record<string, string>) {
  const i = createInstance()
  await i.init({ lng, resources: { [lng]: { translation: texts } }, interpolation: { escapeValue: false } })
  return i.getFixedT(lng)
}

describe('valueText', () => {
  it('fills the grid labels exactly as i18next does, in every language', async () => {
    for (const { code } of LANGUAGES) {
      const t = await fixedT(code, gridOf(code))
      for (const [key, name] of [['selectStone', 'vStnId'], ['openDetail', 'vStnId'], ['justChanged', 'status']] as const) {
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
