import { describe, expect, it } from 'vitest'
import {
  board,
  freeIn,
  hoursProblem,
  officeSlots,
  parseSlotId,
  pick,
  slotAt,
  slotId,
  type OfficeCalendar,
  type WeeklyHours,
} from './slots.rules'
import { isoInZone, isTimeZone, offsetMinutes, zonedDate, zonedToUtc } from './zone'

const ID = '00000000-0000-4000-8000-000000000001'
const everyDay = (intervals: [string, string][]): WeeklyHours =>
  Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, intervals]))
const office = (timeZone: string, hours: [string, string][], slotMinutes = 60, holidays: string[] = []) =>
  ({ id: ID, timeZone, slotMinutes, openingHours: everyDay(hours), holidays }) satisfies OfficeCalendar
const utc = (ms: number) => new Date(ms).toISOString()
const local = (tz: string, ms: number) => isoInZone(tz, ms)
const NY = 'America/New_York'
const BE = 'Europe/Brussels'
const IN = 'Asia/Kolkata'

describe('wall-clock time in a zone', () => {
  it('reads offsets through daylight saving and without it', () => {
    expect(offsetMinutes(NY, Date.parse('2026-01-15T12:00:00Z'))).toBe(-300)
    expect(offsetMinutes(NY, Date.parse('2026-07-15T12:00:00Z'))).toBe(-240)
    expect(offsetMinutes(BE, Date.parse('2026-01-15T12:00:00Z'))).toBe(60)
    expect(offsetMinutes(BE, Date.parse('2026-07-15T12:00:00Z'))).toBe(120)
    expect(offsetMinutes(IN, Date.parse('2026-01-15T12:00:00Z'))).toBe(330)
    expect(offsetMinutes(IN, Date.parse('2026-07-15T12:00:00Z'))).toBe(330)
  })

  it('moves a skipped local time forward by the gap and takes the earlier of a repeated one', () => {
    // New York, 8 March 2026: 02:00 EST becomes 03:00 EDT; 02:30 never happens.
    expect(utc(zonedToUtc(NY, '2026-03-08', 150))).toBe('2026-03-08T07:30:00.000Z')
    expect(local(NY, zonedToUtc(NY, '2026-03-08', 150))).toBe('2026-03-08T03:30:00-04:00')
    // 1 November 2026: 01:30 happens twice (EDT, then EST): the first.
    expect(utc(zonedToUtc(NY, '2026-11-01', 90))).toBe('2026-11-01T05:30:00.000Z')
    // Brussels, 29 March 2026: 02:30 skipped; 25 October: 02:30 twice.
    expect(utc(zonedToUtc(BE, '2026-03-29', 150))).toBe('2026-03-29T01:30:00.000Z')
    expect(utc(zonedToUtc(BE, '2026-10-25', 150))).toBe('2026-10-25T00:30:00.000Z')
    expect(utc(zonedToUtc(IN, '2026-03-08', 570))).toBe('2026-03-08T04:00:00.000Z')
  })

  it('names the local day and writes the local offset', () => {
    expect(zonedDate(NY, Date.parse('2026-03-08T03:00:00Z'))).toBe('2026-03-07')
    expect(zonedDate(IN, Date.parse('2026-03-07T19:00:00Z'))).toBe('2026-03-08')
    expect(isoInZone(IN, Date.parse('2026-03-08T04:00:00Z'))).toBe('2026-03-08T09:30:00+05:30')
    expect(isoInZone('UTC', Date.parse('2026-03-08T04:00:00Z'))).toBe('2026-03-08T04:00:00Z')
    expect(isTimeZone(NY)).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
  })
})

