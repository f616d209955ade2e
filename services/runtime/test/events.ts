import { randomInt } from 'node:crypto'
import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { newEvent } from '../src/outbox'

/**
 * Lower-case letters only: event types must match `a.b.c` with letters and hyphens, and their first
 * two segments name the topic, so a suffix there gives every test its own topic.
 */
export function suffix(length = 10): string {
  return Array.from({ length }, () => String.fromCharCode(97 + randomInt(26))).join('')
}

/** A topic of its own (and the event type that lands on it); not in the contracts' registry. */
export function testTopic(): { topic: string; type: string } {
  const topic = `test.thing-${suffix()}`
  return { topic, type: `${topic}.happened` }
}

export const testEvent = (type: string, key: string, data: Record<string, unknown> = {}): AnyEvent =>
  newEvent('runtime-test', type, key, data)

export const dataOf = (e: AnyEvent) => e.data as Record<string, unknown>

/** Records what a handler was given, in arrival order. */
export function recorder() {
  const events: AnyEvent[] = []
  return {
    events,
    handler: (e: AnyEvent) => {
      events.push(e)
      return Promise.resolve()
    },
    has: (id: string) => events.some((e) => e.id === id),
    hasAll: (ids: string[]) => {
      const seen = new Set(events.map((e) => e.id))
      return ids.every((id) => seen.has(id))
    },
    count: (id: string) => events.filter((e) => e.id === id).length,
    /** Ids of a key in arrival order, each counted at its first arrival (redeliveries may repeat). */
    firstArrivals: (key: string) => [...new Set(events.filter((e) => e.key === key).map((e) => e.id))],
  }
}

/** `perKey` events for each key, interleaved at random across keys, each key's in sequence. */
export function interleaved(type: string, keys: string[], perKey: number): AnyEvent[] {
  const queues = keys.map((key) => Array.from({ length: perKey }, (_, n) => testEvent(type, key, { n })))
  const out: AnyEvent[] = []
  while (queues.some((q) => q.length)) {
    const open = queues.filter((q) => q.length)
    out.push(open[randomInt(open.length)]!.shift()!)
  }
  return out
}

export function chunks<T>(list: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size))
}
