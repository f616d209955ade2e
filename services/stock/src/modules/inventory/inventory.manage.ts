import { StockEventTypes } from '@diamond/contracts/events/stock'
import type {
  SellerStone,
  SellerStoneDeleted,
  SellerStonePage,
  SellerStonePaginate,
  SellerStoneRefreshed,
  SellerStoneSelection,
  SellerStoneUpdate,
} from '@diamond/contracts/http/inventory'
import { AppError, type Database, type Principal } from '@diamond/runtime'
import type { Stone } from '../stones/stones.schema'
import type { StoneService } from '../stones/stones.service'
import { keptReason, listedUntilFrom, priceDraft, sellerStoneStatus, stockKey } from './inventory.diff'
import * as manage from './inventory.manage.repository'
import * as repo from './inventory.repository'
import type { InventoryService, UploadPipeline } from './inventory.service'
import { UPLOAD_FIELDS, type ListingPolicy, type Mapping, type UploadField } from './inventory.types'

/** A stone's fields as an upload's cells would give them: an edit is checked by the same rules. */
function cellsOf(s: Stone): Record<UploadField, string> {
  const n = (v: string | number) => String(Number(v))
  return {
    stoneId: s.stoneId,
    certNo: s.certNo,
    shape: s.shape,
    carat: n(s.carat),
    color: s.color,
    clarity: s.clarity,
    cut: s.cut,
    polish: s.polish,
    symmetry: s.symmetry,
    fluorescence: s.fluorescence,
    lab: s.lab,
    location: s.location,
    shade: s.shade,
    back: n(s.back),
    pricePerCarat: '',
    totalPrice: '',
    length: n(s.length),
    width: n(s.width),
    height: n(s.height),
    depPer: n(s.depPer),
    tblPer: n(s.tblPer),
    girdle: s.girdle,
    culet: s.culet,
    treatment: s.treatment,
    origin: s.origin,
    growthType: s.growthType,
    keyToSymbol: s.keyToSymbol,
    comments: s.comments,
    fancyColor: s.fancyColor,
    fancyIntensity: s.fancyIntensity,
    fancyOvertone: s.fancyOvertone,
    eyeClean: s.eyeClean,
    milky: s.milky,
    imageUrl: s.imageUrl,
    videoUrl: s.videoUrl,
    certificateUrl: s.certificateUrl,
  }
}

/** The stone field a listing rule is about (an edit's refusal names the field, the rule its message). */
const RULE_FIELD: Readonly<Record<string, UploadField>> = {
  labGrown: 'growthType',
  greenTint: 'shade',
  bannedOrigin: 'origin',
  treatmentUndeclared: 'treatment',
  falseTreatment: 'treatment',
}

/** `range.carat` → carat, `rule.bannedOrigin` → origin: the field a reason code is about. */
function fieldOfReason(code: string): string {
  const [kind = '', rest = ''] = code.split('.', 2)
  return kind === 'rule' ? (RULE_FIELD[rest] ?? rest) : rest || code
}

const IDENTITY: Mapping = Object.fromEntries(UPLOAD_FIELDS.map((f) => [f, f]))

/**
 * Manage diamonds (`seller/diamond/*`): the seller's own stock with its status, an edit of one stone
 * (checked by the upload's rules), delete (selected or all) and refresh. Every change goes through
 * StoneService, so its event, the index and the grids follow; a stone someone is buying is kept.
 */
export class SellerStoneService {
  constructor(
    private readonly database: Database,
    private readonly stones: StoneService,
    private readonly inventory: InventoryService,
    private readonly pipeline: UploadPipeline,
    private readonly policy: ListingPolicy,
    private readonly listingDays: number,
    private readonly clock: () => number = Date.now,
  ) {}

  async paginate(who: Principal, req: SellerStonePaginate): Promise<SellerStonePage> {
    const seller = await this.inventory.sellerFor(who, req.sellerCompanyId)
    const page = await manage.pageSellerStones(this.database.sql, seller.id, {
      status: req.status,
      search: req.search,
      page: req.page ?? 1,
      limit: req.limit ?? 100,
    })
    const now = this.clock()
    return { list: page.list.map((s) => this.view(s, now)), count: page.count, counts: page.counts }
  }

  private view(s: manage.SellerStoneRow, now: number): SellerStone {
    return {
      id: s.id,
      vStnId: s.vStnId,
      stockNo: s.stoneId,
      certNo: s.certNo,
      lab: s.lab,
      shape: s.shape,
      carat: Number(s.carat),
      color: s.color,
      clarity: s.clarity,
      cut: s.cut,
      polish: s.polish,
      symmetry: s.symmetry,
      fluorescence: s.fluorescence,
      back: Number(s.back),
      pricePerCarat: s.amtCents / 100,
      amount: s.ctprCents / 100,
      wSts: s.wSts,
      status: sellerStoneStatus({ ...s, inLot: s.bidLotId !== null }, now),
      listedUntil: s.listedUntil ? s.listedUntil.toISOString() : null,
      updatedAt: s.updatedAt.toISOString(),
    }
  }

