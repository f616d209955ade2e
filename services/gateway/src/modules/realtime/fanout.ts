import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { NotificationEventTypes, type Notification } from '@diamond/contracts/events/notifications'
import type { StoneStatusChanged } from '@diamond/contracts/events/stock'
import type { StoneStatus } from '@diamond/contracts/realtime'
import { rooms, type Hub } from './hub'

/**
 * Turns platform events into pushes: a stone's change goes at once to that stone's room and, gathered
 * over a short window, to the stock-wide feed, so a rush becomes a few frames instead of thousands.
 * Holder ids stay inside the platform; a user's own notices go to that user's room only.
 */
export class Fanout {
  private pending = new Map<string, StoneStatus>()
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly hub: Hub,
    private readonly windowMs: number,
  ) {}

  async onEvent(event: AnyEvent): Promise<void> {
    if (event.type.startsWith('stock.stone.')) {
      const s = event.data as StoneStatusChanged
      const status: StoneStatus = { id: s.stoneId, vStnId: s.vStnId, wSts: s.wSts, availability: s.availability, version: s.statusVersion, at: event.time }
      this.hub.send(rooms.stone(status.id), { type: 'stone.status', data: status })
      this.queueFeed(status)
    } else if (event.type === NotificationEventTypes.created) {
      const n = event.data as Notification
      this.hub.send(rooms.user(n.userId), { type: 'notification', data: n })
    }
  }

  private queueFeed(status: StoneStatus) {
    const seen = this.pending.get(status.id)
    if (!seen || seen.version < status.version) this.pending.set(status.id, status)
    this.timer ??= setTimeout(() => this.flush(), this.windowMs)
  }

  flush() {
    this.timer = null
    if (!this.pending.size) return
    const changes = [...this.pending.values()]
    this.pending.clear()
    this.hub.send(rooms.stockFeed, { type: 'stock.feed', data: { changes } })
  }

  stop() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}
