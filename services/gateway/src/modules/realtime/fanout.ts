import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { NotificationEventTypes, type Notification } from '@diamond/contracts/events/notifications'
import type { StoneStatusChanged } from '@diamond/contracts/events/stock'
import type { StoneStatus } from '@diamond/contracts/realtime'
import type { Hub } from './hub'
import { PushBatcher, type PushTarget } from './push.rules'
import type { Watchers } from './watchers'

/**
 * Turns platform events into pushes. A stone's change waits in the window's batch; one gateway-wide
 * timer then sends every connection watching a changed stone, and every stock-feed member, one
 * `stones.status` message per window with the latest status of each stone, so a rush becomes a few
 * frames per socket instead of one per event. A connection in both the feed and a stone's watchers
 * gets that stone once. Holder ids stay inside the platform; a user's own notices go to that user's
 * sockets at once.
 */
export class Fanout {
  private batcher: PushBatcher<PushTarget>
  private timer: NodeJS.Timeout | null = null
  private lastFlush = -Infinity
  private stopped = false

  constructor(
    private readonly hub: Hub,
    watchers: Watchers<PushTarget>,
    private readonly windowMs: number,
  ) {
    this.batcher = new PushBatcher(watchers)
  }

  async onEvent(event: AnyEvent): Promise<void> {
    if (event.type.startsWith('stock.stone.')) this.onStone(event.data as StoneStatusChanged, event.time)
    else if (event.type === NotificationEventTypes.created) {
      const n = event.data as Notification
      if (n.userId) this.hub.notify(n.userId, { type: 'notification', data: n })
      else if (n.audience) this.hub.notifyAudience(n.audience, { type: 'notification', data: n })
    }
  }

  private onStone(s: StoneStatusChanged, at: string) {
    const status: StoneStatus = { id: s.stoneId, vStnId: s.vStnId, wSts: s.wSts, availability: s.availability, version: s.statusVersion, at }
    this.batcher.put(status)
    this.arm()
  }

  /**
   * Flushes come at most once per window: a change after a quiet spell goes out at once (on the
   * next turn of the event loop, so changes that arrive together still share a batch); changes
   * during a rush wait for the end of the current window.
   */
  private arm() {
    if (this.stopped || this.timer || !this.batcher.dirty) return
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
    this.arm()
  }

  stop() {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}
