import { orm, type Tx } from '@diamond/runtime/db'
import { facilities, type FacilityFields } from './facilities.schema'

/** The demo's facilities (My account → Manufacturing, and the member profile): Shah Diamonds, seller1's company. */
export const DEMO_FACILITIES: Readonly<Record<string, readonly FacilityFields[]>> = {
  'Shah Diamonds': [
    {
      name: 'Varachha cutting works',
      city: 'Surat',
      country: 'India',
      activities: ['planning', 'cuttingPolishing', 'laserSawing'],
      workers: 120,
      monthlyCapacityCt: 1500,
      certifications: 'RJC certified, Kimberley Process',
      isPublic: true,
    },
    {
      name: 'Bharat Diamond Bourse grading office',
      city: 'Mumbai',
      country: 'India',
      activities: ['grading'],
      workers: 8,
      monthlyCapacityCt: null,
      certifications: 'GJEPC member',
      isPublic: true,
    },
  ],
}

/** Adds the demo facilities (the seed's transaction; each company already exists by name). */
export async function applyDemoFacilities(tx: Tx, ids: ReadonlyMap<string, string>): Promise<void> {
  const rows = Object.entries(DEMO_FACILITIES).flatMap(([name, list]) => {
    const companyId = ids.get(name)
    return companyId ? list.map((f) => ({ ...f, companyId })) : []
  })
  if (rows.length) await orm(tx).insert(facilities).values(rows)
}
