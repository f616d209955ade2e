import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPortal, type TestPortal } from '../../../test/portal'
import { nextMessage, startTestMailpit, type Mailpit } from '../../../test/mailpit'

const SALES = 'sales-desk@portal.example.test'

describe('the contact form through a real SMTP server (Mailpit)', () => {
  let mailpit: Mailpit
  let portal: TestPortal

  beforeAll(async () => {
    mailpit = await startTestMailpit()
    portal = await startTestPortal({
      stones: 1,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${mailpit.smtpPort}`,
        PUBLIC_URL: 'https://portal.example.test',
        NOTIFICATIONS_SALES_MAIL: SALES,
        NOTIFICATIONS_SALES_LANGUAGE: 'de',
        AUTH_DIGESTS: 'false',
      },
    })
  })
  afterAll(async () => {
    await portal?.close()
    await mailpit?.stop()
  })

  it('mails a signed-out visitor’s message to the sales desk, in its language, the visitor’s words escaped in the HTML', async () => {
    const email = `visitor.${randomBytes(3).toString('hex')}@example.com`
    const r = await portal.call(
      'contact/create',
      {
        name: 'Ana <b>Ruiz</b>',
        email,
        subject: 'Melee nach Madrid',
        message: 'Liefern Sie nach Madrid? <script>alert(1)</script>',
      },
      undefined,
      { 'x-forwarded-for': `10.${[...randomBytes(3)].join('.')}` },
    )
    expect(r.body.code).toBe('OK')
    const mail = await nextMessage(mailpit.apiUrl, SALES)
    expect(mail.Subject).toBe('Kontaktformular: Melee nach Madrid | Diamantportal')
    expect(mail.Text).toContain(`Von: Ana <b>Ruiz</b> <${email}>`)
    expect(mail.Text).toContain('Liefern Sie nach Madrid?')
    expect(mail.HTML).not.toContain('<script>')
    expect(mail.HTML).toContain('&lt;script&gt;')
  })
})
