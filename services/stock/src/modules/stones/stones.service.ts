import { StockEventTypes, type StoneStatusChanged } from '@diamond/contracts/events/stock'
import type { HoldResult, StatusResult, StonePage, StoneRow } from '@diamond/contracts/http/stock'
import { can } from '@diamond/contracts/permissions'
import { AppError, enqueue, newEvent, type Database, type Principal } from '@diamond/runtime'
import * as repo from './stones.repository'
import type { Stone } from './stones.schema'
import { availabilityOf, cents } from './stones.rules'

const PRODUCER = 'stock'

function toRow(r: Stone & { heldByMe: boolean }, showPrices: boolean): StoneRow {
  return {
    id: r.id,
    vStnId: r.vStnId,
    stoneId: r.stoneId,
    shpNm: r.shape,
    crt: Number(r.carat),
    colNm: r.color,
    clrNm: r.clarity,
    cutNm: r.cut,
    polNm: r.polish,
    symNm: r.symmetry,
    fluNm: r.fluorescence,
    lbNm: r.lab,
    locNm: r.location,
    shdNm: r.shade,
    rap: showPrices ? cents(r.rapCents) : null,
    back: showPrices ? Number(r.back) : null,
    amt: showPrices ? cents(r.amtCents) : null,
    ctPr: showPrices ? cents(r.ctprCents) : null,
    wSts: r.wSts,
    sSts: r.sSts,
    availability: availabilityOf(r.wSts),
    statusVersion: r.statusVersion,
    heldByMe: r.heldByMe,
  }
}

const toStatus = (s: repo.StatusRecord): StatusResult => ({
  id: s.id,
  vStnId: s.v_stn_id,
  wSts: s.w_sts,
  availability: availabilityOf(s.w_sts),
  statusVersion: s.status_version,
})

function statusEvent(type: string, s: repo.StatusRecord) {
  const data: StoneStatusChanged = {
    stoneId: s.id,
    vStnId: s.v_stn_id,
    wSts: s.w_sts,
    sSts: s.s_sts,
    availability: availabilityOf(s.w_sts),
    statusVersion: s.status_version,
    holderId: s.holder_id,
    expiresAt: s.expires_at ? s.expires_at.toISOString() : null,
  }
  return newEvent(PRODUCER, type, s.id, data)
}

export class StoneService {
  constructor(
    private readonly database: Database,
    private readonly holdMinutes: number,
  ) {}

  /** Prices are left out for users whose settings hide them (no pricing view right). */
  async page(who: Principal, page: number, limit: number): Promise<StonePage> {
    const { rows, count } = await repo.pageStones(this.database.db, who.id, page, limit)
    const showPrices = can(who.perms, 'pricing', 'view')
    return { list: rows.map((r) => toRow(r, showPrices)), count }
  }

  async hold(who: Principal, stoneId: string): Promise<HoldResult> {
    const held = await this.database.sql.begin(async (tx) => {
      const s = await repo.takeHold(tx, stoneId, who.id, this.holdMinutes)
      if (s) await enqueue(tx, 'stock', [statusEvent(StockEventTypes.held, s)])
      return s
    })
    if (!held) throw await this.refusal(stoneId)
    return { ...toStatus(held), expiresAt: held.expires_at!.toISOString() }
  }

  async release(who: Principal, stoneId: string): Promise<StatusResult> {
    const released = await this.database.sql.begin(async (tx) => {
      const s = await repo.releaseHold(tx, stoneId, who.id)
      if (s) await enqueue(tx, 'stock', [statusEvent(StockEventTypes.released, s)])
      return s
    })
    if (!released) {
      // Someone else's hold and no hold at all look the same from outside.
      throw (await repo.stoneExists(this.database.sql, stoneId)) ? new AppError('E_NOT_HOLDER') : new AppError('E_NOT_FOUND')
    }
    return toStatus(released)
  }

  /** Releases holds past their expiry; returns how many. */
  async releaseExpired(max = 500): Promise<number> {
    return this.database.sql.begin(async (tx) => {
      const list = await repo.releaseExpired(tx, max)
      await enqueue(tx, 'stock', list.map((s) => statusEvent(StockEventTypes.released, s)))
      return list.length
    })
  }

  private async refusal(stoneId: string): Promise<AppError> {
    return (await repo.stoneExists(this.database.sql, stoneId)) ? new AppError('E_STONE_UNAVAILABLE', { id: stoneId }) : new AppError('E_NOT_FOUND')
  }
}
