import type {
  AppointmentEventType,
  OfficeChanged,
  SlotChanged,
  ViewingRequestEventType,
} from '@diamond/contracts/events/appointments'
import type { LotEventType } from '@diamond/contracts/events/bidding'
import type { DomainEvent } from '@diamond/contracts/events/index'
import type { Notification } from '@diamond/contracts/events/notifications'
import { isGoneWSts, StockEventTypes, type StoneEventType } from '@diamond/contracts/events/stock'
import type { SlotsChanged, StoneStatus } from '@diamond/contracts/realtime'
import type { AuctionMembers } from './auctions'
import { bidPushesOf, PendingPositions, RoomBatcher, type BidTarget } from './bids.rules'
import { rooms, type Hub } from './hub'
import { PushBatcher, type PushTarget } from './push.rules'
import type { Watchers } from './watchers'

/**
 * Turns platform events into pushes. A stone's change waits in the window's batch; one gateway-wide
 * timer then sends every connection watching a changed stone, and every stock-feed member, one
 * `stones.status` message per window with the latest status of each stone, so a rush becomes a few
 * frames per socket instead of one per event. A connection in both the feed and a stone's watchers
 * gets that stone once. Holder ids stay inside the platform; a user's own notices go to that user's
 * sockets at once.
 *
 * Bidding's news rides the same windows: each lot's newest high, extension and result go to its
 * auction's room once per window (a hot auction's hundreds of highs a second become one frame per
 * lot per window), and each user's newest position per lot to that user's sockets.
 */
export class Fanout {
  private batcher: PushBatcher<PushTarget>
  private rooms: RoomBatcher<BidTarget> | null
  private positions = new PendingPositions()
  /** Stones that reached live stock in this window: one `stones.arrived` to everyone at its end. */
  private arrivals = 0
  /** Slots taken or freed in this window, per office, the newest of each slot: one `slots.changed` per office board room. */
  private slots = new Map<string, Map<string, SlotsChanged['slots'][number]>>()
  private timer: NodeJS.Timeout | null = null
  private lastFlush = -Infinity
  private stopped = false

  constructor(
    private readonly hub: Hub,
    watchers: Watchers<PushTarget>,
    private readonly windowMs: number,
    auctions?: AuctionMembers<BidTarget>,
  ) {
    this.batcher = new PushBatcher(watchers)
    this.rooms = auctions ? new RoomBatcher(auctions) : null
  }

  /** A stone's change: its latest status waits in the window's batch. */
  onStone({ type, data: s, time: at }: DomainEvent<StoneEventType>): void {
    const status: StoneStatus = {
      id: s.stoneId,
      vStnId: s.vStnId,
      wSts: s.wSts,
      availability: s.availability,
      version: s.statusVersion,
      at,
    }
    // Removed by its seller or its listing expired: grids drop the row.
    if (isGoneWSts(s.wSts)) status.gone = true
    // Repriced or edited by its seller: the grids showing it read it again.
    else if (type === StockEventTypes.priced || type === StockEventTypes.updated) status.changed = true
    // A new stone is on nobody's page yet: every grid is told that some arrived, once a window.
    if (type === StockEventTypes.arrived || type === StockEventTypes.relisted) this.arrivals++
    this.batcher.put(status)
    this.arm()
  }

  /** A lot's news: to its auction's room and its bidders' sockets, in the window's batch. */
  onLot(event: DomainEvent<LotEventType>): void {
    const { news, positions } = bidPushesOf(event)
    if (news) this.rooms?.put(news)
    for (const p of positions) this.positions.put(p)
    this.arm()
  }

  /** A notice: to its reader's sockets (or its audience's) at once. */
  onNotification(n: Notification): void {
    if (n.userId) this.hub.notify(n.userId, { type: 'notification', data: n })
    else if (n.audience) this.hub.notifyAudience(n.audience, { type: 'notification', data: n })
  }

