/**
 * One attempt in flight per key in this process: while an attempt for a key runs, later callers for
 * that key do not start their own, they wait for its outcome and learn it was not theirs (`own`
 * false). What a waiter does with someone else's outcome is the caller's business (the hold path
 * refuses when the flight won, and tries again when it did not). Nothing here knows about time.
 */
export class SingleFlight<T> {
  private readonly flights = new Map<string, Promise<T>>()

  /** Attempts in flight now (one per key). */
  get size(): number {
    return this.flights.size
  }

  /**
   * Runs `attempt` for `key` if none is in flight, else waits for the one that is. A waiter sees a
   * failed flight as `outcome: undefined`; the caller that ran it gets the failure itself.
   */
  async join(
    key: string,
    attempt: () => Promise<T>,
  ): Promise<{ own: true; outcome: T } | { own: false; outcome: T | undefined }> {
    const current = this.flights.get(key)
    if (current) return { own: false, outcome: await current.catch(() => undefined) }
    // The entry goes before any waiter wakes (they await the promise this `finally` returns), so a
    // waiter that tries again starts a new flight instead of finding the finished one.
    const flight = attempt().finally(() => this.flights.delete(key))
    this.flights.set(key, flight)
    return { own: true, outcome: await flight }
  }
}
