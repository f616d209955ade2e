import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type Socket } from 'node:net'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthEventTypes, type MailRequested } from '@diamond/contracts/events/auth'
import { createDatabase, newEvent } from '@diamond/runtime'
import { DEMO_PASSWORD, startTestPortal, waitFor, type TestPortal } from '../../../test/portal'
import { claimDue, nextDueInMs, type OutboxRow } from '../src/modules/mail/mail.repository'
import { MailSender } from '../src/modules/mail/mail.sender'
import { SmtpTransport } from '../src/modules/mail/mailer'
import { freeTcpPort, messagesTo, nextMessage, startTestMailpit, type Mailpit } from '../../../test/mailpit'

const PUBLIC_URL = 'https://portal.example.test'
const MAIL_FROM = 'Diamond Portal <no-reply@portal.example.test>'
const REPLY_TO = 'sales@portal.example.test'
// These tests count each address's mails: the demo's stock digest (buyer1's, at start) is another test's.
const NO_DIGESTS = { AUTH_DIGESTS: 'false' }
const newAddress = () => `10.${[...randomBytes(3)].join('.')}`
const address = (tag: string) => `${tag}.${randomUUID().slice(0, 8)}@example.com`
const mailEvent = (mail: MailRequested) =>
  newEvent<MailRequested>('auth', AuthEventTypes.mailRequested, mail.to.toLowerCase(), mail)

const outboxTo = async (portal: TestPortal, to: string) =>
  (
    await portal.sql<
      Pick<OutboxRow, 'id' | 'messageId' | 'status' | 'attempts' | 'lastError'>[]
    >`select id, message_id as "messageId", status, attempts, last_error as "lastError" from notifications.mail_outbox where "to" = ${to}`
  )[0] ?? null

/** A browser's whole sign-in, the code read from the mail Mailpit received. Answers the trusted token. */
async function signInThroughMail(portal: TestPortal, mailpit: Mailpit, username: string): Promise<string> {
  const browser = { 'x-forwarded-for': newAddress() }
  const login = await portal.callRaw(
    'auth/login',
    { username, password: DEMO_PASSWORD, captcha: '1234' },
    { headers: browser },
  )
  expect(login.body.code).toBe('OK')
  expect(login.body.data.isTrusted).toBe(false)
  const email = login.body.data.user.email as string
  const before = (await messagesTo(mailpit.apiUrl, email)).length
  const mail = await nextMessage(mailpit.apiUrl, email, { count: before + 1 })
  const otp = /\b(\d{6})\b/.exec(mail.Text)![1]!
  const verified = await portal.callRaw(
    'verifyfingerprint',
    { otp, trust: 'once' },
    { token: login.body.data.token.jwt, headers: browser },
  )
  expect(verified.body.code).toBe('OK')
  return verified.body.data.token.jwt as string
}

