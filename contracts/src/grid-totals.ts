/**
 * Spec section 9's totals of a grid of stones: carats and amounts summed; the price per carat, the
 * Rap per carat and the discount weighted by carats, as a trader prices a parcel. One rule for the
 * search answer (the stock service's engine), the downloads' last row (Excel, PDF) and the web
 * app's selection bar. Pure: no imports, so the web bundle takes it as it is.
 *
 * Sums are kept in whole units, carat hundredths and cents, so a total is exact whatever the order
 * the stones come in. Prices the viewer may not see are absent from the stones, and so from the totals.
 */
export interface GridTotals {
  count: number
  crt: number
  /** Amount: the sum. */
  ctPr?: number
  /** Price per carat: amount over carats. */
  amt?: number
  /** Rap per carat, weighted by carats. */
  rap?: number
  /** The discount against the Rap value, in percent (negative below Rap), of the stones that have a Rap price. */
  back?: number
  fnCtpr?: number
  fnAmt?: number
}

/** A stone as a grid row holds it: carats, and its prices in dollars when the viewer may see them. */
export interface TotalsStone {
  crt?: number
  ctPr?: number
  rap?: number
  fnCtpr?: number
}

export interface TotalsSums {
  count: number
  /** Σ carats, in hundredths. */
  crt100: number
  /** Stones whose prices were counted. */
  priced: number
  ctPrCents: number
  /** Σ Rap cents per carat × carat hundredths, over the priced stones that have a Rap price. */
  rapValue: number
  /** Σ amount in cents of those same stones: the discount compares like with like. */
  ctPrWithRapCents: number
  fnCtprCents: number
}

export const EMPTY_SUMS: Readonly<TotalsSums> = {
  count: 0,
  crt100: 0,
  priced: 0,
  ctPrCents: 0,
  rapValue: 0,
  ctPrWithRapCents: 0,
  fnCtprCents: 0,
}

const whole = (n: number | undefined) => Math.round((n || 0) * 100)
const round2 = (n: number) => Math.round(n * 100) / 100

/** The sums with one more stone; its final price is its price unless it has its own. */
export function addStone(sums: TotalsSums, stone: TotalsStone): TotalsSums {
  const crt100 = whole(stone.crt)
  const next = { ...sums, count: sums.count + 1, crt100: sums.crt100 + crt100 }
  if (stone.ctPr === undefined) return next
  const ctPrCents = whole(stone.ctPr)
  const rapCents = whole(stone.rap)
  next.priced++
  next.ctPrCents += ctPrCents
  next.fnCtprCents += whole(stone.fnCtpr ?? stone.ctPr)
  if (rapCents > 0) {
    next.rapValue += rapCents * crt100
    next.ctPrWithRapCents += ctPrCents
  }
  return next
}

/** The totals of these sums; a figure with nothing to average (no carats, no Rap price) is left out. */
export function totalsOf(s: TotalsSums): GridTotals {
  const out: GridTotals = { count: s.count, crt: s.crt100 / 100 }
  if (!s.priced) return out
  out.ctPr = Math.round(s.ctPrCents) / 100
  out.fnCtpr = Math.round(s.fnCtprCents) / 100
  if (s.crt100 > 0) {
    out.amt = Math.round((s.ctPrCents * 100) / s.crt100) / 100
    out.rap = Math.round(s.rapValue / s.crt100) / 100
    out.fnAmt = Math.round((s.fnCtprCents * 100) / s.crt100) / 100
  }
  if (s.rapValue > 0) out.back = round2(((s.ctPrWithRapCents * 100) / s.rapValue - 1) * 100)
  return out
}

/** The totals of a list of stones. */
export const gridTotals = (stones: Iterable<TotalsStone>): GridTotals => {
  let sums: TotalsSums = EMPTY_SUMS
  for (const s of stones) sums = addStone(sums, s)
  return totalsOf(sums)
}
