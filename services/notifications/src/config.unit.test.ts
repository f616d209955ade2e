import { describe, expect, it } from 'vitest'
import { devMailboxEnabled, loadNotificationsConfig, mailFrom } from './config'

describe('notifications configuration', () => {
  it('has a public URL for links, without a trailing slash', () => {
    expect(loadNotificationsConfig({}).NOTIFICATIONS_PUBLIC_URL).toBe('http://localhost:8080')
    expect(
      loadNotificationsConfig({ NOTIFICATIONS_PUBLIC_URL: 'https://trade.example.com/' }).NOTIFICATIONS_PUBLIC_URL,
    ).toBe('https://trade.example.com')
    expect(() => loadNotificationsConfig({ NOTIFICATIONS_PUBLIC_URL: 'javascript:alert(1)' })).toThrow(
      /NOTIFICATIONS_PUBLIC_URL/,
    )
  })

  it('refuses the development mailbox in production mode', () => {
    expect(() => loadNotificationsConfig({ NODE_ENV: 'production', NOTIFICATIONS_DEV_MAILBOX: 'true' })).toThrow(
      /must not be set in production/,
    )
    expect(
      loadNotificationsConfig({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example.com',
        PUBLIC_URL: 'https://trade.example.com',
      }).NOTIFICATIONS_DEV_MAILBOX,
    ).toBe(false)
  })

  it('refuses production mode without SMTP, naming every problem at once', () => {
    expect(() => loadNotificationsConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL is required in production mode/)
    const both = () => loadNotificationsConfig({ NODE_ENV: 'production', NOTIFICATIONS_DEV_MAILBOX: 'true' })
    expect(both).toThrow(/NOTIFICATIONS_DEV_MAILBOX must not be set in production[\s\S]*SMTP_URL is required/)
    const prod = { NODE_ENV: 'production', PUBLIC_URL: 'https://trade.example.com' }
    expect(loadNotificationsConfig({ ...prod, SMTP_URL: 'smtps://u%40x:p%2Fw@smtp.example.com:465' }).SMTP_URL).toBe(
      'smtps://u%40x:p%2Fw@smtp.example.com:465',
    )
    expect(loadNotificationsConfig({}).SMTP_URL).toBeUndefined()
  })

  it('accepts only smtp:// and smtps:// addresses, and one-line From and Reply-To', () => {
    for (const bad of ['http://mail.example.com', 'smtp://', 'smtp://host/path', 'mail.example.com:25']) {
      expect(() => loadNotificationsConfig({ SMTP_URL: bad }), bad).toThrow(/SMTP_URL/)
    }
    expect(loadNotificationsConfig({ SMTP_URL: 'smtp://127.0.0.1:1025?starttls=required' }).SMTP_URL).toBe(
      'smtp://127.0.0.1:1025?starttls=required',
    )
    expect(() => loadNotificationsConfig({ MAIL_FROM: 'a@b.c\r\nBcc: x@y.z' })).toThrow(/MAIL_FROM/)
    expect(() => loadNotificationsConfig({ MAIL_REPLY_TO: 'a@b.c\nBcc: x@y.z' })).toThrow(/MAIL_REPLY_TO/)
  })

  it('takes PUBLIC_URL for links, and NOTIFICATIONS_PUBLIC_URL when PUBLIC_URL is not set', () => {
    expect(loadNotificationsConfig({ PUBLIC_URL: 'https://trade.example.com/' }).NOTIFICATIONS_PUBLIC_URL).toBe(
      'https://trade.example.com',
    )
    expect(
      loadNotificationsConfig({
        PUBLIC_URL: 'https://a.example.com',
        NOTIFICATIONS_PUBLIC_URL: 'https://b.example.com',
      }).NOTIFICATIONS_PUBLIC_URL,
    ).toBe('https://a.example.com')
    expect(loadNotificationsConfig({ NOTIFICATIONS_PUBLIC_URL: 'https://b.example.com' }).PUBLIC_URL).toBe(
      'https://b.example.com',
    )
    expect(() => loadNotificationsConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/)
  })

  it('refuses production mode without the public address links start with', () => {
    expect(() => loadNotificationsConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com' })).toThrow(
      /PUBLIC_URL is required in production mode/,
    )
    expect(
      loadNotificationsConfig({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://m.example.com',
        NOTIFICATIONS_PUBLIC_URL: 'https://t.example.com',
      }).PUBLIC_URL,
    ).toBe('https://t.example.com')
  })

  it('sends From MAIL_FROM, else no-reply at the public host', () => {
    expect(mailFrom(loadNotificationsConfig({ PUBLIC_URL: 'https://trade.example.com' }), 'Diamond Portal')).toBe(
      'Diamond Portal <no-reply@trade.example.com>',
    )
    expect(mailFrom(loadNotificationsConfig({ MAIL_FROM: 'Desk <desk@example.com>' }), 'Diamond Portal')).toBe(
      'Desk <desk@example.com>',
    )
  })

  it('opens the mailbox for demo data or when asked, never in production', () => {
    const asked = loadNotificationsConfig({ NOTIFICATIONS_DEV_MAILBOX: 'true' })
    const plain = loadNotificationsConfig({})
    expect(devMailboxEnabled({ NODE_ENV: 'development', DEMO_DATA: true }, plain)).toBe(true)
    expect(devMailboxEnabled({ NODE_ENV: 'development', DEMO_DATA: false }, asked)).toBe(true)
    expect(devMailboxEnabled({ NODE_ENV: 'test', DEMO_DATA: false }, plain)).toBe(false)
    expect(devMailboxEnabled({ NODE_ENV: 'production', DEMO_DATA: true }, asked)).toBe(false)
  })

  it('sends through SMTP instead of the mailbox once SMTP_URL is set', () => {
    const smtp = loadNotificationsConfig({ SMTP_URL: 'smtp://127.0.0.1:1025', NOTIFICATIONS_DEV_MAILBOX: 'true' })
    expect(devMailboxEnabled({ NODE_ENV: 'development', DEMO_DATA: true }, smtp)).toBe(false)
  })
})
