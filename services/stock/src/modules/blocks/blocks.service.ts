import { BLOCK_MASTER, BLOCK_TYPES, type BlockType } from '@diamond/contracts/http/blocks.values'
import type {
  BlockCreate,
  BlockCreated,
  BlockList,
  BlockMasterPage,
  BlockPage,
  BlockRow,
  MemoList,
  MemoPage,
} from '@diamond/contracts/http/blocks'
import type { StatusResult, StoneRow } from '@diamond/contracts/http/stock'
import { OfficeBlockEventTypes, type OfficeBlockReleased } from '@diamond/contracts/events/office-blocks'
import { StockEventTypes } from '@diamond/contracts/events/stock'
import { can } from '@diamond/contracts/permissions'
import { DEFAULT_PAGE_SIZE } from '@diamond/contracts/common'
import { AppError, enqueue, newEvent, type Database, type Principal } from '@diamond/runtime'
import { invalidFields } from '@diamond/runtime/errors'
import { stoneExists } from '../stones/stones.repository'
import { toStatus, type StoneService } from '../stones/stones.service'
import * as repo from './blocks.repository'
import { blockCodeOf, blockProblems, blockRight, staffRight, webStatusOf } from './blocks.rules'

/** The stone rows of these ids, in this order, as the viewer may see them (prices and all). */
export type RowsOf = (who: Principal, ids: readonly string[]) => Promise<StoneRow[]>

const TYPES = BLOCK_MASTER.map((m) => m.blockType)

/** A release that found nothing of the caller's left (it expired or went elsewhere meanwhile). */
const gone = (err: unknown): null => {
  if (err instanceof AppError && (err.code === 'E_NOT_HOLDER' || err.code === 'E_NOT_FOUND')) return null
  throw err
}

/**
 * Holds, memos and other blocks. A hold through this API is the same hold as `diamond/hold` (one
 * conditional statement, the fast path, the event); a memo, show or office block takes the stone
 * the same way. Someone else's block is not found, unless the caller has the staff right on it.
 */
export class BlockService {
  constructor(
    private readonly database: Database,
    private readonly stones: StoneService,
    private readonly rowsOf: RowsOf,
  ) {}

  async create(who: Principal, req: BlockCreate): Promise<BlockCreated> {
    const ask = { blockType: (req.blockType ?? BLOCK_TYPES.hold) as BlockType, userId: req.userId, memoNo: req.memoNo }
    const problems = blockProblems(ask, who.id)
    if (problems.length) throw invalidFields(problems)
    const [module, action] = blockRight(ask, who.id)
    if (!can(who.perms, module, action)) throw new AppError('E_FORBIDDEN')
    const userId = req.userId ?? who.id
    if (ask.blockType === BLOCK_TYPES.hold) {
      const held = await this.stones.hold(who, req.id, userId)
      return { ...held, blockType: BLOCK_TYPES.hold, userId, memoNo: '', expiresAt: held.expiresAt }
    }
    const wSts = webStatusOf(ask.blockType)
    const taken = await this.stones.change(wSts === 'M' ? StockEventTypes.memo : StockEventTypes.statusChanged, (tx) =>
      repo.takeBlock(tx, {
        stoneId: req.id,
        blockType: ask.blockType,
        wSts,
        userId,
        createdBy: who.id,
        memoNo: req.memoNo ?? '',
      }),
    )
    if (!taken)
      throw (await stoneExists(this.database.sql, req.id))
        ? new AppError('E_STONE_UNAVAILABLE', { id: req.id })
        : new AppError('E_NOT_FOUND')
    return { ...toStatus(taken), blockType: ask.blockType, userId, memoNo: req.memoNo ?? '', expiresAt: null }
  }

  /** Releases the caller's own hold or block on a stone, or (staff) anyone's; else not found. */
  async release(who: Principal, stoneId: string): Promise<StatusResult> {
    const block = await repo.blockOn(this.database.sql, stoneId)
    const mine = block?.userId === who.id
    if (!block || (!mine && !this.isStaffOf(who, block.blockType as BlockType))) throw new AppError('E_NOT_FOUND')
    let released: StatusResult | null
    if (block.blockType === BLOCK_TYPES.hold) {
      released = mine ? await this.stones.release(who, stoneId).catch(gone) : await this.stones.releaseAny(stoneId)
    } else {
      const appointmentId = block.appointmentId
      const r = await this.stones.change(StockEventTypes.released, async (tx) => {
        const gone = await repo.releaseBlock(tx, stoneId, mine ? who.id : null)
        // A stone held for a viewing and given back by hand: the appointment hears it is no longer held.
        if (gone && appointmentId)
          await enqueue(tx, 'stock', [
            newEvent<OfficeBlockReleased>('stock', OfficeBlockEventTypes.released, appointmentId, {
              appointmentId,
              stoneIds: [stoneId],
            }),
          ])
        return gone
      })
      released = r ? toStatus(r) : null
    }
    // Gone between the look and the release (expired, released elsewhere): nothing of theirs is left.
    if (!released) throw new AppError('E_NOT_FOUND')
    return released
  }

  /** My holds and blocks, holds first to expire first; staff see every buyer's of their types. */
  async list(who: Principal, req: BlockList): Promise<BlockPage> {
    return this.page(who, { blockType: req.blockType, userId: req.userId }, req.page, req.limit)
  }

  /** Stones on memo to me (staff: everyone's), with memo number and date. */
  async memo(who: Principal, req: MemoList): Promise<MemoPage> {
    const { list, count } = await this.page(
      who,
      { blockType: BLOCK_TYPES.memo, userId: req.userId },
      req.page,
      req.limit,
    )
    return { list, count }
  }

  master(req: { page?: number | undefined; limit?: number | undefined }): BlockMasterPage {
    const limit = req.limit ?? DEFAULT_PAGE_SIZE
    const from = ((req.page ?? 1) - 1) * limit
    return { list: BLOCK_MASTER.slice(from, from + limit).map((m) => ({ ...m })), count: BLOCK_MASTER.length }
  }

  private isStaffOf(who: Principal, blockType: BlockType): boolean {
    const [module, action] = staffRight(blockType)
    return can(who.perms, module, action)
  }

  private async page(
    who: Principal,
    f: { blockType?: number | undefined; userId?: string | undefined },
    page = 1,
    limit = DEFAULT_PAGE_SIZE,
  ): Promise<BlockPage> {
    const allOfTypes = TYPES.filter((t) => this.isStaffOf(who, t))
    const found = await repo.listBlocks(
      this.database.sql,
      { ownerId: who.id, allOfTypes, ...f },
      (page - 1) * limit,
      limit,
    )
    const rows = new Map(
      (
        await this.rowsOf(
          who,
          found.rows.map((r) => r.stoneId),
        )
      ).map((r) => [r.id, r]),
    )
    const list = found.rows.flatMap((b): BlockRow[] => {
      const row = rows.get(b.stoneId)
      if (!row) return []
      const blockType = b.blockType as BlockType
      return [
        {
          ...row,
          blockType,
          blockCode: blockCodeOf(blockType),
          memoNo: b.memoNo,
          userId: b.userId,
          userDate: b.createdAt.toISOString(),
          expiresAt: b.expiresAt ? b.expiresAt.toISOString() : null,
        },
      ]
    })
    return { list, count: found.count, serverTime: found.now.toISOString() }
  }
}
