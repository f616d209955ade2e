import { describe, expect, it } from 'vitest'
import {
  changedKeys,
  checkFor,
  EMPTY_SELECTION,
  isSelected,
  MAX_COMPARE,
  pageState,
  select,
  selectionTotals,
  toggle,
  togglePage,
  unselect,
  type SelectedStone,
} from './selection.rules'

let n = 0
const stone = (over: Partial<SelectedStone> = {}): SelectedStone => {
  n++
  return {
    id: `id-${n}`,
    vStnId: `D${n}`,
    crt: 1,
    rap: 1000,
    back: -30,
    amt: 700,
    ctPr: 700,
    fnCtpr: 690,
    fnAmt: 690,
    ...over,
  }
}

describe('selection per page type', () => {
  it('ignores a stone whose key is already selected, and returns the same selection', () => {
    const a = stone()
    const one = select(EMPTY_SELECTION, [a])
    expect(select(one, [{ ...a, crt: 9 }])).toBe(one)
    expect(one.rows[a.id]!.crt).toBe(1)
    expect(select(EMPTY_SELECTION, [a, a]).keys).toEqual([a.id])
  })

  it('keeps the order in which stones were selected', () => {
    const [a, b, c] = [stone(), stone(), stone()]
    const sel = select(select(EMPTY_SELECTION, [b]), [a, c])
    expect(sel.keys).toEqual([b.id, a.id, c.id])
  })

  it('toggles a stone in and out', () => {
    const a = stone()
    const on = toggle(EMPTY_SELECTION, a)
    expect(isSelected(on, a.id)).toBe(true)
    expect(isSelected(toggle(on, a), a.id)).toBe(false)
  })

  it('selects the whole page, keeping stones of other pages, and unselects only the page', () => {
    const other = stone()
    const page = [stone(), stone()]
    const sel = togglePage(select(EMPTY_SELECTION, [other]), page)
    expect(sel.keys).toEqual([other.id, page[0]!.id, page[1]!.id])
    expect(
      pageState(
        sel,
        page.map((s) => s.id),
      ),
    ).toBe('all')
    const back = togglePage(sel, page)
    expect(back.keys).toEqual([other.id])
  })

  it('tells a partly selected page from a full and an empty one', () => {
    const page = [stone(), stone()]
    const ids = page.map((s) => s.id)
    expect(pageState(EMPTY_SELECTION, ids)).toBe('none')
    expect(pageState(select(EMPTY_SELECTION, [page[0]!]), ids)).toBe('some')
    expect(pageState(select(EMPTY_SELECTION, page), [])).toBe('none')
    // Ticking a partly selected page selects the rest.
    expect(pageState(togglePage(select(EMPTY_SELECTION, [page[0]!]), page), ids)).toBe('all')
  })

  it('names the rows a change added and removed, so only those are told', () => {
    const [a, b, c] = [stone(), stone(), stone()]
    const prev = select(EMPTY_SELECTION, [a, b])
    const next = select(unselect(prev, [a.id]), [c])
    expect(changedKeys(prev, next)).toEqual({ added: [c.id], removed: [a.id] })
    expect(changedKeys(prev, prev)).toEqual({ added: [], removed: [] })
  })

  it('adds up carats and amounts and weights the per-carat figures by carats', () => {
    const sel = select(EMPTY_SELECTION, [
      stone({ crt: 1, rap: 1000, ctPr: 700, fnCtpr: 690 }),
      stone({ crt: 3, rap: 2000, ctPr: 4200, fnCtpr: 4110 }),
    ])
    expect(selectionTotals(sel)).toEqual({
      count: 2,
      crt: 4,
      ctPr: 4900,
      amt: 1225,
      rap: 1750,
      back: -30,
      fnCtpr: 4800,
      fnAmt: 1200,
    })
  })

  it('leaves prices out of the totals when the viewer may not see them', () => {
    const sel = select(EMPTY_SELECTION, [
      { id: 'x', vStnId: 'X', crt: 1.234 },
      { id: 'y', vStnId: 'Y', crt: 0.5 },
    ])
    expect(selectionTotals(sel)).toEqual({ count: 2, crt: 1.73 })
  })

  it('asks for a selection before compare and hold, and compares at most ten stones', () => {
    expect(checkFor('compare', EMPTY_SELECTION)).toEqual({ ok: false, reason: 'empty' })
    expect(checkFor('hold', EMPTY_SELECTION)).toEqual({ ok: false, reason: 'empty' })
    const eleven = select(
      EMPTY_SELECTION,
      Array.from({ length: MAX_COMPARE + 1 }, () => stone()),
    )
    expect(checkFor('compare', eleven)).toEqual({ ok: false, reason: 'tooMany' })
    expect(checkFor('hold', eleven)).toMatchObject({ ok: true })
    const two = select(EMPTY_SELECTION, [stone(), stone()])
    expect(checkFor('compare', two)).toEqual({ ok: true, ids: two.keys })
  })
})
