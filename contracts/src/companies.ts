/**
 * A company name as it is kept: compatibility forms folded (NFKC: a full-width letter is the letter),
 * every run of whitespace of any kind (no-break, ideographic, tabs) one plain space, no control
 * characters, trimmed.
 */
export const cleanCompanyName = (name: string): string =>
  name
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()

/**
 * Two spellings of one company name compare equal by this key: the cleaned name in lower case. Used
 * wherever a name stands for a company (a stone's seller, a rename that must not take another's).
 */
export const companyKey = (name: string): string => cleanCompanyName(name).toLowerCase()

/**
 * The demo's seller companies under fixed ids, so that two services that cannot read each other's
 * tables agree on them: auth creates them under these ids and stock seeds their stones under them
 * (seller1 signs in for 'Shah Diamonds'). Real companies get their ids from auth, which signs them
 * into each member's token; stock learns them from there.
 */
export const DEMO_COMPANY_IDS: Readonly<Record<string, string>> = {
  'Shah Diamonds': '5e11e500-0000-4000-8000-000000000001',
  'Surat Gems': '5e11e500-0000-4000-8000-000000000002',
  'Antwerp Brilliants': '5e11e500-0000-4000-8000-000000000003',
  'Mumbai Diamond House': '5e11e500-0000-4000-8000-000000000004',
  'Hong Kong Stones': '5e11e500-0000-4000-8000-000000000005',
  'Dubai Rough & Polished': '5e11e500-0000-4000-8000-000000000006',
  'New York Fine Diamonds': '5e11e500-0000-4000-8000-000000000007',
}