describe('mail through a real SMTP server (Mailpit)', () => {
  let mailpit: Mailpit
  let portal: TestPortal

  beforeAll(async () => {
    mailpit = await startTestMailpit()
    portal = await startTestPortal({
      stones: 1,
      env: {
        SMTP_URL: `smtp://portal:secret@127.0.0.1:${mailpit.smtpPort}`,
        PUBLIC_URL,
        MAIL_FROM,
        MAIL_REPLY_TO: REPLY_TO,
        ...NO_DIGESTS,
      },
    })
  })
  afterAll(async () => {
    await portal?.close()
    await mailpit?.stop()
  })

  it('mails the sign-in code of a new browser, in text and HTML, and the code signs the browser in', async () => {
    const browser = { 'x-forwarded-for': newAddress() }
    const login = await portal.callRaw(
      'auth/login',
      { username: 'buyer1', password: DEMO_PASSWORD, captcha: '1234' },
      { headers: browser },
    )
    expect(login.body.data.isTrusted).toBe(false)
    const email = login.body.data.user.email as string
    const mail = await nextMessage(mailpit.apiUrl, email, { subject: /verification code/i })
    expect(mail.Subject).toBe('Your verification code | Diamond Portal')
    expect(mail.From).toMatchObject({ Name: 'Diamond Portal', Address: 'no-reply@portal.example.test' })
    expect(mail.ReplyTo.map((r) => r.Address)).toEqual([REPLY_TO])
    const code = /\b(\d{6})\b/.exec(mail.Text)![1]!
    expect(mail.Text).toContain(PUBLIC_URL)
    expect(mail.HTML).toContain('<html lang="en" dir="ltr">')
    expect(mail.HTML).toContain(`>${code}</p>`)
    expect(mail.HTML).toContain(`<a href="${PUBLIC_URL}"`)
    // The Message-ID the outbox made is the one that arrived.
    const row = await outboxTo(portal, email)
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null })
    expect(`<${mail.MessageID}>`).toBe(row!.messageId)
    const verified = await portal.callRaw(
      'verifyfingerprint',
      { otp: code, trust: 'once' },
      { token: login.body.data.token.jwt, headers: browser },
    )
    expect(verified.body.code).toBe('OK')
    // Nothing went to the development mailbox: with SMTP it is not there at all.
    expect((await fetch(`${portal.base}/web/v1/dev/mailbox`)).status).toBe(404)
  })

  it('mails the verification link, whose absolute link in the HTML verifies the address', async () => {
    const email = 'unverified1@demo.diamond-portal.test'
    const resend = await portal.callRaw(
      'admin/v1/user/resendVerificationEmail',
      { username: 'unverified1' },
      { headers: { 'x-forwarded-for': newAddress() } },
    )
    expect(resend.body.code).toBe('OK')
    const mail = await nextMessage(mailpit.apiUrl, email, { subject: /Verify your email/ })
    const href = /<a href="([^"]+\/verify-email\?token=[^"]+)"/.exec(mail.HTML)![1]!.replace(/&amp;/g, '&')
    expect(href.startsWith(`${PUBLIC_URL}/verify-email?token=`)).toBe(true)
    expect(mail.Text).toContain(href)
    const token = new URL(href).searchParams.get('token')!
    expect((await portal.call('auth/verify-email', { token })).body.code).toBe('OK')
  })

  it('writes a Hebrew mail right to left, with the values escaped', async () => {
    const to = address('dana')
    await portal.bus.publish([
      mailEvent({
        to,
        name: 'דנה <b>כהן</b>',
        template: 'reset-password',
        locale: 'he',
        params: { link: '/reset-password/tok-1', minutes: '30' },
      }),
    ])
    const mail = await nextMessage(mailpit.apiUrl, to)
    expect(mail.HTML).toContain('<html lang="he" dir="rtl">')
    expect(mail.HTML).toContain('דנה &lt;b&gt;כהן&lt;/b&gt;')
    expect(mail.HTML).toContain(`<a href="${PUBLIC_URL}/reset-password/tok-1"`)
    expect(mail.Text).toContain('דנה <b>כהן</b>')
  })
})

