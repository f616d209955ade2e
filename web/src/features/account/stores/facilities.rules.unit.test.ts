import { describe, expect, it } from 'vitest'
import { emptyFacility, facilityValuesFrom, toFacilitySave, toggleActivity, validateFacility } from './facilities.rules'

const valid = {
  ...emptyFacility(),
  name: ' Varachha works ',
  city: 'Surat',
  country: 'India',
  activities: ['grading' as const, 'planning' as const],
  workers: '120',
}

describe('manufacturing form rules', () => {
  it('needs a name, place, at least one activity and the workers', () => {
    expect(validateFacility(emptyFacility())).toEqual({
      name: 'required',
      city: 'required',
      country: 'required',
      activities: 'activities',
      workers: 'required',
    })
    expect(validateFacility(valid)).toEqual({})
  })

  it('takes whole numbers only, capacity optional but above zero', () => {
    expect(validateFacility({ ...valid, workers: '-1' }).workers).toBe('workers')
    expect(validateFacility({ ...valid, workers: '1,200' }).workers).toBe('workers')
    expect(validateFacility({ ...valid, workers: '100001' }).workers).toBe('workers')
    expect(validateFacility({ ...valid, workers: '0' }).workers).toBeUndefined()
    expect(validateFacility({ ...valid, monthlyCapacityCt: '0' }).monthlyCapacityCt).toBe('capacity')
    expect(validateFacility({ ...valid, monthlyCapacityCt: '2.5' }).monthlyCapacityCt).toBe('capacity')
    expect(validateFacility({ ...valid, monthlyCapacityCt: ' ' }).monthlyCapacityCt).toBeUndefined()
    expect(validateFacility({ ...valid, certifications: 'x'.repeat(301) }).certifications).toBe('tooLong')
  })

  it('sends trimmed texts, integers and activities in code order; an id only when editing', () => {
    expect(toFacilitySave({ ...valid, monthlyCapacityCt: ' 1500 ' })).toEqual({
      name: 'Varachha works',
      city: 'Surat',
      country: 'India',
      activities: ['planning', 'grading'],
      workers: 120,
      monthlyCapacityCt: 1500,
      certifications: '',
      isPublic: true,
    })
    const f = {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'A',
      city: 'B',
      country: 'C',
      activities: ['setting' as const],
      workers: 3,
      monthlyCapacityCt: null,
      certifications: '',
      isPublic: false,
      updatedAt: '2026-11-27T10:00:00Z',
    }
    expect(toFacilitySave(facilityValuesFrom(f))).toMatchObject({ id: f.id, monthlyCapacityCt: null, isPublic: false })
  })

  it('toggles an activity once', () => {
    expect(toggleActivity(['planning'], 'planning', true)).toEqual(['planning'])
    expect(toggleActivity(['planning'], 'grading', true)).toEqual(['planning', 'grading'])
    expect(toggleActivity(['planning', 'grading'], 'planning', false)).toEqual(['grading'])
  })
})
