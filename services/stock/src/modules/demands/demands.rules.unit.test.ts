import { describe, expect, it } from 'vitest'
import { addDays, boundsOf, decideChange, demandState, textProblems, tillDateProblem, todayOf } from './demands.rules'

describe('the day a till date is read against', () => {
  it('is the calendar day in Asia/Kolkata', () => {
    expect(todayOf(new Date('2026-03-01T18:29:59Z'))).toBe('2026-03-01')
    // 18:30 UTC is midnight in Kolkata.
    expect(todayOf(new Date('2026-03-01T18:30:00Z'))).toBe('2026-03-02')
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
  })
})

describe('till date', () => {
  const today = '2026-03-10'
  it('accepts today (the demand stands through it) and later days within a year', () => {
    expect(tillDateProblem('2026-03-10', today)).toBeNull()
    expect(tillDateProblem('2026-12-31', today)).toBeNull()
    expect(tillDateProblem(addDays(today, 366), today)).toBeNull()
  })
  it('refuses a past day, one more than a year ahead, and a day no calendar has', () => {
    expect(tillDateProblem('2026-03-09', today)).toEqual({
      field: 'tillDate',
      in: 'body',
      message: 'must be today or later',
    })
    expect(tillDateProblem(addDays(today, 367), today)?.message).toBe('must be within 366 days')
    expect(tillDateProblem('2026-02-30', today)?.message).toBe('must be a date (YYYY-MM-DD)')
    expect(tillDateProblem('10/03/2026', today)?.message).toBe('must be a date (YYYY-MM-DD)')
  })
})

describe('demand state (New, Open, Won, Closed)', () => {
  const today = '2026-03-10'
  it('is new while nothing matches and open once stones match', () => {
    expect(demandState({ status: 'active', tillDate: today }, today, 0)).toBe('new')
    expect(demandState({ status: 'active', tillDate: today }, today, 3)).toBe('open')
  })
  it('is closed past its till date or when the buyer closed it, whatever matches', () => {
    expect(demandState({ status: 'active', tillDate: '2026-03-09' }, today, 3)).toBe('closed')
    expect(demandState({ status: 'closed', tillDate: '2026-04-01' }, today, 3)).toBe('closed')
  })
  it('stays won once won, even past its date', () => {
    expect(demandState({ status: 'won', tillDate: '2026-01-01' }, today, 0)).toBe('won')
  })
})

describe('what an update may do', () => {
  it('changes an active demand and refuses to change a closed or won one', () => {
    expect(decideChange({ status: 'active' }, {}, 0)).toEqual({ ok: true })
    expect(decideChange({ status: 'active' }, { status: 'closed' }, 0)).toEqual({ ok: true })
    expect(decideChange({ status: 'closed' }, {}, 5)).toEqual({ ok: false, code: 'E_DEMAND_CLOSED' })
    expect(decideChange({ status: 'won' }, { status: 'closed' }, 5)).toEqual({ ok: false, code: 'E_DEMAND_CLOSED' })
  })
  it('marks a demand won only while a stone matches it', () => {
    expect(decideChange({ status: 'active' }, { status: 'won' }, 1)).toEqual({ ok: true })
    expect(decideChange({ status: 'active' }, { status: 'won' }, 0)).toMatchObject({
      ok: false,
      code: 'E_VALIDATION',
      problems: [{ field: 'status' }],
    })
  })
  it('needs a title of more than blanks', () => {
    expect(textProblems({ title: '  ' }, true)).toEqual([{ field: 'title', in: 'body', message: 'is required' }])
    expect(textProblems({}, false)).toEqual([])
    expect(textProblems({ title: 'Round 1ct' }, true)).toEqual([])
  })
})

describe('coarse bounds of a filter', () => {
  it('takes the shapes and the outer carat bounds', () => {
    expect(
      boundsOf({
        shpNm: ['ROUND', 'OVAL'],
        crt: [
          { from: 0.5, to: 0.59 },
          { from: 1, to: 1.49 },
        ],
      }),
    ).toEqual({ shapes: ['ROUND', 'OVAL'], crtMin: 0.5, crtMax: 1.49 })
    expect(boundsOf({ crt: { from: 1 } })).toEqual({ shapes: null, crtMin: 1, crtMax: null })
  })
  it('leaves a bound open when any carat range is open at that end', () => {
    expect(boundsOf({ crt: [{ from: 0.5, to: 0.59 }, { to: 2 }] })).toEqual({ shapes: null, crtMin: null, crtMax: 2 })
    expect(boundsOf({ colNm: ['D'] })).toEqual({ shapes: null, crtMin: null, crtMax: null })
  })
})