describe('mail while the SMTP server is down', () => {
  let portal: TestPortal
  let mailpit: Mailpit | undefined
  let smtpPort: number

  beforeAll(async () => {
    smtpPort = await freeTcpPort() // nothing listens here until the test starts Mailpit on it
    portal = await startTestPortal({
      stones: 1,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        PUBLIC_URL,
        NOTIFICATIONS_MAIL_ATTEMPTS: '5',
        NOTIFICATIONS_MAIL_RETRY_MS: '400',
        ...NO_DIGESTS,
      },
    })
  })
  afterAll(async () => {
    await portal?.close()
    await mailpit?.stop()
  })

  it('retries with back-off, marks a mail failed after its last attempt, delivers the others once SMTP is back, and staff send the failed one again', async () => {
    // 1. A mail that runs out of attempts (5 attempts: waits of 0.4, 0.8, 1.6 and 3.2 s between them).
    const lost = address('lost')
    await portal.bus.publish([
      mailEvent({ to: lost, name: 'L', template: 'password-changed', locale: 'fr', params: {} }),
    ])
    const failed = await waitFor(
      async () => {
        const r = await outboxTo(portal, lost)
        return r?.status === 'failed' ? r : null
      },
      30_000,
      'the mail to fail',
    )
    expect(failed.attempts).toBe(5)
    expect(failed.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/)
    // The attempts were spread by the back-off, not made in a burst.
    const [{ ms }] = await portal.sql<[{ ms: number }]>`
      select extract(epoch from failed_at - created_at)::float8 * 1000 as ms from notifications.mail_outbox where id = ${failed.id}`
    expect(ms).toBeGreaterThanOrEqual(400 + 800 + 1600 + 3200)

    // 2. A mail that is still being retried when the server comes back (3 attempts and 5.6 s left): it arrives, once.
    const late = address('late')
    await portal.bus.publish([
      mailEvent({ to: late, name: 'L', template: 'device-otp', locale: 'en', params: { code: '246810' } }),
    ])
    await waitFor(async () => ((await outboxTo(portal, late))?.attempts ?? 0) >= 2, 30_000, 'two failed attempts')
    expect(await outboxTo(portal, late)).toMatchObject({ status: 'pending' })
    mailpit = await startTestMailpit({ smtpPort })
    const arrived = await nextMessage(mailpit.apiUrl, late)
    expect(arrived.Text).toContain('246810')
    const sent = await waitFor(
      async () => {
        const r = await outboxTo(portal, late)
        return r?.status === 'sent' ? r : null
      },
      10_000,
      'the late mail recorded as sent',
    )
    expect(sent.attempts).toBeGreaterThanOrEqual(3)
    expect(`<${arrived.MessageID}>`).toBe(sent.messageId)
    expect(await messagesTo(mailpit.apiUrl, lost)).toEqual([])

    // 3. Staff see the failed mail and send it again; others may not.
    const staff = await signInThroughMail(portal, mailpit, 'admin1')
    const buyer = await signInThroughMail(portal, mailpit, 'buyer1')
    expect((await portal.call('notifications/mail/failed', {}, buyer)).body.code).toBe('E_FORBIDDEN')
    expect((await portal.call('notifications/mail/retry', { ids: [failed.id] }, buyer)).body.code).toBe('E_FORBIDDEN')
    expect((await portal.call('notifications/mail/failed', {})).status).toBe(401)
    const list = await portal.call('notifications/mail/failed', { page: 1, limit: 50 }, staff)
    expect(list.body.code).toBe('OK')
    expect(list.body.data.list).toEqual([
      expect.objectContaining({
        id: failed.id,
        to: lost,
        template: 'password-changed',
        language: 'fr',
        attempts: 5,
        messageId: failed.messageId,
      }),
    ])
    expect(list.body.data.list[0]).not.toHaveProperty('text')
    expect(list.body.data.count).toBe(1)
    const retried = await portal.call('notifications/mail/retry', { ids: [failed.id, randomUUID()] }, staff)
    expect(retried.body).toMatchObject({ code: 'OK', data: { retried: [failed.id] } })
    const again = await nextMessage(mailpit.apiUrl, lost)
    expect(again.Subject).toBe('Votre mot de passe a été modifié | Portail Diamant')
    expect(`<${again.MessageID}>`).toBe(failed.messageId)
    await waitFor(
      async () => (await outboxTo(portal, lost))?.status === 'sent',
      10_000,
      'the retried mail recorded as sent',
    )
    expect((await portal.call('notifications/mail/failed', {}, staff)).body.data).toEqual({ list: [], count: 0 })
  })
})

describe('the mail outbox without SMTP', () => {
  let portal: TestPortal

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 1, env: { DEMO_DATA: 'false' } })
  })
  afterAll(() => portal?.close())

  it('keeps every mail until SMTP is configured, and senders side by side never claim the same mail', async () => {
    const tag = randomUUID().slice(0, 8)
    const tos = Array.from({ length: 40 }, (_, i) => `kept${i}.${tag}@example.com`)
    await portal.bus.publish(
      tos.map((to) => mailEvent({ to, name: '', template: 'password-changed', locale: 'en', params: {} })),
    )
    await waitFor(
      async () => {
        const [{ n }] = await portal.sql<
          [{ n: number }]
        >`select count(*)::int as n from notifications.mail_outbox where status = 'pending' and "to" like ${`%.${tag}@example.com`}`
        return n === tos.length
      },
      15_000,
      'every mail queued',
    )
    // Four senders (separate connections) claim at once: each mail goes to exactly one of them.
    const senders = Array.from({ length: 4 }, () => postgres(portal.databaseUrl, { max: 1, onnotice: () => {} }))
    try {
      const claims = await Promise.all(senders.map((sql) => claimDue(sql, 15, 60_000)))
      const ids = claims
        .flat()
        .filter((r) => r.to.endsWith(`.${tag}@example.com`))
        .map((r) => r.id)
      expect(ids).toHaveLength(tos.length)
      expect(new Set(ids).size).toBe(tos.length)
      // Claimed mails are leased: nobody claims them again until the lease is over.
      expect((await claimDue(senders[0]!, 100, 60_000)).filter((r) => r.to.endsWith(`.${tag}@example.com`))).toEqual([])
      const rows = await portal.sql<
        { attempts: number }[]
      >`select attempts from notifications.mail_outbox where "to" like ${`%.${tag}@example.com`}`
      expect(rows.every((r) => r.attempts === 1)).toBe(true)
    } finally {
      await Promise.all(senders.map((sql) => sql.end()))
    }
  })
})

