import { describe, expect, it } from 'vitest'
import { actionProblem, listScope, purposeOf, standing } from './requests.rules'

const buyer = { id: 'b', staff: false, salesOfficeId: null }
const sales = { id: 's', staff: false, salesOfficeId: 'o1' }
const staff = { id: 'a', staff: true, salesOfficeId: null }
const request = { buyerId: 'b', officeId: 'o1' }

describe('viewing requests', () => {
  it('list a buyer their own, a sales person their office, staff any office', () => {
    expect(listScope(buyer, {})).toEqual({ buyerId: 'b' })
    expect(listScope(buyer, { officeId: 'o2' })).toEqual({ buyerId: 'b', officeId: 'o2' })
    expect(listScope(sales, { officeId: 'o2' })).toEqual({ officeId: 'o1' })
    expect(listScope(staff, {})).toEqual({})
    expect(listScope(staff, { officeId: 'o2' })).toEqual({ officeId: 'o2' })
  })

  it("treat a stranger's request as not there", () => {
    expect(standing(buyer, request)).toBe('buyer')
    expect(standing(sales, request)).toBe('sales')
    expect(standing(staff, request)).toBe('staff')
    expect(standing({ id: 'x', staff: false, salesOfficeId: null }, request)).toBeNull()
    expect(standing({ id: 'x', staff: false, salesOfficeId: 'o2' }, request)).toBeNull()
  })

  it('are answered by the sales side and withdrawn by the buyer, only while open', () => {
    expect(actionProblem('buyer', 'open', 'withdraw')).toBeNull()
    expect(actionProblem('buyer', 'open', 'accept')).toBe('E_FORBIDDEN')
    expect(actionProblem('sales', 'open', 'withdraw')).toBe('E_FORBIDDEN')
    expect(actionProblem('staff', 'open', 'decline')).toBeNull()
    for (const s of ['accepted', 'declined', 'withdrawn'] as const) {
      expect(actionProblem('sales', s, 'accept')).toBe('E_REQUEST_CLOSED')
      expect(actionProblem('buyer', s, 'withdraw')).toBe('E_REQUEST_CLOSED')
    }
  })

  it("book with the sales side's purpose, else the buyer's note", () => {
    expect(purposeOf('Pears', 'note')).toBe('Pears')
    expect(purposeOf(' ', ' the note ')).toBe('the note')
    expect(purposeOf(undefined, null)).toBe('Office viewing')
  })
})
