import { MAX_WATCHED_STONES } from '@diamond/contracts/realtime'

/**
 * Who hears about which stone, for both transports: stone id → the connections watching it, and the
 * members of the stock-wide feed. Routing one event costs its watchers plus the feed members, never
 * a walk over every connection.
 */
export class Watchers<C> {
  private byStone = new Map<string, Set<C>>()
  private byConn = new Map<C, Set<string>>()
  readonly feed = new Set<C>()

  /** Adds the stones; refuses (false, nothing changed) if the connection would pass the limit. */
  watch(conn: C, ids: readonly string[], max = MAX_WATCHED_STONES): boolean {
    const mine = this.byConn.get(conn)
    const fresh = new Set(ids.filter((id) => !mine?.has(id)))
    if ((mine?.size ?? 0) + fresh.size > max) return false
    if (!fresh.size) return true
    const set = mine ?? new Set<string>()
    if (!mine) this.byConn.set(conn, set)
    for (const id of fresh) {
      set.add(id)
      let members = this.byStone.get(id)
      if (!members) this.byStone.set(id, (members = new Set()))
      members.add(conn)
    }
    return true
  }

  unwatch(conn: C, ids: readonly string[]): void {
    const mine = this.byConn.get(conn)
    if (!mine) return
    for (const id of ids) {
      if (!mine.delete(id)) continue
      const members = this.byStone.get(id)
      members?.delete(conn)
      if (members?.size === 0) this.byStone.delete(id)
    }
    if (!mine.size) this.byConn.delete(conn)
  }

  joinFeed(conn: C): void {
    this.feed.add(conn)
  }

  /** A closed connection leaves every stone and the feed. */
  drop(conn: C): void {
    this.unwatch(conn, [...(this.byConn.get(conn) ?? [])])
    this.feed.delete(conn)
  }

  watching(conn: C): number {
    return this.byConn.get(conn)?.size ?? 0
  }

  /** Connections watching this one stone (not the feed). */
  of(stoneId: string): ReadonlySet<C> {
    return this.byStone.get(stoneId) ?? EMPTY
  }
}

const EMPTY: ReadonlySet<never> = new Set()
