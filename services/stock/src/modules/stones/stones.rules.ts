import type { Availability } from '@diamond/contracts/events/stock'

/** Spec section 4: the availability code a stone shows for its web status. */
export function availabilityOf(wSts: string): Availability {
  switch (wSts) {
    case 'A':
      return 'A'
    case 'H':
      return 'H'
    case 'M':
      return 'M'
    default:
      return 'NA'
  }
}

/** Price per carat from the Rap price and the discount ("back", percent; negative is below Rap). */
export function pricePerCaratCents(rapCents: number, backPercent: number): number {
  // back has two decimals: work in hundredths of a percent to stay in integers.
  const back100 = Math.round(backPercent * 100)
  return Math.round((rapCents * (10_000 + back100)) / 10_000)
}

/** The amount of a stone: price per carat times carat (carat has two decimals). */
export function amountCents(amtCents: number, carat: number): number {
  return Math.round((amtCents * Math.round(carat * 100)) / 100)
}

export const cents = (c: number | bigint) => Number(c) / 100
