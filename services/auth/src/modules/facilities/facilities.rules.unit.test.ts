import { describe, expect, it } from 'vitest'
import type { FacilitySave } from '@diamond/contracts/http/facilities'
import { facilityFields, limitProblem } from './facilities.rules'

const body: FacilitySave = {
  name: '  Varachha works ',
  city: 'Surat',
  country: 'India',
  activities: ['grading', 'planning', 'cuttingPolishing'],
  workers: 120,
  isPublic: true,
}

describe('facility rules', () => {
  it('keeps texts trimmed, activities in the code order, and capacity and certifications optional', () => {
    expect(facilityFields(body)).toEqual({
      fields: {
        name: 'Varachha works',
        city: 'Surat',
        country: 'India',
        activities: ['planning', 'cuttingPolishing', 'grading'],
        workers: 120,
        monthlyCapacityCt: null,
        certifications: '',
        isPublic: true,
      },
    })
    const full = facilityFields({ ...body, monthlyCapacityCt: 1500, certifications: ' RJC\u0007 certified ' })
    expect(full).toMatchObject({ fields: { monthlyCapacityCt: 1500, certifications: 'RJC  certified' } })
  })

  it('names each text that is blank once trimmed', () => {
    expect(facilityFields({ ...body, name: '   ', country: '\t' })).toEqual({
      problems: [
        { field: 'name', in: 'body', message: 'must not be blank' },
        { field: 'country', in: 'body', message: 'must not be blank' },
      ],
    })
  })

  it('refuses a 21st facility, on id', () => {
    expect(limitProblem(19)).toBeNull()
    expect(limitProblem(20)).toEqual({ field: 'id', in: 'body', message: 'at most 20 facilities per company' })
  })
})
