import { Readable } from 'node:stream'

/**
 * Helpers over a file's chunks as an async iterator, pulled by hand: a `for await` that stops early
 * would close the source, and a multipart part that is closed unread stalls the rest of the request.
 * Here a refused file is drained instead, and the next part follows.
 */
export type Chunks = AsyncIterator<Buffer>

export class TooLarge extends Error {
  constructor(readonly max: number) {
    super(`over ${max} bytes`)
  }
}

/** Reads at least `n` bytes (fewer at the end): the head to sniff, and every chunk read so far. */
export async function peek(it: Chunks, n: number): Promise<{ head: Buffer; read: Buffer[]; done: boolean }> {
  const read: Buffer[] = []
  let size = 0
  while (size < n) {
    const r = await it.next()
    if (r.done) return { head: Buffer.concat(read), read, done: true }
    read.push(r.value)
    size += r.value.length
  }
  return { head: Buffer.concat(read), read, done: false }
}

/** The whole file as a stream: the chunks already read, then the rest; TooLarge past `max` bytes. */
export function body(read: readonly Buffer[], done: boolean, it: Chunks, max: number): Readable {
  let size = 0
  return Readable.from(
    (async function* () {
      for (const c of read) {
        size += c.length
        if (size > max) throw new TooLarge(max)
        yield c
      }
      if (done) return
      for (;;) {
        const r = await it.next()
        if (r.done) return
        size += r.value.length
        if (size > max) throw new TooLarge(max)
        yield r.value
      }
    })(),
  )
}

/** Reads what is left of a file and throws it away (its source's own errors still fail the request). */
export async function drain(it: Chunks): Promise<void> {
  while (!(await it.next()).done) {
    // nothing kept
  }
}

/** Counts every byte of a request's files together and fails the request past `max`. */
export function budgeted(it: Chunks, budget: { left: number }, tooMuch: () => Error): Chunks {
  return {
    async next() {
      const r = await it.next()
      if (!r.done) {
        budget.left -= r.value.length
        if (budget.left < 0) throw tooMuch()
      }
      return r
    },
  }
}
