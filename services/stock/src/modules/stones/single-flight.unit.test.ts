import { describe, expect, it } from 'vitest'
import { SingleFlight } from './single-flight'

/** A promise the test settles by hand: no timers, no timing. */
function deferred<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

describe('single flight per key', () => {
  it('runs one attempt while others for the same key wait for its outcome', async () => {
    const flights = new SingleFlight<string>()
    const d = deferred<string>()
    let runs = 0
    const attempt = () => (runs++, d.promise)
    const all = Promise.all([flights.join('s1', attempt), flights.join('s1', attempt), flights.join('s1', attempt)])
    expect(flights.size).toBe(1)
    d.resolve('won')
    const [first, ...rest] = await all
    expect(runs).toBe(1)
    expect(first).toEqual({ own: true, outcome: 'won' })
    expect(rest).toEqual([
      { own: false, outcome: 'won' },
      { own: false, outcome: 'won' },
    ])
    expect(flights.size).toBe(0)
  })

  it('keeps different keys apart', async () => {
    const flights = new SingleFlight<string>()
    const a = deferred<string>()
    const b = deferred<string>()
    const ra = flights.join('a', () => a.promise)
    const rb = flights.join('b', () => b.promise)
    expect(flights.size).toBe(2)
    b.resolve('b won')
    a.resolve('a won')
    expect(await ra).toEqual({ own: true, outcome: 'a won' })
    expect(await rb).toEqual({ own: true, outcome: 'b won' })
  })

  it('lets the next caller start a new flight once one has ended', async () => {
    const flights = new SingleFlight<string>()
    const first = deferred<string>()
    const second = deferred<string>()
    const r1 = flights.join('s', () => first.promise)
    const waiter = flights.join('s', () => second.promise)
    first.resolve('lost')
    expect(await r1).toEqual({ own: true, outcome: 'lost' })
    expect(await waiter).toEqual({ own: false, outcome: 'lost' })
    // The waiter, told the flight did not win, tries again: a new flight of its own.
    const again = flights.join('s', () => second.promise)
    const behind = flights.join('s', () => Promise.reject(new Error('must not run')))
    second.resolve('won')
    expect(await again).toEqual({ own: true, outcome: 'won' })
    expect(await behind).toEqual({ own: false, outcome: 'won' })
  })

  it('gives the failure to the caller that ran it and undefined to those waiting', async () => {
    const flights = new SingleFlight<string>()
    const d = deferred<string>()
    const own = flights.join('s', () => d.promise)
    const waiter = flights.join('s', () => d.promise)
    d.reject(new Error('connection lost'))
    await expect(own).rejects.toThrow('connection lost')
    expect(await waiter).toEqual({ own: false, outcome: undefined })
    expect(flights.size).toBe(0)
  })
})
