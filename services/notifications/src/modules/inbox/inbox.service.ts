import { randomUUID } from 'node:crypto'
import type { AnyEvent } from '@diamond/contracts/events/envelope'
import { isSalesTeam, NotificationEventTypes } from '@diamond/contracts/events/notifications'
import { enqueue, newEvent, type Database, type Principal, type Tx } from '@diamond/runtime'
import * as repo from './inbox.repository'
import { coalesces, noticesFor } from './inbox.rules'

export class InboxService {
  constructor(private readonly database: Database) {}

  /** Stores the notices an event calls for and announces each, in the consumer's transaction. */
  async onEvent(tx: Tx, event: AnyEvent): Promise<void> {
    for (const notice of noticesFor(event)) {
      if (coalesces(notice)) {
        const { notification, fresh } = await repo.upsertOutbid(tx, { id: randomUUID(), ...notice, userId: notice.userId! })
        if (fresh) await enqueue(tx, 'notifications', [newEvent('notifications', NotificationEventTypes.created, notification.userId!, notification)])
        continue
      }
      const n = await repo.insertNotification(tx, { id: randomUUID(), ...notice })
      await enqueue(tx, 'notifications', [newEvent('notifications', NotificationEventTypes.created, n.userId ?? `audience:${n.audience}`, n)])
    }
  }

  list(who: Principal, page: number, limit: number) {
    return repo.pageForUser(this.database.sql, who.id, isSalesTeam(who.userType), page, limit)
  }

  markRead(who: Principal, ids: string[] | undefined) {
    return repo.markRead(this.database.sql, who.id, isSalesTeam(who.userType), ids)
  }
}
