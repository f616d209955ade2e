import { Compile } from 'typebox/compile'
import { AnyEvent } from '@diamond/contracts/events/envelope'
import { EventSchemas } from '@diamond/contracts/events/index'
import type { EventHandler } from './types'

const envelopeCheck = Compile(AnyEvent)
const dataChecks = new Map(Object.entries(EventSchemas).map(([type, schema]) => [type, Compile(schema)]))

/**
 * The verdict per event object: the in-process bus hands one published object to every consumer
 * group, so it is checked once, not once per group (events are never changed after publishing).
 */
const verdicts = new WeakMap<object, string | null>()

/** Validates an incoming event at the edge; types do not validate anything at run time. */
export function invalidReason(event: unknown): string | null {
  if (typeof event !== 'object' || event === null) return check(event)
  let v = verdicts.get(event)
  if (v === undefined) verdicts.set(event, (v = check(event)))
  return v
}

function check(event: unknown): string | null {
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

/**
 * Several events of one partition, in order: malformed ones go to the dead-letter topic, the rest to
 * the batch handler at once; if it fails, each event is delivered alone (retries, then dead letter),
 * so the outcome per event is the same as one at a time, only cheaper when all is well.
 */
export async function deliverBatch(
  raws: unknown[],
  handler: EventHandler,
  batchHandler: ((events: AnyEvent[]) => Promise<void>) | undefined,
  deadLetter: DeadLetter,
  policy: DeliveryPolicy = DEFAULT_DELIVERY,
  log: (msg: string, err?: unknown) => void = () => {},
): Promise<void> {
  if (!batchHandler || raws.length < 2) {
    for (const raw of raws) await deliver(raw, handler, deadLetter, policy, log)
    return
  }
  const valid: AnyEvent[] = []
  for (const raw of raws) {
    const bad = invalidReason(raw)
    if (!bad) valid.push(raw as AnyEvent)
    else {
      log(`dead-lettering malformed event: ${bad}`)
      await deadLetter(raw, `malformed: ${bad}`)
    }
  }
  if (!valid.length) return
  try {
    return await batchHandler(valid)
  } catch (err) {
    log(`a batch of ${valid.length} events failed; delivering them one at a time`, err)
  }
  for (const event of valid) await deliver(event, handler, deadLetter, policy, log)
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
