import { randomUUID } from 'node:crypto'
import type { AnyEvent } from '@diamond/contracts/events/envelope'
import type { DomainEvent } from '@diamond/contracts/events/index'
import { isSalesTeam, NotificationEventTypes, withoutPrice } from '@diamond/contracts/events/notifications'
import type { NoticeGroup } from '@diamond/contracts/http/notifications.values'
import { seesPrices } from '@diamond/contracts/permissions'
import { enqueue, newEvent, type Database, type Principal, type Tx } from '@diamond/runtime'
import * as repo from './inbox.repository'
import { coalesces, groupCounts, groupFilter, noticesFor, type Notice } from './inbox.rules'

export class InboxService {
  constructor(private readonly database: Database) {}

  /**
   * Stores the notices events call for and announces each, in the consumer's transaction; several
   * events at once when the consumer takes a batch. Outbid notices of the same reader and lot
   * collapse into the last one (one unread notice per lot says it all, see coalesces) and are stored
   * in one statement; every new notice is announced in one write.
   */
  async onEvents(tx: Tx, events: DomainEvent[]): Promise<void> {
    const outbid = new Map<string, Notice & { userId: string }>()
    const announced: AnyEvent[] = []
    for (const event of events) {
      for (const notice of noticesFor(event)) {
        if (coalesces(notice)) {
          const key = `${notice.userId}:${notice.params.lotId}`
          outbid.delete(key) // the last one wins, in its place in time
          outbid.set(key, notice as Notice & { userId: string })
          continue
        }
        const n = await repo.insertNotification(tx, { id: randomUUID(), ...notice })
        announced.push(
          newEvent('notifications', NotificationEventTypes.created, n.userId ?? `audience:${n.audience}`, n),
        )
      }
    }
    for (const n of await repo.upsertOutbids(
      tx,
      [...outbid.values()].map((n) => ({ id: randomUUID(), ...n })),
    )) {
      announced.push(newEvent('notifications', NotificationEventTypes.created, n.userId!, n))
    }
    await enqueue(tx, 'notifications', announced)
  }

  /** The caller's notices; without the prices they tell when the caller does not see prices. */
  async list(who: Principal, page: number, limit: number, group?: NoticeGroup) {
    const { list, bySubject } = await repo.pageForUser(
      this.database.sql,
      who.id,
      isSalesTeam(who.userType),
      page,
      limit,
      groupFilter(group),
    )
    return { list: seesPrices(who.perms) ? list : list.map(withoutPrice), ...groupCounts(bySubject, group) }
  }

  markRead(who: Principal, ids: string[] | undefined) {
    return repo.markRead(this.database.sql, who.id, isSalesTeam(who.userType), ids)
  }
}
