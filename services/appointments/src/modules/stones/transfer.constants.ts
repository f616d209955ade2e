/**
 * Where each office is, in stock's location names (contracts' masters LOCATION), and how many working
 * days a stone takes to come from one location to another for a viewing: insured courier between the
 * trading centres, customs at both ends. Chosen for the demo's six offices (issue 24) and kept here,
 * one place to change them; a pair not listed takes TRANSFER_DAYS_DEFAULT.
 */
export const OFFICE_LOCATIONS: Readonly<Record<string, string>> = {
  india: 'India',
  mumbai: 'India',
  'hong-kong': 'Hong Kong',
  'new-york': 'New York',
  dubai: 'Dubai',
  belgium: 'Belgium',
}

/** Working days, the same either way: [from, to, days]. */
export const TRANSFER_DAYS: readonly (readonly [string, string, number])[] = [
  ['India', 'Dubai', 2],
  ['India', 'Hong Kong', 3],
  ['India', 'Belgium', 4],
  ['India', 'New York', 5],
  ['Hong Kong', 'Dubai', 3],
  ['Hong Kong', 'Belgium', 4],
  ['Hong Kong', 'New York', 4],
  ['Dubai', 'Belgium', 3],
  ['Dubai', 'New York', 4],
  ['Belgium', 'New York', 3],
]

/** A location pair not in the table (a seller's own location name, say). */
export const TRANSFER_DAYS_DEFAULT = 7

/** The spec's home location: stones lying elsewhere are not delivered in India without the sales person. */
export const HOME_LOCATION = 'India'
