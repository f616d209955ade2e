import type { Sql } from '@diamond/runtime/db'
import type { StoneRecord } from '../stones/stone-row'

/**
 * The available stock (web status A) in stone-number order, read through a cursor `batch` rows at
 * a time, so the whole stock never sits in memory. Holds are not the open viewer's, so none is
 * "mine"; the type-2 block decides the on-memo flag as everywhere else.
 */
export function availableStones(sql: Sql, batch: number): AsyncIterable<StoneRecord[]> {
  return sql<StoneRecord[]>`
    select s.*,
           false as held_by_me,
           exists (select 1 from stock.blocks b where b.stone_id = s.id and b.block_type = 2) as blocked_type2
      from stock.stones s
     where s.w_sts = 'A'
     order by length(s.v_stn_id), s.v_stn_id`.cursor(batch)
}
