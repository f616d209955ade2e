import { describe, expect, it } from 'vitest'
import { devMailboxEnabled, loadNotificationsConfig } from './config'

describe('notifications configuration', () => {
  it('has a public URL for links, without a trailing slash', () => {
    expect(loadNotificationsConfig({}).NOTIFICATIONS_PUBLIC_URL).toBe('http://localhost:8080')
    expect(loadNotificationsConfig({ NOTIFICATIONS_PUBLIC_URL: 'https://trade.example.com/' }).NOTIFICATIONS_PUBLIC_URL).toBe('https://trade.example.com')
    expect(() => loadNotificationsConfig({ NOTIFICATIONS_PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/NOTIFICATIONS_PUBLIC_URL/)
  })

  it('refuses the development mailbox in production mode', () => {
    expect(() => loadNotificationsConfig({ NODE_ENV: 'production', NOTIFICATIONS_DEV_MAILBOX: 'true' })).toThrow(/must not be set in production/)
    expect(loadNotificationsConfig({ NODE_ENV: 'production' }).NOTIFICATIONS_DEV_MAILBOX).toBe(false)
  })

  it('opens the mailbox for demo data or when asked, never in production', () => {
    const asked = loadNotificationsConfig({ NOTIFICATIONS_DEV_MAILBOX: 'true' })
    const plain = loadNotificationsConfig({})
    expect(devMailboxEnabled({ NODE_ENV: 'development', DEMO_DATA: true }, plain)).toBe(true)
    expect(devMailboxEnabled({ NODE_ENV: 'development', DEMO_DATA: false }, asked)).toBe(true)
    expect(devMailboxEnabled({ NODE_ENV: 'test', DEMO_DATA: false }, plain)).toBe(false)
    expect(devMailboxEnabled({ NODE_ENV: 'production', DEMO_DATA: true }, asked)).toBe(false)
  })
})