describe("an office's slots", () => {
  it('keep the local opening hours across New York spring forward and fall back', () => {
    const o = office(NY, [['09:00', '17:00']])
    const days = officeSlots(o, '2026-03-07', 2)
    expect(days).toHaveLength(16)
    expect(local(NY, days[0]!.startMs)).toBe('2026-03-07T09:00:00-05:00')
    expect(utc(days[0]!.startMs)).toBe('2026-03-07T14:00:00.000Z')
    expect(local(NY, days[8]!.startMs)).toBe('2026-03-08T09:00:00-04:00')
    expect(utc(days[8]!.startMs)).toBe('2026-03-08T13:00:00.000Z')
    expect(local(NY, days[15]!.endMs)).toBe('2026-03-08T17:00:00-04:00')
    const autumn = officeSlots(o, '2026-10-31', 2)
    expect(autumn.map((s) => local(NY, s.startMs).slice(11))).toEqual(
      [...Array(16)].map((_, i) => `${String(9 + (i % 8)).padStart(2, '0')}:00:00${i < 8 ? '-04:00' : '-05:00'}`),
    )
  })

  it('lose and repeat no slot in hours that span the change itself', () => {
    const o = office(NY, [['00:00', '05:00']])
    // Spring: 5 wall-clock hours hold 4 real ones; the slots follow real time.
    const spring = officeSlots(o, '2026-03-08', 1)
    expect(spring.map((s) => local(NY, s.startMs).slice(11, 16))).toEqual(['00:00', '01:00', '03:00', '04:00'])
    expect(spring.at(-1)!.endMs).toBe(zonedToUtc(NY, '2026-03-08', 300))
    // Autumn: 6 real hours, 01:00 twice (EDT, then EST), every instant once.
    const autumn = officeSlots(o, '2026-11-01', 1)
    expect(autumn.map((s) => local(NY, s.startMs).slice(11))).toEqual([
      '00:00:00-04:00',
      '01:00:00-04:00',
      '01:00:00-05:00',
      '02:00:00-05:00',
      '03:00:00-05:00',
      '04:00:00-05:00',
    ])
    expect(new Set(autumn.map((s) => s.startMs)).size).toBe(6)
    for (let i = 1; i < autumn.length; i++) expect(autumn[i]!.startMs).toBe(autumn[i - 1]!.endMs)
  })

  it('follow Belgium through its own transitions, in 30 minute slots', () => {
    const o = office(BE, [['09:30', '17:30']], 30)
    const march = officeSlots(o, '2026-03-28', 2)
    expect(march).toHaveLength(32)
    expect(utc(march[0]!.startMs)).toBe('2026-03-28T08:30:00.000Z')
    expect(utc(march[16]!.startMs)).toBe('2026-03-29T07:30:00.000Z')
    expect(local(BE, march[16]!.startMs)).toBe('2026-03-29T09:30:00+02:00')
    const night = office(BE, [['01:00', '04:00']], 30)
    const october = officeSlots(night, '2026-10-25', 1)
    // 01:00 CEST is 23:00Z the day before, 04:00 CET is 03:00Z: four real hours, eight slots.
    expect(october).toHaveLength(8)
    expect(utc(october[0]!.startMs)).toBe('2026-10-24T23:00:00.000Z')
    expect(utc(october.at(-1)!.endMs)).toBe('2026-10-25T03:00:00.000Z')
    expect(new Set(october.map((s) => s.startMs)).size).toBe(8)
  })

  it('are the same instants all year in India, which keeps no daylight saving', () => {
    const o = office(IN, [['09:30', '18:30']])
    for (const day of ['2026-01-15', '2026-03-08', '2026-03-29', '2026-07-01', '2026-10-25', '2026-11-01']) {
      const slots = officeSlots(o, day, 1)
      expect(slots).toHaveLength(9)
      expect(utc(slots[0]!.startMs)).toBe(`${day}T04:00:00.000Z`)
      expect(local(IN, slots[0]!.startMs)).toBe(`${day}T09:30:00+05:30`)
    }
  })

  it('skip holidays and closed days, and exist only on the grid', () => {
    const o: OfficeCalendar = {
      id: ID,
      timeZone: IN,
      slotMinutes: 60,
      openingHours: {
        '1': [
          ['14:00', '18:00'],
          ['09:00', '12:00'],
        ],
      },
      holidays: ['2026-11-30'],
    }
    // 2026-11-23 and 11-30 are Mondays; the 30th is a holiday.
    const slots = officeSlots(o, '2026-11-23', 14)
    expect(slots).toHaveLength(7)
    expect(slots.map((s) => local(IN, s.startMs).slice(11, 16))).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
    ])
    expect(slotAt(o, slots[3]!.startMs)).toEqual(slots[3])
    expect(slotAt(o, slots[3]!.startMs + 30 * 60_000)).toBeNull()
    expect(slotAt(o, zonedToUtc(IN, '2026-11-30', 600))).toBeNull()
    expect(slotAt(o, zonedToUtc(IN, '2026-11-24', 600))).toBeNull()
  })

  it('check weekly hours', () => {
    expect(hoursProblem({ '1': [['09:00', '17:00']] })).toBeNull()
    expect(hoursProblem({ '1': [['09:00', '24:00']] })).toBeNull()
    expect(hoursProblem({ '1': [['17:00', '09:00']] })).toMatch(/closes before/)
    expect(hoursProblem({ '1': [['9:00', '17:00']] })).toMatch(/HH:MM/)
    expect(
      hoursProblem({
        '1': [
          ['09:00', '13:00'],
          ['12:00', '17:00'],
        ],
      }),
    ).toMatch(/overlap/)
    expect(hoursProblem({ '7': [['09:00', '13:00']] } as WeeklyHours)).toMatch(/0-6/)
  })
})

