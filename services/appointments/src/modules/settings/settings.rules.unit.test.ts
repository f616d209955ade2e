import { describe, expect, it } from 'vitest'
import { takesAway, zoneProblem } from './settings.rules'

describe('office settings', () => {
  it('take IANA zones only', () => {
    for (const z of ['Europe/Brussels', 'Asia/Kolkata', 'America/New_York', 'America/Argentina/Buenos_Aires', 'UTC'])
      expect(zoneProblem(z), z).toBeNull()
    for (const z of ['+05:30', 'EST', 'GMT+1', 'Mars/Base', 'europe/brussels', '', 'Asia/Kolkata/x/y'])
      expect(zoneProblem(z), z).not.toBeNull()
  })

  it('refuse taking a cabin or person away only by deactivating or moving it', () => {
    const on = { active: true, officeId: 'o1' }
    expect(takesAway(on, on)).toBe(false)
    expect(takesAway(on, { active: false, officeId: 'o1' })).toBe(true)
    expect(takesAway(on, { active: true, officeId: 'o2' })).toBe(true)
    expect(takesAway({ active: false, officeId: 'o1' }, { active: false, officeId: 'o2' })).toBe(false)
  })
})
