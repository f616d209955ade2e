import { describe, expect, it } from 'vitest'
import { ownerOf } from './routing'

describe('which service owns a call', () => {
  it('routes the spec call names to their services', () => {
    expect(ownerOf('/web/v1/auth/login')).toBe('auth')
    expect(ownerOf('/web/v1/diamond/paginate')).toBe('stock')
    expect(ownerOf('/web/v1/diamond-track/create')).toBe('stock')
    expect(ownerOf('/web/v1/diamond-demand/paginate')).toBe('stock')
    expect(ownerOf('/web/v1/diamond-enquiry/reply')).toBe('stock')
    expect(ownerOf('/web/v1/user/lookup')).toBe('auth')
    expect(ownerOf('/web/v1/dynamic-diamond-bid/create')).toBe('bidding')
    expect(ownerOf('/web/v1/cabin-schedule/list')).toBe('appointments')
    expect(ownerOf('/web/v1/notification/list?x=1')).toBe('notifications')
    expect(ownerOf('/web/v1/stock/health')).toBe('stock')
  })

  it('routes a whole call before its segment: the dashboard to stock, the other user/ calls to auth', () => {
    expect(ownerOf('/web/v1/user/dashboard')).toBe('stock')
    expect(ownerOf('/web/v1/user/dashboard?x=1')).toBe('stock')
    expect(ownerOf('/web/v1/user/profile')).toBe('auth')
    expect(ownerOf('/web/v1/user')).toBe('auth')
    expect(ownerOf('/web/v1/analytics/create')).toBe('stock')
    expect(ownerOf('/web/v1/hit-counter/paginate')).toBe('stock')
  })

  it('owns nothing it does not know', () => {
    expect(ownerOf('/web/v1/nothing/here')).toBeNull()
    expect(ownerOf('/web/v1/')).toBeNull()
  })
})
