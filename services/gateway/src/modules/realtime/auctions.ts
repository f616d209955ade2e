import { MAX_JOINED_AUCTIONS } from '@diamond/contracts/realtime'

/**
 * Who is in which auction's room, for both transports: auction id → the connections in it, and
 * back. Routing a lot's news costs the room's members, never a walk over every connection.
 */
export class AuctionMembers<C> {
  private byAuction = new Map<string, Set<C>>()
  private byConn = new Map<C, Set<string>>()

  /** Joins the room; refuses (false, nothing changed) past the per-connection limit. */
  join(conn: C, auctionId: string, max = MAX_JOINED_AUCTIONS): boolean {
    let mine = this.byConn.get(conn)
    if (mine?.has(auctionId)) return true
    if ((mine?.size ?? 0) >= max) return false
    if (!mine) this.byConn.set(conn, (mine = new Set()))
    mine.add(auctionId)
    let members = this.byAuction.get(auctionId)
    if (!members) this.byAuction.set(auctionId, (members = new Set()))
    members.add(conn)
    return true
  }

  leave(conn: C, auctionId: string): void {
    const mine = this.byConn.get(conn)
    if (!mine?.delete(auctionId)) return
    if (!mine.size) this.byConn.delete(conn)
    const members = this.byAuction.get(auctionId)
    members?.delete(conn)
    if (members?.size === 0) this.byAuction.delete(auctionId)
  }

  /** A closed connection leaves every room. */
  drop(conn: C): void {
    for (const id of [...(this.byConn.get(conn) ?? [])]) this.leave(conn, id)
  }

  of(auctionId: string): ReadonlySet<C> {
    return this.byAuction.get(auctionId) ?? EMPTY
  }

  joined(conn: C): number {
    return this.byConn.get(conn)?.size ?? 0
  }
}

const EMPTY: ReadonlySet<never> = new Set()
