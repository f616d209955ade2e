import { Compile } from 'typebox/compile'
import { AnyEvent } from '@diamond/contracts/events/envelope'
import { EventSchemas } from '@diamond/contracts/events/index'
import type { EventHandler } from './types'

const envelopeCheck = Compile(AnyEvent)
const dataChecks = new Map(Object.entries(EventSchemas).map(([type, schema]) => [type, Compile(schema)]))

/** Validates an incoming event at the edge; types do not validate anything at run time. */
export function invalidReason(event: unknown): string | null {
  if (!envelopeCheck.Check(event)) {
    const first = [...envelopeCheck.Errors(event)][0]
    return `envelope ${first?.instancePath || ''} ${first?.message ?? 'invalid'}`
  }
  const check = dataChecks.get(event.type)
  if (check && !check.Check(event.data)) {
    const first = [...check.Errors(event.data)][0]
    return `data ${first?.instancePath || ''} ${first?.message ?? 'invalid'}`
  }
  return null
}

export interface DeliveryPolicy {
  attempts: number
  backoffMs: number
}
export const DEFAULT_DELIVERY: DeliveryPolicy = { attempts: 5, backoffMs: 50 }

export type DeadLetter = (event: unknown, reason: string) => Promise<void>

/**
 * Runs a handler with bounded retries. An event that is malformed, or whose handler keeps failing,
 * goes to the dead-letter topic so that one bad event never blocks its partition for ever.
 */
export async function deliver(
  raw: unknown,
  handler: EventHandler,
  deadLetter: DeadLetter,
  policy: DeliveryPolicy = DEFAULT_DELIVERY,
  log: (msg: string, err?: unknown) => void = () => {},
): Promise<void> {
  const bad = invalidReason(raw)
  if (bad) {
    log(`dead-lettering malformed event: ${bad}`)
    return deadLetter(raw, `malformed: ${bad}`)
  }
  const event = raw as AnyEvent
  let lastError: unknown
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    try {
      return await handler(event)
    } catch (err) {
      lastError = err
      if (attempt < policy.attempts) await sleep(policy.backoffMs * 2 ** (attempt - 1))
    }
  }
  log(`dead-lettering ${event.type} ${event.id} after ${policy.attempts} attempts`, lastError)
  return deadLetter(event, lastError instanceof Error ? lastError.message : String(lastError))
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** Stable partitioning by key, the same idea as Kafka's: one key, one partition, one order. */
export function partitionOf(key: string, partitions: number): number {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0) % partitions
}
