/**
 * Bookings waiting for stock's answer about their stones, in this process. The consumer that applies
 * an answer wakes the waiters of that appointment after its commit; a waiter also reads again every
 * READ_AGAIN_MS, because in the distributed mode another instance may have applied it.
 */
const READ_AGAIN_MS = 200

export class AnswerWaiters {
  private readonly waiting = new Map<string, Set<() => void>>()

  /** After an answer for this appointment committed. */
  answered(appointmentId: string): void {
    const set = this.waiting.get(appointmentId)
    if (!set) return
    this.waiting.delete(appointmentId)
    for (const wake of set) wake()
  }

  /**
   * Waits until `done()` says so or `withinMs` passed; answers whether it was done. `done` is read
   * first, then after every wake-up and every READ_AGAIN_MS.
   */
  async until(appointmentId: string, done: () => Promise<boolean>, withinMs: number, now = Date.now): Promise<boolean> {
    const deadline = now() + withinMs
    for (;;) {
      if (await done()) return true
      const left = deadline - now()
      if (left <= 0) return false
      await new Promise<void>((resolve) => {
        const set = this.waiting.get(appointmentId) ?? new Set()
        this.waiting.set(appointmentId, set)
        const wake = () => {
          clearTimeout(timer)
          set.delete(wake)
          if (!set.size && this.waiting.get(appointmentId) === set) this.waiting.delete(appointmentId)
          resolve()
        }
        const timer = setTimeout(wake, Math.min(left, READ_AGAIN_MS))
        set.add(wake)
      })
    }
  }
}