  /** `seller/diamond/update`: one stone's fields changed, checked as an upload row is. */
  async update(who: Principal, req: SellerStoneUpdate): Promise<SellerStone> {
    const seller = await this.inventory.sellerFor(who, req.sellerCompanyId)
    const stone = await manage.sellerStone(this.database.sql, seller.id, req.id)
    if (!stone) throw new AppError('E_NOT_FOUND')
    if (keptReason({ wSts: stone.wSts, inOrder: stone.inOrder, inLot: stone.bidLotId !== null }))
      throw new AppError('E_STONE_UNAVAILABLE', { id: stone.id })
    const known = new Set<string>(UPLOAD_FIELDS)
    const unknown = Object.keys(req.values).find((k) => !known.has(k))
    if (unknown)
      throw new AppError('E_VALIDATION', {
        fields: [{ field: `values.${unknown}`, in: 'body', message: 'is not a stone field' }],
      })
    const cells = { ...cellsOf(stone), ...req.values }
    // A price given per carat or in total replaces the discount (the rules derive it). An edit that
    // sets neither keeps the price as it is listed, to the cent: the stored discount is rounded, and
    // pricing from it again moved a seller's 7,000 to 7,000.14.
    if (req.values.pricePerCarat || req.values.totalPrice) cells.back = req.values.back ?? ''
    else if (req.values.back === undefined) {
      cells.back = ''
      cells.pricePerCarat = String(stone.amtCents / 100)
    }
    const headers = [...UPLOAD_FIELDS]
    const outcome = this.pipeline
      .checker(headers, IDENTITY, this.policy)
      .check({ row: 2, cells: headers.map((h) => cells[h]) })
    if (!outcome.ok)
      throw new AppError(
        'E_VALIDATION',
        { fields: outcome.reasons.map((r) => ({ field: `values.${fieldOfReason(r)}`, in: 'body', message: r })) },
        `Invalid Fields: ${outcome.reasons.join(', ')}`,
      )
    const priced = priceDraft(outcome.draft)
    const repriced = priced.amtCents !== stone.amtCents
    const until = listedUntilFrom(this.clock(), this.listingDays)
    const renumbered = stockKey(priced.stoneId) !== stockKey(stone.stoneId)
    const changed = await this.stones.change(
      repriced ? StockEventTypes.priced : StockEventTypes.updated,
      async (tx) => {
        // A new stock number must be the seller's only one of it (uploads match stones by it). The
        // seller's upload lock keeps a commit from listing it meanwhile.
        if (renumbered) {
          await repo.lockSeller(tx, seller.id)
          if (await manage.stockNoTaken(tx, seller.id, priced.stoneId, stone.id))
            throw new AppError('E_VALIDATION', {
              fields: [
                { field: 'values.stoneId', in: 'body', message: 'is the stock number of another of your stones' },
              ],
            })
        }
        return manage.updateStone(tx, stone.id, priced, until, who.id)
      },
    )
    if (!changed) throw new AppError('E_STONE_UNAVAILABLE', { id: stone.id })
    const [row] = (
      await manage.pageSellerStones(this.database.sql, seller.id, { search: priced.stoneId, page: 1, limit: 50 })
    ).list.filter((s) => s.id === stone.id)
    return this.view(row!, this.clock())
  }

  /** `seller/diamond/delete`: the stones named (or all) leave stock; those someone is buying are kept. */
  async remove(who: Principal, req: SellerStoneSelection): Promise<SellerStoneDeleted> {
    const seller = await this.inventory.sellerFor(who, req.sellerCompanyId)
    const which = repo.sellerStones(seller.id, 'all' in req ? 'all' : req.ids)
    return this.stones.changeInBulk(seller.id, async (tx, stamp) => {
      const { removed, kept } = await repo.removeStones(tx, which, stamp)
      return { changed: removed, result: { deleted: removed.length, kept } }
    })
  }

  /** `seller/diamond/refresh`: the listings start over (7 days); expired ones come back to stock. */
  async refresh(who: Principal, req: SellerStoneSelection): Promise<SellerStoneRefreshed> {
    const seller = await this.inventory.sellerFor(who, req.sellerCompanyId)
    const which = repo.sellerStones(seller.id, 'all' in req ? 'all' : req.ids)
    const until = listedUntilFrom(this.clock(), this.listingDays)
    return this.stones.changeInBulk(seller.id, async (tx, stamp) => {
      const { relisted, refreshed } = await repo.refreshStones(tx, which, until, who.id, stamp)
      return { changed: relisted, result: { refreshed, listedUntil: until.toISOString() } }
    })
  }
}
