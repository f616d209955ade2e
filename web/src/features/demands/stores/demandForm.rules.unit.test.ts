import { describe, expect, it } from 'vitest'
import {
  addDemandPath,
  createRequest,
  draftErrors,
  draftFieldOf,
  draftFromDemand,
  draftFromFilter,
  filterOfDraft,
  prefillOf,
  todayIn,
  toggleDraftChip,
  updateRequest,
} from './demandForm.rules'

const today = '2026-03-10'

describe('the demand form', () => {
  it("takes a search's filter: shapes, carats, colours and clarities to edit, the rest kept", () => {
    const filter = {
      shpNm: ['HEART'],
      crt: [{ from: 40, to: 45 }, { from: 50 }],
      colNm: ['D'],
      lbNm: ['GIA'],
      isFcCol: false,
    }
    const d = draftFromFilter(filter, today)
    expect(d).toMatchObject({
      title: '',
      tillDate: '2026-04-09',
      chips: { shpNm: ['HEART'], colNm: ['D'] },
      carats: [
        { from: '40', to: '45' },
        { from: '50', to: '' },
      ],
      rest: { lbNm: ['GIA'], isFcCol: false },
    })
    expect(filterOfDraft(d)).toEqual(filter)
  })

  it("toggles chips in the master list's order and drops an emptied group", () => {
    const d = draftFromFilter({}, today)
    toggleDraftChip(d, 'clrNm', 'VS1')
    toggleDraftChip(d, 'clrNm', 'IF')
    expect(d.chips.clrNm).toEqual(['IF', 'VS1'])
    toggleDraftChip(d, 'clrNm', 'IF')
    toggleDraftChip(d, 'clrNm', 'VS1')
    expect(d.chips).toEqual({})
  })

  it('asks for a title, a till date from today to a year ahead, readable carats and a criterion', () => {
    const d = draftFromFilter({}, today)
    d.tillDate = '2026-03-09'
    d.carats = [{ from: '2', to: '1' }]
    expect(draftErrors(d, today)).toEqual({
      title: 'titleRequired',
      tillDate: 'tillDatePast',
      'crt.0': 'caratInverted',
    })
    d.carats = [{ from: '', to: '' }]
    d.title = 'Hearts'
    d.tillDate = '2027-06-01'
    expect(draftErrors(d, today)).toEqual({ tillDate: 'tillDateFar', criteria: 'criteriaRequired' })
    d.tillDate = today
    toggleDraftChip(d, 'shpNm', 'HEART')
    expect(draftErrors(d, today)).toEqual({})
  })

  it('sends an unchanged till date of an edited demand only when it changed', () => {
    const d = draftFromDemand(
      { title: 'Old', description: '', tillDate: '2026-01-01', filter: { shpNm: ['PEAR'] } },
      today,
    )
    expect(draftErrors(d, today)).toEqual({})
    expect(updateRequest('id-1', d)).toEqual({ id: 'id-1', title: 'Old', description: '', filter: { shpNm: ['PEAR'] } })
    d.tillDate = '2026-05-01'
    expect(updateRequest('id-1', d).tillDate).toBe('2026-05-01')
    expect(createRequest({ ...d, title: '  New  ' })).toMatchObject({ title: 'New', tillDate: '2026-05-01' })
  })

  it('places server field errors on the form', () => {
    expect(draftFieldOf('tillDate')).toBe('tillDate')
    expect(draftFieldOf('filter.crt.1')).toBe('crt.1')
    expect(draftFieldOf('filter.crt')).toBe('crt.0')
    expect(draftFieldOf('filter.shpNm')).toBe('criteria')
  })

  it('carries a filter in the add link, and reads a broken one as none', () => {
    const f = { shpNm: ['OVAL'], crt: { from: 1, to: 1.5 } }
    const path = addDemandPath(f)
    expect(path.startsWith('/account/buy-request?add=')).toBe(true)
    expect(prefillOf(path.slice(path.indexOf('?')))).toEqual(f)
    expect(prefillOf('?add=%7Bbroken')).toEqual({})
    expect(prefillOf('')).toBeNull()
  })

  it('reads today in Asia/Kolkata', () => {
    expect(todayIn(Date.parse('2026-03-01T18:30:00Z'))).toBe('2026-03-02')
  })
})
