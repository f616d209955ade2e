import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthEventTypes, type MailRequested } from '@diamond/contracts/events/auth'
import { requestMail } from '@diamond/auth/modules/mail/mail.outbox'
import { newEvent } from '@diamond/runtime'
import { devMailboxEnabled, loadNotificationsConfig } from '../src/config'
import { startTestPortal, waitFor, type TestPortal } from '../../../test/portal'

const PUBLIC_URL = 'https://portal.example.test'
const mailEvent = (mail: MailRequested) =>
  newEvent<MailRequested>('auth', AuthEventTypes.mailRequested, mail.to.toLowerCase(), mail)
const address = (tag: string) => `${tag}.${randomUUID().slice(0, 8)}@example.com`

async function get(portal: TestPortal, path: string) {
  const res = await fetch(`${portal.base}/web/v1/${path}`)
  const type = res.headers.get('content-type') ?? ''
  return { status: res.status, headers: res.headers, body: type.includes('json') ? await res.json() : await res.text() }
}
const mailbox = async (portal: TestPortal, to: string, limit?: number) =>
  (await get(portal, `dev/mailbox?to=${encodeURIComponent(to)}${limit ? `&limit=${limit}` : ''}`)).body.data.list as {
    id: string
    to: string
    subject: string
    text: string
    template: string
    createdAt: string
  }[]

