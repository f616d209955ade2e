import { sql, type SQL } from 'drizzle-orm'
import type { StoneRow } from '@diamond/contracts/http/stock'
import type { Sql, Tx } from '@diamond/runtime/db'
import { fields, prepared } from '@diamond/runtime/statements'
import { STONE_CATEGORIES } from '@diamond/contracts/http/stock.values'
import { blocks } from '../blocks/blocks.schema'
import { availabilityOf, cents, statusFlags } from './stones.rules'
import { holds, stones, type Stone } from './stones.schema'
import type { OrderSource } from '@diamond/contracts/http/orders.values'
import { orderLines, orders } from '../orders/orders.schema'

/**
 * A stone as the stock table holds it, with the viewer's hold and the type-2 block looked up (and,
 * on the page read, whether the viewer bought it: issue 26's "Won by you").
 */
export type StoneRecord = Stone & {
  heldByMe: boolean
  blockedType2: boolean
  boughtByMe?: OrderSource | null
}

const STONE = fields(stones)

/** The select list of a stone record: the stone, `heldByMe` as the caller decides it, and its type-2 block. */
export const stoneRecord = (heldByMe: SQL) => sql`
  ${STONE}, ${heldByMe} as "heldByMe",
  exists (select 1 from ${blocks} where ${blocks.stoneId} = ${stones.id} and ${blocks.blockType} = 2) as "blockedType2"`

/**
 * How the viewer bought a confirmed or sold stone (their order's source: a confirm or a won lot), if
 * they did: looked up only for those (the order line's stone index), so a page of available stones
 * pays a CASE per row.
 */
const boughtByViewer = sql`case when ${stones.wSts} in ('C', 'X') then (
    select ${orders.source} from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.orderId}
     where ${orderLines.stoneId} = ${stones.id} and ${orders.buyerId} = ${sql.placeholder('viewer')}::uuid
     order by ${orders.createdAt} desc limit 1) end as "boughtByMe"`

const READ = prepared<StoneRecord>(sql`
  select ${stoneRecord(sql`coalesce(${holds.holderId} = ${sql.placeholder('viewer')}::uuid, false)`)}, ${boughtByViewer}
    from ${stones} left join ${holds} on ${holds.stoneId} = ${stones.id}
   where ${stones.id} = any(${sql.placeholder('ids')}::uuid[])`)

/**
 * The stones with these ids, in no particular order; unknown ids are simply absent. The search's
 * page read: written out and rendered once, its rows built by postgres.js as they arrive.
 */
export async function readStones(
  client: Sql | Tx,
  ids: readonly string[],
  viewerId: string | null,
): Promise<StoneRecord[]> {
  if (ids.length === 0) return []
  return READ(client, { viewer: viewerId, ids })
}

const n = (v: string | number) => Number(v)

/**
 * The spec's stone row. Prices are left out, not nulled, for a viewer whose settings hide them; a
 * new arrival (within `newArrivalDays`) carries category 2 beside its stored ones.
 */
export function toStoneRow(r: StoneRecord, showPrices: boolean, isNew: boolean): StoneRow {
  const row: StoneRow = {
    id: r.id,
    vStnId: r.vStnId,
    stoneId: r.stoneId,
    certNo: r.certNo,
    shpNm: r.shape,
    shpFullNm: r.shapeFull,
    crt: n(r.carat),
    pcs: r.pcs,
    colNm: r.color,
    isFcCol: r.isFancy,
    fcColNm: r.fancyColor,
    fcIntNm: r.fancyIntensity,
    fcOvtNm: r.fancyOvertone,
    fcColDesc: r.fancyDesc,
    clrNm: r.clarity,
    cutNm: r.cut,
    polNm: r.polish,
    symNm: r.symmetry,
    fluNm: r.fluorescence,
    lbNm: r.lab,
    locNm: r.location,
    shdNm: r.shade,
    depPer: n(r.depPer),
    tblPer: n(r.tblPer),
    ratio: n(r.ratio),
    pAng: n(r.pAng),
    pHgt: n(r.pHgt),
    cHgt: n(r.cHgt),
    cAng: n(r.cAng),
    height: n(r.height),
    width: n(r.width),
    length: n(r.length),
    grdlPer: n(r.grdlPer),
    strLn: n(r.strLn),
    lwrHal: n(r.lwrHal),
    girdleNm: r.girdle,
    girdleStr: r.girdleStr,
    grdlCondNm: r.girdleCond,
    cultNm: r.culet,
    cultCondNm: r.culetCond,
    brlncyNm: r.brilliancy,
    blkTblNm: r.blackTable,
    blkSdNm: r.blackSide,
    wTblNm: r.whiteTable,
    wSdNm: r.whiteSide,
    opTblNm: r.openTable,
    opCrwnNm: r.openCrown,
    opPavNm: r.openPavilion,
    eClnNm: r.eyeClean,
    milkyNm: r.milky,
    hANm: r.heartArrow,
    keyToSymbol: r.keyToSymbol,
    sellerNm: r.seller,
    ...(r.sellerCompanyId ? { sellerCompanyId: r.sellerCompanyId } : {}),
    pairNo: r.pairNo,
    showNm: r.showName,
    isXray: r.isXray,
    isType2: r.isType2,
    isSeal: r.isSeal,
    isDor: r.isDor,
    sSts: r.sSts,
    wSts: r.wSts,
    webSts: r.webSts,
    sgiSts: r.sgiSts,
    initSts: r.initSts,
    sStsDesc: r.sStsDesc,
    availability: availabilityOf(r.wSts),
    ...statusFlags({
      inOrder: r.inOrder,
      webSts: r.webSts,
      wSts: r.wSts,
      sSts: r.sSts,
      sgiSts: r.sgiSts,
      initSts: r.initSts,
      blockedType2: r.blockedType2,
    }),
    categories: isNew ? [...new Set([STONE_CATEGORIES.new, ...r.categories])].sort((a, b) => a - b) : [...r.categories],
    arrivedAt: r.arrivedAt.toISOString(),
    statusVersion: r.statusVersion,
    heldByMe: r.heldByMe,
    ...(r.boughtByMe ? { boughtByMe: r.boughtByMe } : {}),
  }
  if (showPrices) {
    const amt = cents(r.amtCents)
    const ctPr = cents(r.ctprCents)
    const rap = cents(r.rapCents)
    const back = n(r.back)
    // Final figures: the buyer's terms (bill types) apply at confirmation; until then they equal the list price.
    Object.assign(row, { rap, back, amt, ctPr, rapAvg: rap, fnDis: back, fnAmt: amt, fnCtpr: ctPr })
  }
  return row
}
