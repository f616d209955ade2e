import { describe, expect, it } from 'vitest'
import { layoutColumns, moveColumn, sanitizeChoice, toggleColumn } from './columns.rules'

const catalogue = ['vStnId', 'lbNm', 'shpNm', 'crt', 'colNm', 'cutNm', 'rap', 'ctPr', 'Details', 'Action', 'status']

describe('column choice', () => {
  it('keeps a stored choice in its order, dropping unknown, repeated and unselectable columns', () => {
    expect(
      sanitizeChoice(['crt', 'nope', 'vStnId', 'crt', 'Details', 'Action', 'status'], catalogue, ['vStnId']),
    ).toEqual(['crt', 'vStnId'])
  })

  it('falls back to the defaults when nothing usable is stored', () => {
    expect(sanitizeChoice(null, catalogue, ['vStnId', 'shpNm', 'gone'])).toEqual(['vStnId', 'shpNm'])
    expect(sanitizeChoice(['nope'], catalogue, ['crt'])).toEqual(['crt'])
  })

  it('hides a column and shows it again after its catalogue neighbour, keeping the chosen order', () => {
    const chosen = ['crt', 'vStnId', 'shpNm', 'ctPr']
    const hidden = toggleColumn(chosen, 'shpNm', catalogue)
    expect(hidden).toEqual(['crt', 'vStnId', 'ctPr'])
    // lbNm sits after vStnId in the catalogue.
    expect(toggleColumn(hidden, 'lbNm', catalogue)).toEqual(['crt', 'vStnId', 'lbNm', 'ctPr'])
    // Nothing before it is chosen: it goes first.
    expect(toggleColumn(['crt'], 'vStnId', catalogue)).toEqual(['vStnId', 'crt'])
  })

  it('never offers the columns without a checkbox, and keeps at least one column', () => {
    expect(toggleColumn(['crt'], 'Details', catalogue)).toEqual(['crt'])
    expect(toggleColumn(['crt'], 'Action', catalogue)).toEqual(['crt'])
    expect(toggleColumn(['crt'], 'crt', catalogue)).toEqual(['crt'])
  })

  it('moves a column one place either way, not past the ends', () => {
    expect(moveColumn(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c'])
    expect(moveColumn(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b'])
    expect(moveColumn(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c'])
    expect(moveColumn(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c'])
  })

  it('puts the frozen columns first with their insets, then status, then the rest, the last one flexible', () => {
    const w = (key: string, width = 50) => ({ key, width })
    const { columns, template, minWidth } = layoutColumns(
      [w('select', 30), w('Details', 60)],
      [w('cutNm'), w('crt', 60), w('rap'), w('vStnId', 90)],
      w('status', 100),
      [w('Action', 80)],
    )
    expect(columns.map((c) => c.key)).toEqual([
      'select',
      'Details',
      'crt',
      'vStnId',
      'status',
      'cutNm',
      'rap',
      'Action',
    ])
    expect(columns.filter((c) => c.frozen).map((c) => [c.key, c.offset])).toEqual([
      ['select', 0],
      ['Details', 30],
      ['crt', 90],
      ['vStnId', 150],
      ['status', 240],
    ])
    expect(template).toBe('30px 60px 60px 90px 100px 50px 50px minmax(80px, 1fr)')
    expect(minWidth).toBe(520)
    // Only the last frozen column draws the edge the others slide under.
    expect(columns.filter((c) => c.edge).map((c) => c.key)).toEqual(['status'])
  })
})
