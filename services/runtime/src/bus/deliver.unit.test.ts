import { randomUUID } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { StockEventTypes } from '@diamond/contracts/events/stock'
import { deliver, invalidReason, partitionOf, type DeliveryPolicy } from './deliver'

const policy: DeliveryPolicy = { attempts: 3, backoffMs: 0 }

const event = (over: Partial<AnyEvent> = {}): AnyEvent => ({
  id: randomUUID(),
  type: 'test.thing.happened',
  key: 'stone-1',
  time: new Date().toISOString(),
  producer: 'unit-test',
  version: 1,
  data: { n: 1 },
  ...over,
})

/** A handler that fails its first `failures` calls. */
function handlerFailing(failures: number, error: unknown = new Error('handler failed')) {
  return vi.fn((_e: AnyEvent) => (failures-- > 0 ? Promise.reject(error) : Promise.resolve()))
}

describe('partitionOf', () => {
  const keys = Array.from({ length: 500 }, (_, i) => `stone-${i}`)

  it('puts a key in the same partition every time', () => {
    for (const key of keys) expect(partitionOf(key, 7)).toBe(partitionOf(key, 7))
  })

  it('stays within 0 .. partitions - 1', () => {
    for (const n of [1, 2, 3, 8, 13]) {
      for (const key of [...keys, '', 'ü-😀-long-key'.repeat(20)]) {
        const p = partitionOf(key, n)
        expect(Number.isInteger(p)).toBe(true)
        expect(p).toBeGreaterThanOrEqual(0)
        expect(p).toBeLessThan(n)
      }
    }
  })

  it('spreads keys over every partition', () => {
    const used = new Set(keys.map((k) => partitionOf(k, 3)))
    expect([...used].sort()).toEqual([0, 1, 2])
  })
})

describe('deliver', () => {
  it('hands a valid event to the handler once when it succeeds', async () => {
    const handler = handlerFailing(0)
    const deadLetter = vi.fn(async () => {})
    const e = event()
    await deliver(e, handler, deadLetter, policy)
    expect(handler).toHaveBeenCalledOnce()
    expect(handler).toHaveBeenCalledWith(e)
    expect(deadLetter).not.toHaveBeenCalled()
  })

  it('retries a failing handler and keeps the event when the last attempt succeeds', async () => {
    const handler = handlerFailing(policy.attempts - 1)
    const deadLetter = vi.fn(async () => {})
    await deliver(event(), handler, deadLetter, policy)
    expect(handler).toHaveBeenCalledTimes(policy.attempts)
    expect(deadLetter).not.toHaveBeenCalled()
  })

  it('dead-letters the event with the last error after exactly `attempts` failures', async () => {
    let call = 0
    const handler = vi.fn(() => Promise.reject(new Error(`failure ${++call}`)))
    const deadLetter = vi.fn(async () => {})
    const e = event()
    await deliver(e, handler, deadLetter, { attempts: 4, backoffMs: 0 })
    expect(handler).toHaveBeenCalledTimes(4)
    expect(deadLetter).toHaveBeenCalledExactlyOnceWith(e, 'failure 4')
  })

  it('gives the reason of a thrown non-Error as text', async () => {
    const deadLetter = vi.fn(async () => {})
    await deliver(event(), handlerFailing(99, 'plain refusal'), deadLetter, policy)
    expect(deadLetter).toHaveBeenCalledWith(expect.anything(), 'plain refusal')
  })

  it('waits longer before each retry', async () => {
    vi.useFakeTimers()
    try {
      const handler = handlerFailing(99)
      const done = deliver(event(), handler, async () => {}, { attempts: 3, backoffMs: 100 })
      await vi.advanceTimersByTimeAsync(0)
      expect(handler).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(99)
      expect(handler).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(handler).toHaveBeenCalledTimes(2)
      await vi.advanceTimersByTimeAsync(199)
      expect(handler).toHaveBeenCalledTimes(2)
      await vi.advanceTimersByTimeAsync(1)
      expect(handler).toHaveBeenCalledTimes(3)
      await done
    } finally {
      vi.useRealTimers()
    }
  })

  it.each<[string, unknown]>([
    ['an id that is not a uuid', { ...event(), id: 'not-a-uuid' }],
    ['a type outside the a.b.c pattern', event({ type: 'Thing.Happened' })],
    ['an empty key', event({ key: '' })],
    ['a time that is not a date-time', event({ time: 'yesterday' })],
    ['version 0', event({ version: 0 })],
    ['a field the envelope does not have', { ...event(), extra: true }],
    ['a missing field', (({ producer: _p, ...rest }) => rest)(event())],
    ['text that was not JSON', '{not json'],
    ['null', null],
  ])('dead-letters %s as malformed without calling the handler', async (_what, raw) => {
    const handler = handlerFailing(0)
    const deadLetter = vi.fn(async () => {})
    await deliver(raw, handler, deadLetter, policy)
    expect(handler).not.toHaveBeenCalled()
    expect(deadLetter).toHaveBeenCalledExactlyOnceWith(raw, expect.stringMatching(/^malformed: envelope/))
  })

  it('dead-letters a registered type whose data breaks its schema', async () => {
    const handler = handlerFailing(0)
    const deadLetter = vi.fn(async () => {})
    const raw = event({ type: StockEventTypes.held, data: { stoneId: 'nope' } })
    await deliver(raw, handler, deadLetter, policy)
    expect(handler).not.toHaveBeenCalled()
    expect(deadLetter).toHaveBeenCalledExactlyOnceWith(raw, expect.stringMatching(/^malformed: data/))
  })

  it('accepts any data for a type that is not registered', () => {
    expect(invalidReason(event({ data: { whatever: [1, 'two'] } }))).toBeNull()
  })

  it('accepts a registered type whose data matches its schema', () => {
    const data = {
      stoneId: randomUUID(),
      vStnId: 'V-1',
      wSts: 'A',
      sSts: 'A',
      availability: 'H',
      statusVersion: 2,
      holderId: null,
      expiresAt: null,
    }
    expect(invalidReason(event({ type: StockEventTypes.held, data }))).toBeNull()
  })
})
