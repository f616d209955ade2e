import type { Availability } from '@diamond/contracts/events/stock'

/** Each shape's full name, as a certificate writes it. */
export const SHAPE_FULL: Record<string, string> = {
  ROUND: 'Round Brilliant',
  OVAL: 'Oval Brilliant',
  PRINCESS: 'Princess Cut',
  CUSHION: 'Cushion Modified Brilliant',
  PEAR: 'Pear Brilliant',
  EMERALD: 'Emerald Cut',
  RADIANT: 'Cut-Cornered Rectangular Modified Brilliant',
  MARQUISE: 'Marquise Brilliant',
  HEART: 'Heart Brilliant',
}

/** Spec section 4: the availability code a stone shows for its web status. */
export function availabilityOf(wSts: string): Availability {
  switch (wSts) {
    case 'A':
    case 'H':
    case 'M':
    case 'U':
    case 'B':
    case 'S':
    case 'O':
    case 'E':
      return wSts
    // Best-buy memo reads as on memo.
    case 'D':
      return 'M'
    default:
      return 'NA'
  }
}

export interface StatusCodes {
  inOrder: boolean
  webSts: string
  wSts: string
  sSts: string
  sgiSts: string
  initSts: string
  /** A block of type 2 exists for the stone. */
  blockedType2: boolean
}

/** Spec section 4's flags, derived from the row's status codes. */
export function statusFlags(s: StatusCodes) {
  return {
    sgiMemo: !s.inOrder && s.webSts !== 'I' && s.wSts === 'M' && !s.blockedType2,
    sgiHold: !s.inOrder && s.sSts === 'Y' && s.wSts === 'H',
    bestBuyMemo: s.wSts === 'D' && s.sgiSts === 'I',
    bestBuyHold: s.initSts === 'D',
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

export const cents = (c: number | bigint | string) => Number(c) / 100
