import { describe, expect, it } from 'vitest'
import { cityPage, countryPage, PLACES, searchCities, statePage } from './places.rules'

describe('location master data', () => {
  it('holds every ISO 3166-1 country once', () => {
    expect(PLACES.countries).toHaveLength(249)
    expect(new Set(PLACES.countries.map((c) => c.id)).size).toBe(249)
    expect(PLACES.countries.every((c) => /^[A-Z]{2}$/.test(c.id) && c.name.length > 1)).toBe(true)
    expect(PLACES.countries.find((c) => c.id === 'BE')?.name).toBe('Belgium')
  })

  it('gives every state of the trading countries a known country and at least one city, with unique ids', () => {
    const countryIds = new Set(PLACES.countries.map((c) => c.id))
    for (const s of PLACES.states) {
      expect(countryIds.has(s.countryId), s.id).toBe(true)
      expect(s.id.startsWith(`${s.countryId}-`), s.id).toBe(true)
      expect(
        PLACES.cities.some((c) => c.stateId === s.id),
        s.id,
      ).toBe(true)
    }
    expect(new Set(PLACES.states.map((s) => s.id)).size).toBe(PLACES.states.length)
    expect(new Set(PLACES.cities.map((c) => c.id)).size).toBe(PLACES.cities.length)
    const perCountry = (id: string) => PLACES.states.filter((s) => s.countryId === id).length
    expect([
      perCountry('IN'),
      perCountry('US'),
      perCountry('JP'),
      perCountry('TH'),
      perCountry('AE'),
      perCountry('HK'),
    ]).toEqual([36, 51, 47, 77, 7, 18])
    for (const id of [
      'IN',
      'US',
      'BE',
      'HK',
      'AE',
      'IL',
      'CN',
      'JP',
      'IT',
      'ES',
      'DE',
      'FR',
      'GB',
      'TH',
      'CA',
      'AU',
      'ZA',
      'BW',
      'RU',
    ]) {
      expect(perCountry(id), id).toBeGreaterThan(0)
    }
  })

  it('has the diamond and jewellery centres where they belong', () => {
    const city = (name: string) => PLACES.cities.find((c) => c.name === name)
    expect(city('Mumbai')).toMatchObject({
      id: 'IN-MH-MUMBAI',
      stateId: 'IN-MH',
      stateName: 'Maharashtra',
      countryId: 'IN',
      countryName: 'India',
    })
    expect(city('Surat')?.stateId).toBe('IN-GJ')
    expect(city('Antwerp')?.stateId).toBe('BE-VAN')
    expect(city('Ramat Gan')?.stateId).toBe('IL-TA')
    expect(city('Dubai')?.stateId).toBe('AE-DU')
    for (const name of [
      'New York',
      'Hong Kong',
      'Tel Aviv',
      'Bangkok',
      'Shanghai',
      'Shenzhen',
      'Tokyo',
      'Gaborone',
      'Kimberley',
      'Idar-Oberstein',
      'Valenza',
    ]) {
      expect(city(name), name).toBeDefined()
    }
  })

  it('pages countries alphabetically and filters by text', () => {
    const first = countryPage({ page: 1, limit: 5 })
    expect(first.count).toBe(249)
    expect(first.list.map((c) => c.name)).toEqual([
      'Afghanistan',
      'Åland Islands',
      'Albania',
      'Algeria',
      'American Samoa',
    ])
    expect(countryPage({ page: 50, limit: 5 }).list.map((c) => c.name)).toEqual([
      'Western Sahara',
      'Yemen',
      'Zambia',
      'Zimbabwe',
    ])
    expect(countryPage({ page: 51, limit: 5 }).list).toEqual([])
    expect(countryPage({ search: 'hong', page: 1, limit: 10 }).list).toEqual([{ id: 'HK', name: 'Hong Kong SAR' }])
    expect(countryPage({ search: 'in', page: 1, limit: 300 }).list.some((c) => c.id === 'IN')).toBe(true)
  })

  it('lists the states of a country and the cities of a state', () => {
    const ae = statePage({ countryId: 'ae', page: 1, limit: 100 })
    expect(ae.count).toBe(7)
    expect(ae.list[0]).toEqual({ id: 'AE-AZ', name: 'Abu Dhabi', countryId: 'AE', countryName: 'United Arab Emirates' })
    expect(statePage({ countryId: 'NO', page: 1, limit: 100 })).toEqual({ list: [], count: 0 })
    const gj = cityPage({ stateId: 'IN-GJ', page: 1, limit: 100 })
    expect(gj.list.map((c) => c.name)).toContain('Surat')
    expect(gj.list.every((c) => c.stateId === 'IN-GJ')).toBe(true)
    expect(cityPage({ stateId: 'IN-GJ', search: 'bhav', page: 1, limit: 100 }).list.map((c) => c.name)).toEqual([
      'Bhavnagar',
    ])
  })

  it('searches cities by prefix first, ignoring case and accents, and stays limited', () => {
    const sur = searchCities({ search: 'SUR', limit: 10 })
    expect(sur.list[0]?.name).toBe('Surat')
    expect(sur.list.map((c) => c.name)).toEqual(expect.arrayContaining(['Surat', 'Surat Thani', 'Surgut', 'Surin']))
    expect(
      searchCities({ search: 'gan', limit: 20 })
        .list.map((c) => c.name)
        .indexOf('Ramat Gan'),
    ).toBeGreaterThan(-1)
    expect(searchCities({ search: 'liege', limit: 5 }).list[0]?.name).toBe('Liège')
    expect(searchCities({ search: 'an', limit: 1000 }).list).toHaveLength(100)
    expect(searchCities({ search: 'a', countryId: 'ae', limit: 50 }).list.every((c) => c.countryId === 'AE')).toBe(true)
    expect(searchCities({ search: 'qqqq', limit: 5 })).toEqual({ list: [], count: 0 })
  })
})