describe('slot ids', () => {
  it('are the office and the UTC start, and read back only exactly so', () => {
    const start = Date.parse('2026-03-08T13:00:00Z')
    const id = slotId({ officeId: ID, startMs: start })
    expect(id).toBe(`${ID}:2026-03-08T13:00:00Z`)
    expect(parseSlotId(id)).toEqual({ officeId: ID, startMs: start })
    for (const bad of [
      `${ID}:2026-03-08T13:00:00.000Z`,
      `${ID}:2026-03-08T13:00:30Z`,
      `${ID}:2026-02-30T13:00:00Z`,
      `${ID}:2026-03-08T13:00:00+01:00`,
      `ABCDEF00-0000-4000-8000-00000000000A:2026-03-08T13:00:00Z`,
      'x:2026-03-08T13:00:00Z',
      '',
    ])
      expect(parseSlotId(bad), bad).toBeNull()
  })
})

describe('what is free in a slot', () => {
  const o = office(IN, [['09:00', '18:00']])
  const [s9, s10, s11] = officeSlots(o, '2026-12-01', 1)
  const people = [
    { id: 'p1', workingHours: null },
    { id: 'p2', workingHours: everyDay([['10:00', '18:00']]) },
  ]

  it('needs a cabin and a sales person, both free for the whole slot and the person at work', () => {
    const r = { cabins: ['c1', 'c2'], salesPersons: people, bookings: [] }
    expect(freeIn(o, s9!, r)).toEqual({ cabins: ['c1', 'c2'], salesPersons: ['p1'] })
    expect(freeIn(o, s10!, r)).toEqual({ cabins: ['c1', 'c2'], salesPersons: ['p1', 'p2'] })
    const taken = { ...r, bookings: [{ cabinId: 'c1', salesPersonId: 'p1', startMs: s10!.startMs, endMs: s10!.endMs }] }
    expect(freeIn(o, s10!, taken)).toEqual({ cabins: ['c2'], salesPersons: ['p2'] })
    expect(freeIn(o, s11!, taken)).toEqual({ cabins: ['c1', 'c2'], salesPersons: ['p1', 'p2'] })
  })

  it('counts per slot on the board, virtual meetings needing no cabin, and leaves out slots begun', () => {
    const bookings = [
      { cabinId: 'c1', salesPersonId: 'p1', startMs: s10!.startMs, endMs: s10!.endMs },
      // A longer booking (made under 90-minute hours, say) still counts in every slot it covers.
      { cabinId: null, salesPersonId: 'p2', startMs: s10!.startMs, endMs: s11!.endMs },
    ]
    const r = { cabins: ['c1'], salesPersons: people, bookings }
    const slots = officeSlots(o, '2026-12-01', 1)
    const cabins = board(o, slots, r, { virtual: false, nowMs: 0 })
    expect(cabins.slice(0, 4).map((b) => b.free)).toEqual([1, 0, 1, 1])
    const virtual = board(o, slots, r, { virtual: true, nowMs: 0 })
    expect(virtual.slice(0, 4).map((b) => b.free)).toEqual([1, 0, 1, 2])
    expect(board(o, slots, r, { virtual: false, nowMs: s10!.startMs }).map((b) => b.slot)).toEqual(slots.slice(2))
  })

  it('picks the preferred sales person when free, else the first; no cabin for a virtual meeting', () => {
    const free = { cabins: ['c2'], salesPersons: ['p1', 'p2'] }
    expect(pick(free, { virtual: false })).toEqual({ cabinId: 'c2', salesPersonId: 'p1' })
    expect(pick(free, { virtual: false, preferredSalesPerson: 'p2' })).toEqual({ cabinId: 'c2', salesPersonId: 'p2' })
    expect(pick(free, { virtual: true, preferredSalesPerson: 'p9' })).toEqual({ cabinId: null, salesPersonId: 'p1' })
    expect(pick({ cabins: [], salesPersons: ['p1'] }, { virtual: false })).toBeNull()
    expect(pick({ cabins: ['c1'], salesPersons: [] }, { virtual: true })).toBeNull()
  })
})
