import type { Sql, Tx } from '@diamond/runtime/db'

export interface StatusRecord {
  id: string
  v_stn_id: string
  w_sts: string
  s_sts: string
  status_version: number
  holder_id: string | null
  expires_at: Date | null
  back?: string
  /** What bidding needs of a stone put up for bid (returned by the changes that can do that). */
  crt?: number
  rap_cents?: string
  amt_cents?: string
  seller?: string
}

/**
 * Takes an available stone for one holder in a single conditional statement: of any number of
 * concurrent callers exactly one finds w_sts = 'A'; the others update nothing. The hold's expiry
 * comes from the database clock.
 */
export async function takeHold(tx: Tx, stoneId: string, holderId: string, minutes: number): Promise<StatusRecord | null> {
  const rows = await tx<StatusRecord[]>`
    with taken as (
      update stock.stones
         set w_sts = 'H', s_sts = 'Y', status_version = status_version + 1, updated_at = now()
       where id = ${stoneId} and w_sts = 'A'
      returning id, v_stn_id, w_sts, s_sts, status_version
    ), hold as (
      insert into stock.holds (stone_id, holder_id, expires_at)
      select id, ${holderId}, now() + make_interval(mins => ${minutes}) from taken
      returning stone_id, holder_id, expires_at
    )
    select t.id, t.v_stn_id, t.w_sts, t.s_sts, t.status_version, h.holder_id, h.expires_at
      from taken t join hold h on h.stone_id = t.id`
  return rows[0] ?? null
}

/** Gives a held stone back, only for its holder; returns null when it is not theirs to release. */
export async function releaseHold(tx: Tx, stoneId: string, holderId: string): Promise<StatusRecord | null> {
  const rows = await tx<StatusRecord[]>`
    with released as (
      delete from stock.holds where stone_id = ${stoneId} and holder_id = ${holderId} returning stone_id
    )
    update stock.stones s
       set w_sts = 'A', s_sts = 'N', status_version = status_version + 1, updated_at = now()
      from released r
     where s.id = r.stone_id and s.w_sts = 'H'
    returning s.id, s.v_stn_id, s.w_sts, s.s_sts, s.status_version, null::uuid as holder_id, null::timestamptz as expires_at`
  return rows[0] ?? null
}

/** Releases every hold whose expiry has passed by the database clock. */
export async function releaseExpired(tx: Tx, max: number): Promise<StatusRecord[]> {
  return tx<StatusRecord[]>`
    with expired as (
      delete from stock.holds
       where stone_id in (select stone_id from stock.holds where expires_at <= now() order by expires_at limit ${max} for update skip locked)
      returning stone_id
    )
    update stock.stones s
       set w_sts = 'A', s_sts = 'N', status_version = status_version + 1, updated_at = now()
      from expired e
     where s.id = e.stone_id and s.w_sts = 'H'
    returning s.id, s.v_stn_id, s.w_sts, s.s_sts, s.status_version, null::uuid as holder_id, null::timestamptz as expires_at`
}

export async function stoneExists(sql: Sql | Tx, stoneId: string): Promise<boolean> {
  const rows = await sql`select 1 from stock.stones where id = ${stoneId}`
  return rows.length > 0
}

/**
 * Staff set a stone's web status (memo, back to stock, on show, sold, …); a held stone is left alone.
 * A block on the stone (a memo to a buyer, a show) ends with the status it set.
 */
export async function setWebStatus(tx: Tx, stoneId: string, wSts: string): Promise<StatusRecord | null> {
  const rows = await tx<StatusRecord[]>`
    with changed as (
      update stock.stones
         set w_sts = ${wSts}, web_sts = ${wSts}, s_sts = 'N', status_version = status_version + 1, updated_at = now()
       where id = ${stoneId} and w_sts <> 'H' and w_sts <> ${wSts} and bid_lot_id is null
      returning id, v_stn_id, w_sts, s_sts, status_version, carat, rap_cents, amt_cents, seller
    ), unblocked as (
      delete from stock.blocks where stone_id in (select id from changed)
    )
    select id, v_stn_id, w_sts, s_sts, status_version, null::uuid as holder_id, null::timestamptz as expires_at,
           carat::float8 as crt, rap_cents, amt_cents, seller from changed`
  return rows[0] ?? null
}

/** Whether the stone is in a running auction lot (bidding told stock so). */
export async function inRunningLot(sql: Sql | Tx, stoneId: string): Promise<boolean> {
  return (await sql`select 1 from stock.stones where id = ${stoneId} and bid_lot_id is not null`).length > 0
}

/** A new discount: price per carat and amount follow from the Rap price, in whole cents. */
export async function setDiscount(tx: Tx, stoneId: string, back: number): Promise<StatusRecord | null> {
  const back100 = Math.round(back * 100)
  const rows = await tx<StatusRecord[]>`
    update stock.stones
       set back = ${back100 / 100},
           amt_cents = round(rap_cents * (10000 + ${back100}) / 10000.0),
           ctpr_cents = round(round(rap_cents * (10000 + ${back100}) / 10000.0) * round(carat * 100) / 100.0),
           status_version = status_version + 1, updated_at = now()
     where id = ${stoneId} and rap_cents > 0
    returning id, v_stn_id, w_sts, s_sts, status_version, null::uuid as holder_id, null::timestamptz as expires_at, back::text`
  return rows[0] ?? null
}

/** A new stone, numbered from the stock's sequence; its event says it arrived. */
export async function insertStone(tx: Tx, row: Record<string, unknown>): Promise<StatusRecord> {
  const [{ n }] = (await tx`select nextval('stock.stone_numbers')::int as n`) as unknown as [{ n: number }]
  const [created] = await tx<StatusRecord[]>`
    insert into stock.stones ${tx({ ...row, v_stn_id: `N${n}` } as never)}
    returning id, v_stn_id, w_sts, s_sts, status_version, null::uuid as holder_id, null::timestamptz as expires_at`
  return created!
}

/** A stone's status as the database has it now (null: no such stone). */
export async function statusOf(sql: Sql | Tx, stoneId: string): Promise<{ w_sts: string; status_version: number } | null> {
  const rows = await sql<{ w_sts: string; status_version: number }[]>`select w_sts, status_version from stock.stones where id = ${stoneId}`
  return rows[0] ?? null
}

/** Staff give back anyone's hold (the holder's own release is `releaseHold`). */
export async function releaseAnyHold(tx: Tx, stoneId: string): Promise<StatusRecord | null> {
  const rows = await tx<StatusRecord[]>`
    with released as (
      delete from stock.holds where stone_id = ${stoneId} returning stone_id
    )
    update stock.stones s
       set w_sts = 'A', s_sts = 'N', status_version = status_version + 1, updated_at = now()
      from released r
     where s.id = r.stone_id and s.w_sts = 'H'
    returning s.id, s.v_stn_id, s.w_sts, s.s_sts, s.status_version, null::uuid as holder_id, null::timestamptz as expires_at`
  return rows[0] ?? null
}