describe('mail delivery into the development mailbox', () => {
  let portal: TestPortal

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 5, env: { NOTIFICATIONS_PUBLIC_URL: `${PUBLIC_URL}/` } })
  })
  afterAll(() => portal?.close())

  it('renders a mail from the bus in its language with absolute links, once however often it is delivered', async () => {
    const to = address('Anne')
    const event = mailEvent({
      to,
      name: 'Anne Dupont',
      template: 'reset-password',
      locale: 'fr-FR',
      params: { link: '/reset-password/tok-42' },
    })
    await portal.bus.publish([event, event])
    await portal.bus.publish([event])
    const [mail] = await waitFor(
      async () => {
        const list = await mailbox(portal, to.toUpperCase())
        return list.length ? list : null
      },
      10_000,
      'mail in the mailbox',
    )
    expect(mail).toMatchObject({
      to,
      template: 'reset-password',
      subject: 'Réinitialisez votre mot de passe | Portail Diamant',
    })
    expect(mail!.text).toMatch(/^Bonjour Anne Dupont,/)
    expect(mail!.text).toContain(`${PUBLIC_URL}/reset-password/tok-42`)
    expect(mail!.text).not.toMatch(/\{\{/)
    // A later event for the same person: once it is in, the duplicates have been handled.
    await portal.bus.publish([mailEvent({ to, name: '', template: 'password-changed', locale: 'xx', params: {} })])
    const list = await waitFor(
      async () => {
        const l = await mailbox(portal, to)
        return l.length >= 2 ? l : null
      },
      10_000,
      'second mail',
    )
    expect(list.map((m) => m.template)).toEqual(['password-changed', 'reset-password'])
    expect(list[0]!.subject).toBe('Your password was changed | Diamond Portal')
    expect(list[0]!.text).toContain(`${PUBLIC_URL}/forgot-password`)
    const [{ n }] =
      (await portal.sql`select count(*)::int as n from notifications.dev_mail where lower("to") = lower(${to})`) as unknown as [
        { n: number },
      ]
    expect(n).toBe(2)
  })

  it('delivers mail the auth service requests through its outbox, and none from a rolled-back change', async () => {
    const to = address('kenji')
    const lost = address('lost')
    await portal.sql
      .begin((tx) =>
        requestMail(tx as never, {
          to: lost,
          name: 'Lost',
          template: 'device-otp',
          locale: 'ja',
          params: { code: '000000' },
        }).then(() => {
          throw new Error('roll back')
        }),
      )
      .catch(() => {})
    await portal.sql.begin((tx) =>
      requestMail(tx as never, {
        to,
        name: '佐藤 健二',
        template: 'device-otp',
        locale: 'ja',
        params: { code: '493817' },
      }),
    )
    const [mail] = await waitFor(
      async () => {
        const l = await mailbox(portal, to)
        return l.length ? l : null
      },
      10_000,
      'OTP mail',
    )
    expect(mail!.subject).toBe('認証コードのお知らせ | ダイヤモンドポータル')
    expect(mail!.text).toContain('493817')
    expect(mail!.text.startsWith('佐藤 健二 様')).toBe(true)
    expect(await mailbox(portal, lost)).toEqual([])
  })

  it('lists only the asked recipient, newest first, up to the limit', async () => {
    const a = address('alice')
    const b = address('bob')
    const send = (to: string, template: MailRequested['template'], params: Record<string, string>) =>
      portal.bus.publish([mailEvent({ to, name: to, template, locale: 'en', params })])
    await send(a, 'verify-email', { link: '/verify-email?token=1' })
    await waitFor(async () => (await mailbox(portal, a)).length === 1, 10_000, 'first mail to a')
    await send(b, 'user-invited', { link: '/reset-password/x', username: 'bob' })
    await send(a, 'registration-received', { username: 'alice' })
    const listA = await waitFor(
      async () => {
        const l = await mailbox(portal, a)
        return l.length === 2 ? l : null
      },
      10_000,
      'two mails to a',
    )
    expect(listA.every((m) => m.to === a)).toBe(true)
    expect(listA.map((m) => m.template)).toEqual(['registration-received', 'verify-email'])
    expect(await mailbox(portal, a, 1)).toHaveLength(1)
    expect((await mailbox(portal, a, 1))[0]!.template).toBe('registration-received')
    const listB = await waitFor(
      async () => {
        const l = await mailbox(portal, b)
        return l.length ? l : null
      },
      10_000,
      'mail to b',
    )
    expect(listB.map((m) => m.template)).toEqual(['user-invited'])
    expect(listB[0]!.text).toContain(`${PUBLIC_URL}/reset-password/x`)
    expect(listB[0]!.text).toContain('Your login ID: bob')
  })

  it('refuses a bad limit and unknown query fields', async () => {
    const tooMany = await get(portal, 'dev/mailbox?limit=500')
    expect(tooMany.status).toBe(400)
    expect(tooMany.body).toMatchObject({
      code: 'E_VALIDATION',
      data: { fields: [{ field: 'limit', in: 'querystring' }] },
    })
    expect((await get(portal, 'dev/mailbox?limit=0')).body.code).toBe('E_VALIDATION')
    expect((await get(portal, 'dev/mailbox?who=x')).body.code).toBe('E_VALIDATION')
  })

  it('shows the mailbox as an escaped HTML page with a recipient filter', async () => {
    const to = address('page')
    await portal.bus.publish([
      mailEvent({
        to,
        name: '<script>alert(1)</script>',
        template: 'verify-email',
        locale: 'de',
        params: { link: '/verify-email?token=t&x=1' },
      }),
    ])
    await waitFor(async () => (await mailbox(portal, to)).length === 1, 10_000, 'mail for the page')
    const page = await get(portal, `dev/mailbox/page?to=${encodeURIComponent(to)}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = page.body as string
    expect(html).toContain('Bestätigen Sie Ihre E-Mail-Adresse | Diamantportal')
    expect(html).toContain(`To: ${to}`)
    expect(html).toContain('Hallo &lt;script&gt;alert(1)&lt;/script&gt;,')
    expect(html).not.toContain('<script>')
    expect(html).toContain(`<a href="${PUBLIC_URL}/verify-email?token=t&amp;x=1">`)
    expect(html).toContain(`name="to" value="${to}"`)
    expect(html).toContain('1 mail to')
  })

  it('clears the mailbox of one recipient', async () => {
    const to = address('clear')
    await portal.bus.publish([mailEvent({ to, name: 'C', template: 'password-changed', locale: 'it', params: {} })])
    await waitFor(async () => (await mailbox(portal, to)).length === 1, 10_000, 'mail to clear')
    const res = await fetch(`${portal.base}/web/v1/dev/mailbox?to=${encodeURIComponent(to)}`, { method: 'DELETE' })
    expect(await res.json()).toMatchObject({ code: 'OK', data: { deleted: 1 } })
    expect(await mailbox(portal, to)).toEqual([])
  })
})

describe('without the development mailbox', () => {
  let portal: TestPortal

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 1, env: { DEMO_DATA: 'false' } })
  })
  afterAll(() => portal?.close())

  it('has no mailbox routes, and mail is consumed without being kept', async () => {
    for (const path of ['dev/mailbox', 'dev/mailbox?to=a@example.com', 'dev/mailbox/page']) {
      const r = await get(portal, path)
      expect(r.status, path).toBe(404)
      expect(r.body, path).toMatchObject({ code: 'E_NOT_FOUND' })
    }
    const event = mailEvent({
      to: address('quiet'),
      name: 'Q',
      template: 'device-otp',
      locale: 'en',
      params: { code: '123456' },
    })
    await portal.bus.publish([event])
    await waitFor(
      async () =>
        (
          await portal.sql`select 1 from notifications.consumed_events where consumer = 'notifications.mail' and event_id = ${event.id}`
        ).length === 1,
      10_000,
      'mail event consumed',
    )
    expect((await portal.sql`select count(*)::int as n from notifications.dev_mail`)[0]!.n).toBe(0)
  })

  it('is refused in production mode, even when asked for', () => {
    const env = { NODE_ENV: 'production', NOTIFICATIONS_DEV_MAILBOX: 'true' }
    expect(() => loadNotificationsConfig(env)).toThrow(/NOTIFICATIONS_DEV_MAILBOX must not be set in production/)
    expect(
      loadNotificationsConfig({ NODE_ENV: 'development', NOTIFICATIONS_DEV_MAILBOX: 'true' }).NOTIFICATIONS_DEV_MAILBOX,
    ).toBe(true)
    expect(devMailboxEnabled({ NODE_ENV: 'production', DEMO_DATA: true }, loadNotificationsConfig({}))).toBe(false)
    expect(devMailboxEnabled({ NODE_ENV: 'test', DEMO_DATA: false }, loadNotificationsConfig({}))).toBe(false)
  })
})
