import { describe, expect, it } from 'vitest'
import { answerConfirm, confirm, confirmation } from './confirm'

describe('confirm', () => {
  it('shows the question and resolves with the answer', async () => {
    const asked = confirm('confirm.logout')
    expect(confirmation.open?.textKey).toBe('confirm.logout')
    answerConfirm(true)
    await expect(asked).resolves.toBe(true)
    expect(confirmation.open).toBeNull()
  })

  it('counts a replaced question as No', async () => {
    const first = confirm('confirm.delete')
    const second = confirm('confirm.deleteAddress')
    await expect(first).resolves.toBe(false)
    expect(confirmation.open?.textKey).toBe('confirm.deleteAddress')
    answerConfirm(false)
    await expect(second).resolves.toBe(false)
  })
})
