import { eq } from 'drizzle-orm'
import { orm, type Tx } from '@diamond/runtime/db'
import { companies, type Company } from '../users/users.schema'

type DemoProfile = Partial<
  Pick<
    Company,
    | 'type'
    | 'description'
    | 'foundedYear'
    | 'size'
    | 'website'
    | 'isPublic'
    | 'headquarters'
    | 'country'
    | 'city'
    | 'dealsIn'
    | 'socialLinks'
    | 'manufacturing'
    | 'locations'
    | 'showContacts'
  >
>

/**
 * The demo's member directory (issue 25): seller1's company and a few other sellers whose stones the
 * stock demo lists are shown; buyer1's company is not (a hidden company is "not found" to others).
 * Companies without demo accounts are created by name (their ids fixed in contracts/companies).
 */
export const DEMO_DIRECTORY: Readonly<Record<string, DemoProfile>> = {
  'Shah Diamonds': {
    type: 'manufacturer',
    description:
      'Family manufacturer of certified round and fancy diamonds since 1987, cutting in Surat and selling from Mumbai.',
    foundedYear: 1987,
    size: '51-200',
    website: 'https://shah-diamonds.example',
    isPublic: true,
    headquarters: 'Bharat Diamond Bourse, Bandra Kurla Complex, Mumbai',
    country: 'India',
    city: 'Mumbai',
    dealsIn: 'Round brilliants, fancy shapes, GIA and IGI certified, 0.30-5 ct',
    socialLinks: [
      { platform: 'linkedin', url: 'https://www.linkedin.com/company/shah-diamonds-example' },
      { platform: 'instagram', url: 'https://www.instagram.com/shah.diamonds.example' },
    ],
    manufacturing: 'Cutting and polishing works in Surat (Varachha), 120 polishers, planning by scanner.',
    locations: ['Mumbai', 'Surat', 'Antwerp'],
    showContacts: false,
  },
  'Cohen & Sons': {
    type: 'wholesaler',
    description: 'Antwerp wholesaler of melee and pointers for jewellery manufacturers across Europe.',
    foundedYear: 1962,
    size: '11-50',
    website: 'https://cohen-sons.example',
    isPublic: true,
    headquarters: 'Hoveniersstraat, Antwerp',
    country: 'Belgium',
    city: 'Antwerp',
    dealsIn: 'Melee, pointers, calibrated parcels',
    locations: ['Antwerp'],
  },
  'Surat Gems': {
    type: 'manufacturer',
    description: 'Manufacturer of commercial-quality rounds and ovals.',
    foundedYear: 2004,
    size: '201-500',
    isPublic: true,
    headquarters: 'Varachha Road, Surat',
    country: 'India',
    city: 'Surat',
    dealsIn: 'Rounds, ovals, lab-grown',
    locations: ['Surat'],
  },
  'Antwerp Brilliants': {
    type: 'wholesaler',
    description: 'Certified stones from 1 carat, D to H, for retailers.',
    foundedYear: 1995,
    size: '11-50',
    isPublic: true,
    headquarters: 'Pelikaanstraat, Antwerp',
    country: 'Belgium',
    city: 'Antwerp',
    dealsIn: 'Certified rounds 1 ct+, pairs',
    locations: ['Antwerp', 'Tel Aviv'],
  },
  'Hong Kong Stones': {
    type: 'retailer',
    description: 'Retail and trade counter in Tsim Sha Tsui.',
    foundedYear: 2010,
    size: '1-10',
    isPublic: true,
    headquarters: 'Nathan Road, Kowloon',
    country: 'Hong Kong',
    city: 'Hong Kong',
    dealsIn: 'Fancy colours, pear and heart shapes',
    locations: ['Hong Kong'],
  },
}

/** Fills the demo companies' profiles (the seed's transaction; each company already exists by name). */
export async function applyDemoProfiles(tx: Tx, ids: ReadonlyMap<string, string>): Promise<void> {
  for (const [name, profile] of Object.entries(DEMO_DIRECTORY)) {
    const id = ids.get(name)
    if (id) await orm(tx).update(companies).set(profile).where(eq(companies.id, id))
  }
}
