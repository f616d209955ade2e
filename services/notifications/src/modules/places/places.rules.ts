import type { Place, PlacePage } from '@diamond/contracts/http/misc'
import { COUNTRIES } from './places.countries'
import { REGIONS } from './places.regions'

interface Country {
  id: string
  name: string
}
interface State {
  id: string
  name: string
  countryId: string
  countryName: string
}
interface City {
  id: string
  name: string
  countryId: string
  countryName: string
  stateId: string
  stateName: string
}

/** Search ignores case and accents: "zurich" finds "Zürich", "liege" finds "Liège". */
export const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim()
const slug = (s: string) =>
  fold(s)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toUpperCase()
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en')

function load() {
  const countries: Country[] = COUNTRIES.trim()
    .split('\n')
    .map((line) => ({ id: line.slice(0, 2), name: line.slice(3).trim() }))
  const countryName = new Map(countries.map((c) => [c.id, c.name]))
  const states: State[] = []
  const cities: City[] = []
  for (const line of REGIONS.trim().split('\n')) {
    const m = /^([A-Z]{2})-([A-Z0-9]{1,3}) ([^:]+): (.+)$/.exec(line.trim())
    if (!m) continue // blank lines between countries
    const [, countryId, , name, cityList] = m as unknown as [string, string, string, string, string]
    const state: State = {
      id: line.slice(0, line.indexOf(' ')),
      name,
      countryId,
      countryName: countryName.get(countryId)!,
    }
    states.push(state)
    for (const city of cityList.split('|')) {
      cities.push({
        id: `${state.id}-${slug(city)}`,
        name: city,
        countryId,
        countryName: state.countryName,
        stateId: state.id,
        stateName: name,
      })
    }
  }
  return { countries: countries.sort(byName), states: states.sort(byName), cities: cities.sort(byName) }
}
export const PLACES = load()

function paged<T extends Place>(items: T[], page: number, limit: number): PlacePage {
  return { list: items.slice((page - 1) * limit, page * limit), count: items.length }
}

const contains = (search: string | undefined) => {
  const q = search ? fold(search) : ''
  return <T extends Place>(p: T) => !q || fold(p.name).includes(q) || p.id.toLowerCase() === q
}

export function countryPage(q: { search?: string; page: number; limit: number }): PlacePage {
  return paged(PLACES.countries.filter(contains(q.search)), q.page, q.limit)
}

/** A country we hold no states for answers an empty list: the form then takes the state as typed. */
export function statePage(q: { countryId: string; search?: string; page: number; limit: number }): PlacePage {
  const id = q.countryId.toUpperCase()
  return paged(PLACES.states.filter((s) => s.countryId === id).filter(contains(q.search)), q.page, q.limit)
}

export function cityPage(q: { stateId: string; search?: string; page: number; limit: number }): PlacePage {
  const id = q.stateId.toUpperCase()
  return paged(PLACES.cities.filter((c) => c.stateId === id).filter(contains(q.search)), q.page, q.limit)
}

export const CITY_SEARCH_MAX = 100

/**
 * Cities whose name starts with the text come first, then those with a word starting with it,
 * then any other containing it; alphabetical within each group. At most CITY_SEARCH_MAX.
 */
export function searchCities(q: { search: string; countryId?: string; stateId?: string; limit: number }): PlacePage {
  const text = fold(q.search)
  const rank = (name: string) => {
    const n = fold(name)
    if (n.startsWith(text)) return 0
    if (n.split(/[\s'-]+/).some((w) => w.startsWith(text))) return 1
    return n.includes(text) ? 2 : -1
  }
  const hits = PLACES.cities
    .filter(
      (c) =>
        (!q.countryId || c.countryId === q.countryId.toUpperCase()) &&
        (!q.stateId || c.stateId === q.stateId.toUpperCase()),
    )
    .map((c) => ({ c, r: rank(c.name) }))
    .filter((h) => h.r >= 0)
    .sort((a, b) => a.r - b.r || byName(a.c, b.c))
    .map((h) => h.c)
  return { list: hits.slice(0, Math.min(q.limit, CITY_SEARCH_MAX)), count: hits.length }
}
