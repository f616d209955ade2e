import type { StoneStatus } from '@diamond/contracts/realtime'

/** Where a connection's batch goes: one socket, on either transport. */
export interface PushTarget {
  /**
   * `ready`: a batch may be written now; `busy`: the socket still has a lot unsent, so the batch
   * waits (and keeps coalescing) for a later window; `closed`: whatever waits is dropped.
   */
  state(): 'ready' | 'busy' | 'closed'
  /** `changes` may be the same array for many targets: read it, never change it. */
  push(changes: readonly StoneStatus[]): void
}

/** Who hears about what: the connections watching a stone, and the stock feed's members. */
export interface Audience<T> {
  of(stoneId: string): Iterable<T>
  readonly feed: ReadonlySet<T>
}

/**
 * The newest status per stone, whatever order events come in. Its size is bounded by the stones
 * it hears about, never by the number of events.
 */
export class PendingStatuses {
  private byStone = new Map<string, StoneStatus>()

  /**
   * Keeps `s` unless a status of the same stone at least as new already waits. A change of price or
   * details (`changed`) is never lost to a status that supersedes it: the one kept carries it.
   */
  put(s: StoneStatus): void {
    const waiting = this.byStone.get(s.id)
    if (!waiting || waiting.version < s.version)
      this.byStone.set(s.id, waiting?.changed && !s.changed ? { ...s, changed: true } : s)
    else if (s.changed && !waiting.changed) this.byStone.set(s.id, { ...waiting, changed: true })
  }

  get size(): number {
    return this.byStone.size
  }

  take(): StoneStatus[] {
    const changes = [...this.byStone.values()]
    this.byStone.clear()
    return changes
  }
}

export interface FlushResult {
  sent: number
  deferred: number
  dropped: number
}

/**
 * Per-connection batches, one message per connection per window. An event costs O(1): it goes into
 * the window's newest-per-stone map. At the window's end (`flush`) each changed stone is routed once
 * to its watchers and to the feed members, and every ready connection is sent ONE message with all
 * its waiting changes. A busy connection is skipped and keeps its own newest-per-stone map, so a slow
 * reader costs memory per stone it hears about, not per event, and catches up with the newest state
 * as soon as its socket drains. Feed members with nothing older waiting all get the very same
 * array, so a transport can encode it once.
 */
export class PushBatcher<T extends PushTarget> {
  private window = new PendingStatuses()
  private waiting = new Map<T, PendingStatuses>()

  constructor(private readonly audience: Audience<T>) {}

  put(s: StoneStatus): void {
    this.window.put(s)
  }

  /** Whether a flush has anything to do. */
  get dirty(): boolean {
    return this.window.size > 0 || this.waiting.size > 0
  }

  /** How many stone statuses wait for `target` after a flush skipped it (0 if none). */
  waitingFor(target: T): number {
    return this.waiting.get(target)?.size ?? 0
  }

  flush(): FlushResult {
    const r: FlushResult = { sent: 0, deferred: 0, dropped: 0 }
    const changes = this.window.take()
    if (changes.length) {
      for (const conn of this.audience.feed) {
        const older = this.waiting.get(conn)
        if (older) for (const c of changes) older.put(c)
        else this.send(conn, changes, r)
      }
      for (const c of changes) {
        for (const conn of this.audience.of(c.id)) if (!this.audience.feed.has(conn)) this.pendingOf(conn).put(c)
      }
    }
    for (const [conn, pending] of this.waiting) {
      const state = conn.state()
      if (state === 'busy') {
        r.deferred++
        continue
      }
      this.waiting.delete(conn)
      if (state === 'closed') r.dropped++
      else {
        conn.push(pending.take())
        r.sent++
      }
    }
    return r
  }

  /** A feed member with nothing older waiting: this window's changes as they are, or they wait. */
  private send(conn: T, changes: readonly StoneStatus[], r: FlushResult) {
    const state = conn.state()
    if (state === 'ready') {
      conn.push(changes)
      r.sent++
    } else if (state === 'busy') {
      const pending = this.pendingOf(conn)
      for (const c of changes) pending.put(c)
      // Counted as deferred in the pass over waiting connections.
    } else r.dropped++
  }

  private pendingOf(conn: T): PendingStatuses {
    let pending = this.waiting.get(conn)
    if (!pending) this.waiting.set(conn, (pending = new PendingStatuses()))
    return pending
  }
}
