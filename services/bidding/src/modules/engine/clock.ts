import type { Sql } from '@diamond/runtime/db'

const local = () => performance.timeOrigin + performance.now()

/**
 * The database clock, read without a round trip per bid: the offset between this process's
 * monotonic clock and the database's `clock_timestamp()` is measured at start and re-read every
 * few seconds by a periodic job of the service (the error is about half a round trip, well under a
 * millisecond on one machine).
 * Bids are stamped with it on arrival; the closer only closes a lot once the database itself says
 * its close has passed, with a margin larger than that error.
 */
export class DbClock {
  private offset = 0

  constructor(private readonly sql: Sql) {}

  now(): number {
    return Math.floor(local() + this.offset)
  }

  async sync(): Promise<void> {
    // The fastest of a few reads is the least disturbed by scheduling.
    let best: { rtt: number; offset: number } | null = null
    for (let i = 0; i < 3; i++) {
      const t0 = local()
      const [row] = await this.sql<
        { ms: number }[]
      >`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`
      const t1 = local()
      const sample = { rtt: t1 - t0, offset: row!.ms - (t0 + t1) / 2 }
      if (!best || sample.rtt < best.rtt) best = sample
    }
    this.offset = best!.offset
  }
}
