import type { StoneRow } from '@diamond/contracts/http/stock'
import type { Sql, Tx } from '@diamond/runtime/db'
import { STONE_CATEGORIES } from '@diamond/contracts/http/stock.values'
import { availabilityOf, cents, statusFlags } from './stones.rules'
import type { StoneColumns } from './stones.table'

/** A stone as the stock table holds it, with the viewer's hold and the type-2 block looked up. */
export interface StoneRecord extends StoneColumns<string, string> {
  in_order: boolean
  status_version: number
  held_by_me: boolean
  blocked_type2: boolean
}

/** The stones with these ids, in no particular order; unknown ids are simply absent. */
export async function readStones(sql: Sql | Tx, ids: readonly string[], viewerId: string | null): Promise<StoneRecord[]> {
  if (ids.length === 0) return []
  return sql<StoneRecord[]>`
    select s.*,
           coalesce(h.holder_id = ${viewerId}::uuid, false) as held_by_me,
           exists (select 1 from stock.blocks b where b.stone_id = s.id and b.block_type = 2) as blocked_type2
      from stock.stones s
      left join stock.holds h on h.stone_id = s.id
     where s.id = any(${ids as string[]}::uuid[])`
}

const n = (v: string | number) => Number(v)

/**
 * The spec's stone row. Prices are left out, not nulled, for a viewer whose settings hide them; a
 * new arrival (within `newArrivalDays`) carries category 2 beside its stored ones.
 */
export function toStoneRow(r: StoneRecord, showPrices: boolean, isNew: boolean): StoneRow {
  const row: StoneRow = {
    id: r.id,
    vStnId: r.v_stn_id,
    stoneId: r.stone_id,
    certNo: r.cert_no,
    shpNm: r.shape,
    shpFullNm: r.shape_full,
    crt: n(r.carat),
    pcs: r.pcs,
    colNm: r.color,
    isFcCol: r.is_fancy,
    fcColNm: r.fancy_color,
    fcIntNm: r.fancy_intensity,
    fcOvtNm: r.fancy_overtone,
    fcColDesc: r.fancy_desc,
    clrNm: r.clarity,
    cutNm: r.cut,
    polNm: r.polish,
    symNm: r.symmetry,
    fluNm: r.fluorescence,
    lbNm: r.lab,
    locNm: r.location,
    shdNm: r.shade,
    depPer: n(r.dep_per),
    tblPer: n(r.tbl_per),
    ratio: n(r.ratio),
    pAng: n(r.p_ang),
    pHgt: n(r.p_hgt),
    cHgt: n(r.c_hgt),
    cAng: n(r.c_ang),
    height: n(r.height),
    width: n(r.width),
    length: n(r.length),
    grdlPer: n(r.grdl_per),
    strLn: n(r.str_ln),
    lwrHal: n(r.lwr_hal),
    girdleNm: r.girdle,
    girdleStr: r.girdle_str,
    grdlCondNm: r.girdle_cond,
    cultNm: r.culet,
    cultCondNm: r.culet_cond,
    brlncyNm: r.brilliancy,
    blkTblNm: r.black_table,
    blkSdNm: r.black_side,
    wTblNm: r.white_table,
    wSdNm: r.white_side,
    opTblNm: r.open_table,
    opCrwnNm: r.open_crown,
    opPavNm: r.open_pavilion,
    eClnNm: r.eye_clean,
    milkyNm: r.milky,
    hANm: r.heart_arrow,
    keyToSymbol: r.key_to_symbol,
    sellerNm: r.seller,
    pairNo: r.pair_no,
    showNm: r.show_name,
    isXray: r.is_xray,
    isType2: r.is_type2,
    isSeal: r.is_seal,
    isDor: r.is_dor,
    sSts: r.s_sts,
    wSts: r.w_sts,
    webSts: r.web_sts,
    sgiSts: r.sgi_sts,
    initSts: r.init_sts,
    sStsDesc: r.s_sts_desc,
    availability: availabilityOf(r.w_sts),
    ...statusFlags({ inOrder: r.in_order, webSts: r.web_sts, wSts: r.w_sts, sSts: r.s_sts, sgiSts: r.sgi_sts, initSts: r.init_sts, blockedType2: r.blocked_type2 }),
    categories: isNew ? [...new Set([STONE_CATEGORIES.new, ...r.categories])].sort((a, b) => a - b) : [...r.categories],
    arrivedAt: r.arrived_at.toISOString(),
    statusVersion: r.status_version,
    heldByMe: r.held_by_me,
  }
  if (showPrices) {
    const amt = cents(r.amt_cents)
    const ctPr = cents(r.ctpr_cents)
    const rap = cents(r.rap_cents)
    const back = n(r.back)
    // Final figures: the buyer's terms (bill types) apply at confirmation; until then they equal the list price.
    Object.assign(row, { rap, back, amt, ctPr, rapAvg: rap, fnDis: back, fnAmt: amt, fnCtpr: ctPr })
  }
  return row
}
