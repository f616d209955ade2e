import type { Sql } from '@diamond/runtime/db'
import { orm } from '@diamond/runtime/db'
import { count } from 'drizzle-orm'
import { cabins } from '../offices/cabins.schema'
import { officeHolidays, offices, salesPersons } from '../offices/offices.schema'
import type { WeeklyHours } from '../slots/slots.rules'

type Interval = [string, string]
const week = (days: string, intervals: Interval[]): WeeklyHours =>
  Object.fromEntries([...days].map((d) => [d, intervals])) as WeeklyHours

/** Fixed ids, so links, tests and the web can name a demo office. */
export const DEMO_OFFICE_IDS = {
  india: '0ff1ce00-0000-4000-8000-000000000001',
  mumbai: '0ff1ce00-0000-4000-8000-000000000002',
  'hong-kong': '0ff1ce00-0000-4000-8000-000000000003',
  'new-york': '0ff1ce00-0000-4000-8000-000000000004',
  dubai: '0ff1ce00-0000-4000-8000-000000000005',
  belgium: '0ff1ce00-0000-4000-8000-000000000006',
} as const

interface DemoOffice {
  code: keyof typeof DEMO_OFFICE_IDS
  name: string
  timeZone: string
  slotMinutes: 30 | 60
  hours: WeeklyHours
  holidays: [string, string][]
  divisions: string[]
  cabins: string[]
  /** username, name, working hours (null: the office's) */
  staff: [string, string, WeeklyHours | null][]
}

const YEAR_END: [string, string][] = [
  ['2026-12-25', 'Christmas Day'],
  ['2027-01-01', "New Year's Day"],
]

/**
 * The spec's six offices (section 9's flag set). India and the Mumbai office keep Asia/Kolkata (the
 * spec's zone, no daylight saving); New York and Belgium change with daylight saving. The demo's
 * sales1 works in Mumbai (weekdays only), admin1 in India; each office has a sales person of its own.
 */
export const DEMO_OFFICES: DemoOffice[] = [
  {
    code: 'india',
    name: 'India',
    timeZone: 'Asia/Kolkata',
    slotMinutes: 60,
    hours: week('123456', [
      ['10:00', '13:00'],
      ['14:00', '18:00'],
    ]),
    holidays: [
      ['2026-11-08', 'Diwali'],
      ['2027-01-26', 'Republic Day'],
    ],
    divisions: ['Polished', 'Fancy colour'],
    cabins: ['Cabin 1', 'Cabin 2'],
    staff: [
      ['admin1', 'Sara Levi', null],
      ['sales.india', 'Arjun Rao', null],
    ],
  },
  {
    code: 'mumbai',
    name: 'Mumbai office',
    timeZone: 'Asia/Kolkata',
    slotMinutes: 30,
    hours: week('123456', [
      ['09:30', '13:00'],
      ['14:00', '18:30'],
    ]),
    holidays: [
      ['2026-11-08', 'Diwali'],
      ['2027-01-26', 'Republic Day'],
    ],
    divisions: ['Polished', 'Rough', 'Fancy colour'],
    cabins: ['BKC 1', 'BKC 2', 'BKC 3'],
    staff: [
      [
        'sales1',
        'Mei Lin',
        week('12345', [
          ['09:30', '13:00'],
          ['14:00', '18:30'],
        ]),
      ],
      ['sales.mumbai', 'Priya Nair', null],
    ],
  },
  {
    code: 'hong-kong',
    name: 'Hong Kong',
    timeZone: 'Asia/Hong_Kong',
    slotMinutes: 60,
    hours: { ...week('12345', [['09:30', '17:30']]), ...week('6', [['10:00', '13:00']]) },
    holidays: YEAR_END,
    divisions: ['Polished'],
    cabins: ['Tsim Sha Tsui 1', 'Tsim Sha Tsui 2'],
    staff: [['sales.hk', 'Kenneth Wong', null]],
  },
  {
    code: 'new-york',
    name: 'New York',
    timeZone: 'America/New_York',
    slotMinutes: 60,
    hours: week('12345', [['09:00', '17:00']]),
    holidays: [['2026-11-26', 'Thanksgiving Day'], ...YEAR_END],
    divisions: ['Polished', 'Fancy colour'],
    cabins: ['47th Street 1', '47th Street 2'],
    staff: [['sales.ny', 'Michael Stern', null]],
  },
  {
    code: 'dubai',
    name: 'Dubai',
    timeZone: 'Asia/Dubai',
    slotMinutes: 60,
    hours: { ...week('1234', [['09:00', '17:00']]), ...week('5', [['09:00', '12:00']]) },
    holidays: [['2027-01-01', "New Year's Day"]],
    divisions: ['Polished'],
    cabins: ['DMCC 1'],
    staff: [['sales.dubai', 'Fatima Al Nuaimi', null]],
  },
  {
    code: 'belgium',
    name: 'Belgium',
    timeZone: 'Europe/Brussels',
    slotMinutes: 30,
    hours: week('12345', [
      ['09:00', '12:30'],
      ['13:30', '17:30'],
    ]),
    holidays: YEAR_END,
    divisions: ['Polished', 'Rough'],
    cabins: ['Hoveniersstraat 1', 'Hoveniersstraat 2'],
    staff: [['sales.antwerp', 'Pieter Janssens', null]],
  },
]

/** The demo offices, cabins and sales persons, only in demo mode and only into an empty office table. */
export async function seedDemoOffices(sql: Sql): Promise<number> {
  return sql.begin(async (tx) => {
    // Two processes starting on one empty database: the second finds the offices and adds nothing.
    await tx`select pg_advisory_xact_lock(hashtext('appointments:demo-seed'))`
    const db = orm(tx)
    const [existing] = await db.select({ n: count() }).from(offices)
    if ((existing?.n ?? 0) > 0) return 0
    for (const [position, o] of DEMO_OFFICES.entries()) {
      const id = DEMO_OFFICE_IDS[o.code]
      await db.insert(offices).values({
        id,
        code: o.code,
        name: o.name,
        timeZone: o.timeZone,
        slotMinutes: o.slotMinutes,
        openingHours: o.hours,
        divisions: o.divisions,
        position,
      })
      await db.insert(officeHolidays).values(o.holidays.map(([day, name]) => ({ officeId: id, day, name })))
      await db
        .insert(cabins)
        .values(o.cabins.map((name, i) => ({ officeId: id, name, division: o.divisions[i % o.divisions.length]! })))
      await db.insert(salesPersons).values(
        o.staff.map(([username, name, workingHours]) => ({
          username,
          name,
          officeId: id,
          divisions: o.divisions,
          workingHours,
        })),
      )
    }
    return DEMO_OFFICES.length
  })
}