  /** A slot taken or freed: to the office's boards in the window's batch (the newest count of each slot). */
  onSlot(s: SlotChanged): void {
    let office = this.slots.get(s.officeId)
    if (!office) this.slots.set(s.officeId, (office = new Map()))
    office.set(s.slotId, {
      id: s.slotId,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      free: s.free,
      freeVirtual: s.freeVirtual,
    })
    this.arm()
  }

  /** Staff changed an office: its boards read their page again (rare: at once). */
  onOffice({ officeId }: OfficeChanged): void {
    this.hub.toRoom(rooms.office(officeId), { type: 'office.changed', data: { officeId } })
  }

  /**
   * An appointment changed: to its buyer's and its sales person's sockets and the office's calendar
   * room, at once (a few a minute, each one a calendar's row). No stone, price or room link rides it.
   */
  onAppointment({ type, data: a }: DomainEvent<AppointmentEventType>): void {
    const frame = {
      type: 'appointment.changed' as const,
      data: {
        change: type.slice(type.lastIndexOf('.') + 1),
        appointmentId: a.appointmentId,
        officeId: a.officeId,
        salesPersonId: a.salesPersonId,
        cabinId: a.cabinId,
        status: a.status,
        startsAt: a.startsAt,
        endsAt: a.endsAt,
        version: a.version,
        byRole: a.byRole,
      },
    }
    this.hub.toRoom(rooms.user(a.buyerId), frame)
    if (a.salesPersonUserId && a.salesPersonUserId !== a.buyerId)
      this.hub.toRoom(rooms.user(a.salesPersonUserId), frame)
    // A move to another sales person: the one it left sees it go from their calendar too.
    const left = a.previous?.salesPersonUserId
    if (left && left !== a.salesPersonUserId && left !== a.buyerId) this.hub.toRoom(rooms.user(left), frame)
    this.hub.toRoom(rooms.calendar(a.officeId), frame)
  }

  /** A viewing request changed: to its buyer's sockets and the office's calendar room, at once. */
  onViewingRequest({ type, data: r }: DomainEvent<ViewingRequestEventType>): void {
    const frame = {
      type: 'viewing-request.changed' as const,
      data: {
        change: type.slice(type.lastIndexOf('.') + 1),
        requestId: r.requestId,
        officeId: r.officeId,
        status: r.status,
        appointmentId: r.appointmentId,
      },
    }
    this.hub.toRoom(rooms.user(r.buyerId), frame)
    this.hub.toRoom(rooms.calendar(r.officeId), frame)
  }

  private get dirty(): boolean {
    return (
      this.batcher.dirty || !!this.rooms?.dirty || this.positions.size > 0 || this.arrivals > 0 || this.slots.size > 0
    )
  }

  /**
   * Flushes come at most once per window: a change after a quiet spell goes out at once (on the
   * next turn of the event loop, so changes that arrive together still share a batch); changes
   * during a rush wait for the end of the current window.
   */
  private arm() {
    if (this.stopped || this.timer || !this.dirty) return
    this.timer = setTimeout(() => this.flush(), Math.max(0, this.lastFlush + this.windowMs - Date.now()))
  }

  /**
   * One window's end: every ready connection gets its batch; busy ones wait for the next window.
   * A closed connection's batch is dropped here (its transport already took it out of the index).
   * Unless the sockets are slow, the timer stops once nothing waits.
   */
  flush() {
    this.timer = null
    this.lastFlush = Date.now()
    this.batcher.flush()
    this.rooms?.flush()
    for (const p of this.positions.take()) this.hub.toUser(p.userId, { type: 'bid.position', data: p.data })
    for (const [officeId, slots] of this.slots)
      this.hub.toRoom(rooms.office(officeId), { type: 'slots.changed', data: { officeId, slots: [...slots.values()] } })
    this.slots.clear()
    if (this.arrivals > 0) {
      this.hub.toStock({ type: 'stones.arrived', data: { count: this.arrivals, at: new Date().toISOString() } })
      this.arrivals = 0
    }
    this.arm()
  }

  stop() {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}
