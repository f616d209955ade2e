import { describe, expect, it } from 'vitest'
import { decide, softCloseAfter, type LogEntry, type LotTerms } from './winner.rules'

/** A small seeded generator: every run checks the same cases, and a failure names its seed. */
function rng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const int = (r: () => number, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1))

const T0 = 1_000_000
const base: LotTerms = {
  opensAt: T0,
  scheduledClose: T0 + 10_000,
  startCents: 1000,
  reserveCents: null,
  buyNowCents: null,
  softClose: null,
}

let n = 0
const bid = (bidderId: string, priceCents: number, at: number, seq = ++n): LogEntry => ({
  id: `b${seq}`,
  bidderId,
  seq,
  kind: 'bid',
  priceCents,
  at,
})
const withdraw = (bidderId: string, at: number, seq = ++n): LogEntry => ({
  id: `w${seq}`,
  bidderId,
  seq,
  kind: 'withdraw',
  priceCents: null,
  at,
})

/** The straightforward reference: filter the valid bids, sort, take the first. (No soft close, no buy-now.) */
function reference(terms: LotTerms, log: LogEntry[]) {
  const valid = log.filter(
    (e) =>
      e.kind === 'bid' &&
      e.at >= terms.opensAt &&
      e.at < terms.scheduledClose &&
      e.priceCents! >= terms.startCents &&
      !log.some(
        (w) =>
          w.kind === 'withdraw' &&
          w.bidderId === e.bidderId &&
          w.seq > e.seq &&
          w.at >= terms.opensAt &&
          w.at < terms.scheduledClose,
      ),
  )
  valid.sort((a, b) => b.priceCents! - a.priceCents! || a.seq - b.seq)
  const best = valid[0]
  if (!best || (terms.reserveCents !== null && best.priceCents! < terms.reserveCents)) return null
  return best.id
}

describe('the winner of a lot, from its bid log', () => {
  it('agrees with the reference over random logs (equal amounts, reserve on and off, late and withdrawn bids)', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const r = rng(seed)
      const bidders = Array.from({ length: int(r, 1, 6) }, (_, i) => `u${i}`)
      // Few distinct amounts: ties are the rule, not the exception.
      const amounts = Array.from({ length: int(r, 1, 4) }, () => int(r, 5, 20) * 100)
      const terms: LotTerms = { ...base, reserveCents: r() < 0.5 ? null : int(r, 8, 18) * 100 }
      const log: LogEntry[] = []
      const size = int(r, 0, 25)
      for (let seq = 1; seq <= size; seq++) {
        const who = bidders[int(r, 0, bidders.length - 1)]!
        // Mostly inside the window, some before the opening and some at or after the close.
        const at = r() < 0.15 ? T0 + 10_000 + int(r, 0, 3) : r() < 0.05 ? T0 - 1 : T0 + int(r, 0, 9_999)
        log.push(r() < 0.15 ? withdraw(who, at, seq) : bid(who, amounts[int(r, 0, amounts.length - 1)]!, at, seq))
      }
      // The log's order is its seq, whatever order the rows come in.
      const shuffled = [...log].sort(() => r() - 0.5)
      const got = decide(terms, shuffled)
      expect(got.winner?.bidId ?? null, `seed ${seed}`).toBe(reference(terms, log))
      if (got.winner) expect(got.winner.priceCents).toBe(log.find((e) => e.id === got.winner!.bidId)!.priceCents)
      expect(new Set(got.bidderIds)).toEqual(new Set(log.filter((e) => e.kind === 'bid').map((e) => e.bidderId)))
    }
  })

  it('gives a tie to the earliest bid', () => {
    const d = decide(base, [bid('a', 1500, T0 + 10, 1), bid('b', 1500, T0 + 5, 2), bid('c', 1400, T0 + 1, 3)])
    expect(d.winner).toEqual({ bidId: 'b1', bidderId: 'a', priceCents: 1500 })
  })

  it('ignores a bid at the close instant, and one below the start', () => {
    expect(decide(base, [bid('a', 900, T0 + 1, 1), bid('b', 5000, T0 + 10_000, 2)]).winner).toBeNull()
    expect(decide(base, [bid('a', 1000, T0 + 9_999, 1)]).winner?.bidderId).toBe('a')
  })

  it('has no winner when the best bid misses the reserve', () => {
    expect(decide({ ...base, reserveCents: 2000 }, [bid('a', 1999, T0 + 1, 1)]).winner).toBeNull()
    expect(decide({ ...base, reserveCents: 2000 }, [bid('a', 2000, T0 + 1, 1)]).winner?.priceCents).toBe(2000)
  })

  it('drops a withdrawn sealed bid; a bid after the withdrawal counts again', () => {
    expect(
      decide(base, [bid('a', 3000, T0 + 1, 1), bid('b', 2000, T0 + 2, 2), withdraw('a', T0 + 3, 3)]).winner?.bidderId,
    ).toBe('b')
    expect(
      decide(base, [
        bid('a', 3000, T0 + 1, 1),
        withdraw('a', T0 + 3, 2),
        bid('a', 2500, T0 + 4, 3),
        bid('b', 2000, T0 + 5, 4),
      ]).winner?.bidId,
    ).toBe('b3')
    // A withdrawal after the close changes nothing.
    expect(decide(base, [bid('a', 3000, T0 + 1, 1), withdraw('a', T0 + 10_000, 2)]).winner?.bidderId).toBe('a')
  })

  it('ends the lot at the first buy-now bid, at the buy-now price', () => {
    const terms = { ...base, buyNowCents: 5000 }
    const d = decide(terms, [bid('a', 3000, T0 + 1, 1), bid('b', 5000, T0 + 2, 2), bid('c', 9000, T0 + 3, 3)])
    expect(d.winner).toEqual({ bidId: 'b2', bidderId: 'b', priceCents: 5000 })
    expect(d.buyNowBidId).toBe('b2')
  })

  it('extends the close for a bid in the soft-close window, and counts bids up to the new close', () => {
    const terms = { ...base, softClose: { windowMs: 2000, extendMs: 3000 } }
    // At 9s (inside the last 2s) the close moves to 12s; a bid at 11s is then in time and moves it to 14s.
    const d = decide(terms, [
      bid('a', 1000, T0 + 5_000, 1),
      bid('b', 1100, T0 + 9_000, 2),
      bid('c', 1200, T0 + 11_000, 3),
      bid('d', 1300, T0 + 14_000, 4),
    ])
    expect(d.closesAt).toBe(T0 + 14_000)
    expect(d.extensions).toBe(2)
    expect(d.winner?.bidderId).toBe('c')
  })

  it('moves a soft close only inside the window and never backwards', () => {
    const soft = { windowMs: 120_000, extendMs: 60_000 }
    expect(softCloseAfter(1_000_000, 800_000, soft)).toBe(1_000_000)
    expect(softCloseAfter(1_000_000, 990_000, soft)).toBe(1_050_000)
    // Inside the window, but the extension would end before the close: unchanged.
    expect(softCloseAfter(1_000_000, 900_000, soft)).toBe(1_000_000)
    expect(softCloseAfter(1_000_000, 1_000_000, soft)).toBe(1_000_000)
    expect(softCloseAfter(1_000_000, 990_000, null)).toBe(1_000_000)
  })
})
