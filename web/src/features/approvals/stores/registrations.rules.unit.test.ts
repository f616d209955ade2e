import type { Registration } from '@diamond/contracts/http/approvals'
import { describe, expect, it } from 'vitest'
import { addressLines, afterDecision, fileSize, fullName, noteTooLong, pageCount } from './registrations.rules'

const reg = (id: string): Registration => ({ id }) as Registration

describe('a registration as the review page shows it', () => {
  it('names the applicant with every name given', () => {
    expect(fullName({ firstName: 'Noa', middleName: 'R', lastName: 'Levi' })).toBe('Noa R Levi')
    expect(fullName({ firstName: 'Noa', middleName: ' ', lastName: 'Levi' })).toBe('Noa Levi')
  })

  it('writes the office address as lines, leaving out empty ones', () => {
    const a = {
      line1: '1 Jabotinsky St',
      line2: 'Tower B',
      line3: '',
      city: 'Ramat Gan',
      state: 'Tel Aviv',
      country: 'Israel',
      pinCode: '52520',
    }
    expect(addressLines(a)).toEqual(['1 Jabotinsky St', 'Tower B', 'Ramat Gan, Tel Aviv 52520', 'Israel'])
    expect(addressLines(null)).toEqual([])
  })

  it('gives file sizes in short units of the reader’s language', () => {
    expect(fileSize(820, 'en')).toBe('0.8 kB')
    expect(fileSize(12_400, 'en')).toBe('12 kB')
    expect(fileSize(1_450_000, 'en')).toBe('1.5 MB')
    expect(fileSize(1_450_000, 'de')).toBe('1,5 MB')
  })

  it('refuses a note longer than the server takes', () => {
    expect(noteTooLong('x'.repeat(500))).toBe(false)
    expect(noteTooLong('x'.repeat(501))).toBe(true)
    expect(noteTooLong(` ${'x'.repeat(500)} `)).toBe(false)
  })
})

describe('after a decision', () => {
  it('takes the registration off the tab and counts one less', () => {
    expect(afterDecision({ list: [reg('a'), reg('b')], count: 2, page: 1 }, 'a')).toEqual({
      list: [reg('b')],
      count: 1,
      page: 1,
      reload: false,
    })
  })

  it('goes back a page when the last one of a later page is decided', () => {
    expect(afterDecision({ list: [reg('z')], count: 51, page: 2 }, 'z')).toEqual({
      list: [],
      count: 50,
      page: 1,
      reload: true,
    })
  })

  it('reloads an emptied first page only when more remain', () => {
    expect(afterDecision({ list: [reg('a')], count: 1, page: 1 }, 'a')).toMatchObject({
      list: [],
      count: 0,
      reload: false,
    })
    expect(afterDecision({ list: [reg('a')], count: 3, page: 1 }, 'a')).toMatchObject({ count: 2, reload: true })
  })

  it('leaves the list alone for a registration it does not show', () => {
    expect(afterDecision({ list: [reg('a')], count: 1, page: 1 }, 'x')).toEqual({
      list: [reg('a')],
      count: 1,
      page: 1,
      reload: false,
    })
  })

  it('counts pages, at least one', () => {
    expect(pageCount(0, 50)).toBe(1)
    expect(pageCount(51, 50)).toBe(2)
  })
})
