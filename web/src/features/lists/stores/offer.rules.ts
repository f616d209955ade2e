import { QUOTE_MIN_DIFF } from '@diamond/contracts/http/tracks.values'

/**
 * The prices a counter-offer may name (the server's rule, tracks.rules.ts `counter`): at least
 * QUOTE_MIN_DIFF above the buyer's last price and at least as far below the sales side's (or the
 * asking price, before the sales side named one). When the two are closer than that, there is no
 * legal counter: the side whose turn it is can only accept or reject.
 */
export function counterRange(o: {
  buyerPrice: number
  salesPrice: number | null
  askingPrice: number
}): { min: number; max: number } | null {
  const cents = (n: number) => Math.round(n * 100)
  const min = cents(o.buyerPrice) + QUOTE_MIN_DIFF * 100
  const max = cents(o.salesPrice ?? o.askingPrice) - QUOTE_MIN_DIFF * 100
  return min <= max ? { min: min / 100, max: max / 100 } : null
}

/** A typed counter price within the range (and at most two decimals), else why not. */
export function counterProblem(
  text: string,
  range: { min: number; max: number },
): 'empty' | 'decimals' | 'outOfRange' | null {
  if (!text.trim()) return 'empty'
  const n = Number(text)
  if (!Number.isFinite(n) || Math.abs(Math.round(n * 100) - n * 100) > 1e-6) return 'decimals'
  return n < range.min || n > range.max ? 'outOfRange' : null
}
