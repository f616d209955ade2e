import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

type Tree = { [k: string]: string | Tree }
const dir = new URL('.', import.meta.url)
/** The shared texts, one file per language: `locales/<lng>.json`. */
const files = readdirSync(dir).filter((f) => /^[a-z]{2}\.json$/.test(f))
/** Every other `locales` folder of the app: beside the feature (or shared folder) whose texts it holds. */
function localeDirs(at: URL): URL[] {
  return readdirSync(at, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'node_modules')
    .flatMap((e) => {
      const sub = new URL(`${e.name}/`, at)
      return e.name === 'locales' && sub.href !== dir.href ? [sub, ...localeDirs(sub)] : localeDirs(sub)
    })
}
/** Areas: `<folder>/locales/<area>.<lng>.json`, merged under the area's name (see lib/i18n.ts). */
const areaFiles = localeDirs(new URL('../', dir)).flatMap((d) =>
  readdirSync(d)
    .map((f) => /^([\w-]+)\.([a-z]{2})\.json$/.exec(f))
    .filter((m) => m !== null)
    .map(([f, area, lng]) => ({ url: new URL(f, d), area: area!, lng: lng! })),
)
const areas = [...new Set(areaFiles.map((f) => f.area))].sort()
const read = (f: string | URL) => JSON.parse(readFileSync(typeof f === 'string' ? new URL(f, dir) : f, 'utf8')) as Tree
function load(f: string): Tree {
  const tree = read(f)
  const lng = f.replace('.json', '')
  for (const area of areas) {
    expect(tree[area], `${f} must not define the area key ${area}`).toBeUndefined()
    const file = areaFiles.find((a) => a.area === area && a.lng === lng)
    expect(file, `${area}.${f}`).toBeDefined()
    tree[area] = read(file!.url)
  }
  return tree
}

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
  it('translate every error code of the catalogue', async () => {
    const { ErrorCodes } = await import('@diamond/contracts/errors')
    const en = flatten(load('en.json'))
    for (const code of Object.keys(ErrorCodes)) expect(en[`errors.${code}`], code).toBeTruthy()
  })

  const en = flatten(load('en.json'))

  it('has the nine languages of the spec, in every area', () => {
    const nine = ['ar', 'de', 'en', 'es', 'fr', 'he', 'it', 'ja', 'zh']
    expect(files.map((f) => f.replace('.json', '')).sort()).toEqual(nine)
    expect(areas.length).toBeGreaterThan(0)
    for (const area of areas)
      expect(
        areaFiles
          .filter((a) => a.area === area)
          .map((a) => a.lng)
          .sort(),
        area,
      ).toEqual(nine)
  })

  it.each(files)('%s has exactly the English keys, each filled, with the same placeholders', (file) => {
    const other = flatten(load(file))
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort())
    for (const [key, text] of Object.entries(other)) {
      expect(text.trim(), key).not.toBe('')
      expect(placeholders(text), key).toEqual(placeholders(en[key]!))
    }
  })

  // German, Hebrew, Arabic, Japanese and Chinese once called the Stock and the Inventory menus alike.
  it.each(files)('%s names every header menu differently', (file) => {
    const nav = Object.entries(flatten(load(file))).filter(([k]) => k.startsWith('shell.nav.'))
    const names = nav.map(([, v]) => v.trim().toLocaleLowerCase())
    expect(nav.length).toBeGreaterThan(3)
    expect(new Set(names).size, JSON.stringify(Object.fromEntries(nav))).toBe(names.length)
  })

  it("keeps the spec's exact English texts", () => {
    expect(en['signin.requiredFields']).toBe('Required Fields')
    expect(en['signin.wrongCaptcha']).toBe('Please enter correct captcha')
    expect(en['signin.failed']).toBe('Failed to Login.')
    expect(en['notFound.title']).toBe('Oops, Page not found!')
    expect(en['notFound.back']).toBe('Back To Dashboard')
    expect(en['confirm.logout']).toBe('Are you sure you want to log out?')
    expect(en['stones.empty']).toBe('No data found.')
    const spec: Record<string, string> = {
      'confirm.delete': 'Are you sure you want to delete?',
      'confirm.cancelAppointment': 'Are you sure you want to cancel appointment?',
      'confirm.deleteAddress': 'Are you sure you want to delete this address?',
      'confirm.deleteAllStones': 'Are you sure you want to delete all stone(s)?',
      'confirm.deleteStones': 'Are you sure you want to delete these stone(s)?',
      'empty.noData': 'No data found.',
      'empty.noDataSearch': 'No data found for requested search criteria.',
      'empty.cart': 'Your cart list is empty.',
      'empty.notes': 'Your note list is empty.',
      'empty.enquiry': 'Your enquiry list is empty.',
      'empty.recentSearch': 'Your recent search is empty.',
      'empty.savedSearch': 'Your saved search is empty.',
      'empty.viewRequest': 'No view request found.',
      'empty.confirm': 'No confirm diamonds found.',
      'empty.hold': 'No hold diamonds found.',
      'empty.exclusive': 'No diamonds added in exclusive stone.',
    }
    for (const [key, text] of Object.entries(spec)) expect(en[key], key).toBe(text)
    expect(en['errors.EMAIL_NOT_VERIFIED']).toBe(
      "Your registered email hasn't verified yet. Please contact Admin or check your mail for verification link.",
    )
  })
})
