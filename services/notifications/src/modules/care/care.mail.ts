import { mailHtml } from '../mail/mail.html'
import { fill, type RenderedMail } from '../mail/mail.templates'
import { MAIL_TEXTS, type MailLanguage } from '../mail/mail.texts'
import { CONTACT_MAIL_TEXTS } from './care.texts'

export interface ContactMail {
  to: string
  language: MailLanguage
  name: string
  email: string
  subject: string
  message: string
  username: string | null
}

/** The sales team's mail for a contact-form message: plain text and escaped HTML, one-line subject. Pure. */
export function renderContactMail(c: ContactMail, opts: { baseUrl: string }): RenderedMail {
  const texts = CONTACT_MAIL_TEXTS[c.language]
  const common = MAIL_TEXTS[c.language]
  const values = {
    name: c.name.trim(),
    email: c.email.trim(),
    subject: c.subject.trim(),
    message: c.message.trim(),
    signedIn: c.username ? fill(texts.signedIn, { username: c.username }) : '',
  }
  const subject = `${fill(texts.subject, values)} | ${common.brand}`.replace(/[\r\n]+/g, ' ')
  const body = fill(texts.body, values)
  const baseUrl = opts.baseUrl.replace(/\/+$/, '')
  return {
    to: c.to,
    subject,
    text: `${texts.greeting}\n\n${body}\n\n${common.signature}\n${baseUrl}\n`,
    html: mailHtml({
      language: c.language,
      subject,
      brand: common.brand,
      baseUrl,
      greeting: texts.greeting,
      body,
      signature: common.signature,
    }),
    template: 'contact-message',
    language: c.language,
  }
}