describe('the mail sender at rest', () => {
  let portal: TestPortal

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 1, env: { DEMO_DATA: 'false', ...NO_DIGESTS } })
  })
  afterAll(() => portal?.close())

  it('gives the sender nothing to wait for when nothing is queued (not 0), and a queued or leased mail its due time', async () => {
    const [{ n }] = await portal.sql<
      [{ n: number }]
    >`select count(*)::int as n from notifications.mail_outbox where status = 'pending'`
    expect(n).toBe(0)
    // Nothing pending: nothing to wait for (it answered 0, and the sender looked again at once).
    expect(await nextDueInMs(portal.sql)).toBeNull()
    const to = address('rest')
    await portal.bus.publish([mailEvent({ to, name: '', template: 'password-changed', locale: 'en', params: {} })])
    await waitFor(async () => (await outboxTo(portal, to)) !== null, 10_000, 'the mail queued')
    expect(await nextDueInMs(portal.sql)).toBe(0)
    // Claimed with a lease of a minute: due again when the lease ends, not before.
    expect((await claimDue(portal.sql, 10, 60_000)).map((r) => r.to)).toEqual([to])
    const wait = await nextDueInMs(portal.sql)
    expect(wait).toBeGreaterThan(50_000)
    expect(wait).toBeLessThanOrEqual(60_000)
  })
})

describe('stopping the mail sender', () => {
  let portal: TestPortal

  beforeAll(async () => {
    portal = await startTestPortal({ stones: 1, env: { DEMO_DATA: 'false' } })
  })
  afterAll(() => portal?.close())

  it('does not wait for a hung SMTP server: the cut-off mail stays pending, to be sent again', async () => {
    // A server that accepts connections and never says a word.
    const sockets: Socket[] = []
    const hung = createServer((s) => sockets.push(s))
    await new Promise<void>((r) => hung.listen(0, '127.0.0.1', r))
    const port = (hung.address() as { port: number }).port
    const database = createDatabase(portal.databaseUrl, 'notifications', { max: 2 })
    const logs: unknown[] = []
    const log = { warn: (o: unknown) => logs.push(o), error: (o: unknown) => logs.push(o) } as never
    const sender = new MailSender(
      database,
      new SmtpTransport(`smtp://127.0.0.1:${port}`, 'no-reply@example.com', undefined),
      { attempts: 3, retryMs: 1000, log },
    )
    try {
      const to = address('hung')
      await portal.bus.publish([
        mailEvent({ to, name: '', template: 'device-otp', locale: 'en', params: { code: '135790' } }),
      ])
      await waitFor(async () => (await outboxTo(portal, to)) !== null, 10_000, 'the mail queued')
      await sender.start()
      await waitFor(async () => (await outboxTo(portal, to))?.attempts === 1, 10_000, 'the mail claimed')
      await waitFor(() => sockets.length > 0, 10_000, 'the SMTP connection')
      const stopping = Date.now()
      await sender.stop(1000)
      expect(Date.now() - stopping).toBeLessThan(5000) // nodemailer alone would wait 10 s for the greeting
      // Neither sent nor failed: due again when its lease ends (or sooner, if the cut-off send was recorded as a failed attempt).
      expect(await outboxTo(portal, to)).toMatchObject({ status: 'pending', attempts: 1 })
    } finally {
      for (const s of sockets) s.destroy()
      hung.close()
      await database.end()
    }
  })
})
