import type { AppointmentChanged } from '@diamond/contracts/events/appointments'
import { OfficeBlockEventTypes, type OfficeBlockAnswered } from '@diamond/contracts/events/office-blocks'
import { StockEventTypes } from '@diamond/contracts/events/stock'
import { BLOCK_TYPES } from '@diamond/contracts/http/blocks.values'
import { enqueue, newEvent, type ConsumerContext, type Database, type Tx } from '@diamond/runtime'
import type { StatusRecord } from '../stones/stones.repository'
import { statusEvent } from '../stones/stones.service'
import { takeBlock, takeOwnHold } from './blocks.repository'
import { webStatusOf } from './blocks.rules'
import * as repo from './office-blocks.repository'
import { answerFor, blockedFor, inLockOrder, refusalOf } from './office-blocks.rules'

const PRODUCER = 'stock'
const OFFICE = BLOCK_TYPES.office

type Outcome = Parameters<typeof answerFor>[1]

/**
 * The stones of an appointment, held for its slot (issue 24). Appointments asks through its events;
 * each stone is taken by the same conditional statement as a hold or any block (w_sts = 'A'), so a
 * hold and the office block never both win; stock answers `stock.office-block.answered`. Everything
 * runs in the consumer's transaction: the blocks, their status events and the answer commit together
 * with the record of the asking event, so an event redelivered changes nothing.
 */
export class OfficeBlockService {
  constructor(
    private readonly database: Database,
    /** Told of the stones changed after the commit (this instance's search index, the hold fast path). */
    private readonly told: (changed: readonly StatusRecord[]) => Promise<void> = () => Promise.resolve(),
  ) {}

  /** Booked or moved: every stone blocked until the slot's end (a block of this appointment moves), or refused with its reason. */
  async ask(a: AppointmentChanged, ctx: ConsumerContext): Promise<void> {
    if (!a.stoneIds.length) return
    const { tx } = ctx
    const until = new Date(a.endsAt)
    const outcomes = new Map<string, Outcome>()
    for (const id of await repo.moveOfficeBlocks(tx, a.appointmentId, until)) outcomes.set(id, { blocked: true, until })
    const taken: StatusRecord[] = []
    for (const stoneId of inLockOrder(a.stoneIds)) {
      if (outcomes.has(stoneId)) continue
      const block = {
        stoneId,
        blockType: OFFICE,
        wSts: webStatusOf(OFFICE),
        userId: a.buyerId,
        createdBy: a.by,
        memoNo: '',
        expiresAt: until,
        appointmentId: a.appointmentId,
      }
      // One the buyer holds (the hold becomes the viewing's block), or a stone in stock: in that
      // order, so a hold released between the two statements ends on A, which the second takes.
      const t = (await takeOwnHold(tx, block)) ?? (await takeBlock(tx, block))
      if (!t) continue
      taken.push(t)
      outcomes.set(stoneId, { blocked: true, until })
    }
    const facts = new Map((await repo.stoneFacts(tx, a.stoneIds)).map((f) => [f.id, f]))
    const answer: OfficeBlockAnswered = {
      appointmentId: a.appointmentId,
      version: a.version,
      stones: a.stoneIds.map((id) => {
        const f = facts.get(id)
        const outcome =
          outcomes.get(id) ??
          (blockedFor(f, a.appointmentId) ? { blocked: true, until } : { blocked: false, reason: refusalOf(f) })
        return answerFor(id, outcome, f)
      }),
    }
    await this.announce(tx, taken, StockEventTypes.statusChanged, answer)
    this.after(ctx, taken)
  }

  /** Cancelled: every block of the appointment goes back to stock; the answer says each stone was released. */
  async cancelled(a: AppointmentChanged, ctx: ConsumerContext): Promise<void> {
    const released = await repo.releaseOfficeBlocks(ctx.tx, a.appointmentId, null)
    const answer: OfficeBlockAnswered | null = a.stoneIds.length
      ? {
          appointmentId: a.appointmentId,
          version: a.version,
          stones: a.stoneIds.map((id) => answerFor(id, { blocked: false, reason: 'released' }, undefined)),
        }
      : null
    await this.announce(ctx.tx, released, StockEventTypes.released, answer)
    this.after(ctx, released)
  }

  /** Stones taken off the appointment go back to stock (they are no longer the appointment's: no answer). */
  async stonesRemoved(a: AppointmentChanged, ctx: ConsumerContext): Promise<void> {
    const released = await repo.releaseOfficeBlocks(ctx.tx, a.appointmentId, a.removedStoneIds ?? [])
    await this.announce(ctx.tx, released, StockEventTypes.released, null)
    this.after(ctx, released)
  }

  /** Office blocks past the slot's end go back to stock; returns how many. */
  async releaseExpired(max = 500): Promise<number> {
    const released = await this.database.sql.begin(async (tx) => {
      const list = await repo.releaseExpiredOfficeBlocks(tx, max)
      await this.announce(tx, list, StockEventTypes.released, null)
      return list
    })
    if (released.length) await this.told(released)
    return released.length
  }

  private async announce(
    tx: Tx,
    changed: readonly StatusRecord[],
    type: (typeof StockEventTypes)['statusChanged' | 'released'],
    answer: OfficeBlockAnswered | null,
  ): Promise<void> {
    const events = changed.map((s) => statusEvent(type, s))
    await enqueue(tx, PRODUCER, [
      ...events,
      ...(answer ? [newEvent(PRODUCER, OfficeBlockEventTypes.answered, answer.appointmentId, answer)] : []),
    ])
  }

  private after(ctx: ConsumerContext, changed: readonly StatusRecord[]): void {
    // The bus brings these events back to the index too; telling it now spares holds a lost round trip.
    if (changed.length) ctx.afterCommit(() => void this.told(changed).catch(() => {}))
  }
}
