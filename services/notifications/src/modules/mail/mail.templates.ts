import type { MailRequested, MailTemplate } from '@diamond/contracts/events/auth'
import { appointmentIcs } from '../appointments/appointments.ics'
import { APPOINTMENT_TEMPLATES, APPOINTMENT_TEXTS, type AppointmentTemplate } from '../appointments/appointments.texts'
import { APPOINTMENT_PARAMS, appointmentValues } from '../appointments/appointments.mail'
import { mailHtml } from './mail.html'
import { MAIL_LANGUAGES, MAIL_TEXTS, type MailLanguage } from './mail.texts'
import { SHIPMENT_TEMPLATES, SHIPMENT_TEXTS, type ShipmentTemplate } from './shipment.texts'

/**
 * The params each template uses, as the auth service sends them (`requestMail`). Links are paths of
 * the web app ('/reset-password/<token>'); they are made absolute with the public base URL.
 * `username` falls back to the recipient's address, which is a valid login ID too. `minutes` or
 * `hours` (a whole number) say how long a link or code stays valid; without them the mail says
 * only that it expires shortly. `note` is what the reviewer wrote with a rejection, if anything.
 */
export const TEMPLATE_PARAMS: Record<MailTemplate, readonly string[]> = {
  'verify-email': ['link', 'hours'],
  'device-otp': ['code', 'minutes'],
  'reset-password': ['link', 'minutes'],
  'password-changed': [],
  'registration-received': ['username'],
  'user-invited': ['username', 'link'],
  'account-approved': ['username', 'link'],
  'account-rejected': ['note'],
  'reminder-due': ['stone', 'remarks', 'link'],
  'ftp-fetched': ['files', 'added', 'updated', 'deleted', 'invalid', 'link'],
  'ftp-failed': ['host', 'error', 'link'],
  // Appointments: the mail's words and its .ics come from the same params (appointments.rules.ts mailParams).
  'appointment-booked': APPOINTMENT_PARAMS,
  'appointment-updated': APPOINTMENT_PARAMS,
  'appointment-cancelled': APPOINTMENT_PARAMS,
  'appointment-reminder': APPOINTMENT_PARAMS,
  'shipment-updated': ['orderNo', 'status', 'carrier', 'trackingNo', 'trackingUrl', 'link'],
}

export interface RenderedMail {
  to: string
  subject: string
  /** The plain-text part; it ends with the portal's address. */
  text: string
  /** The HTML part: the same words, escaped, in the language's direction (see mail.html.ts). */
  html: string
  /** What the mail is (an auth mail's template, the stock digest, or a contact-form message to the sales team). */
  template: MailTemplate | 'stock-digest' | 'contact-message'
  language: MailLanguage
  /** A stored file sent with the mail (a digest's Excel file, notifications.digest_files). */
  attachmentKey?: string
  /** An iCalendar file sent with the mail (an appointment's invitation, update or cancel). */
  ics?: string
}

const isAppointment = (t: MailTemplate): t is AppointmentTemplate =>
  (APPOINTMENT_TEMPLATES as readonly string[]).includes(t)

const isShipment = (t: MailTemplate): t is ShipmentTemplate => (SHIPMENT_TEMPLATES as readonly string[]).includes(t)

/** A template's subject and body in a language (the appointment and shipment mails' live beside them). */
export const templateText = (language: MailLanguage, template: MailTemplate): { subject: string; body: string } =>
  isAppointment(template)
    ? APPOINTMENT_TEXTS[language].templates[template]
    : isShipment(template)
      ? SHIPMENT_TEXTS[language].template
      : MAIL_TEXTS[language].templates[template]

/** A shipment mail's step in words and, once shipped, its tracking paragraph (empty without a number). */
function shipmentValues(language: MailLanguage, params: Record<string, string>): Record<string, string> {
  const texts = SHIPMENT_TEXTS[language]
  const status = params.status as keyof typeof texts.steps
  const step = Object.hasOwn(texts.steps, status) ? texts.steps[status] : ''
  const tracking =
    params.trackingNo && params.carrier
      ? fill(texts.tracking, {
          carrier: params.carrier,
          trackingNo: params.trackingNo,
          trackingUrl: params.trackingUrl ?? '',
        })
      : ''
  return { step, tracking }
}

/** 'fr', 'fr-CA', 'zh_Hans', 'HE' -> the language; anything else -> English. */
export function mailLanguage(locale: string): MailLanguage {
  const primary = locale.trim().toLowerCase().split(/[-_]/)[0] ?? ''
  return (MAIL_LANGUAGES as readonly string[]).includes(primary) ? (primary as MailLanguage) : 'en'
}

/** A path of the web app becomes a full address; anything else (codes, names, full URLs) is kept. */
export function absolutise(value: string, baseUrl: string): string {
  return value.startsWith('/') && !value.startsWith('//') ? baseUrl.replace(/\/+$/, '') + value : value
}

/** What the validity sentence of a template speaks of, if it has one. */
const EXPIRING: Partial<Record<MailTemplate, 'link' | 'code'>> = {
  'verify-email': 'link',
  'reset-password': 'link',
  'device-otp': 'code',
}

/** "10 minutes", "48 Stunden", "10分", "10 دقائق": the unit word agrees with the number. */
export function duration(language: MailLanguage, n: number, unit: 'minute' | 'hour'): string {
  const texts = MAIL_TEXTS[language]
  const words = texts.units[unit]
  const word = words[new Intl.PluralRules(language).select(n)] ?? words.other
  return `${n}${texts.unitSpace ? ' ' : ''}${word}`
}

function expirySentence(language: MailLanguage, template: MailTemplate, params: Record<string, string>): string {
  const what = EXPIRING[template]
  if (!what) return ''
  const texts = MAIL_TEXTS[language].expiry
  const whole = (v: string | undefined) => (v && /^[1-9][0-9]{0,4}$/.test(v) ? Number(v) : null)
  const minutes = whole(params.minutes)
  const hours = whole(params.hours)
  const span = hours ? duration(language, hours, 'hour') : minutes ? duration(language, minutes, 'minute') : null
  if (!span) return what === 'link' ? texts.link : texts.code
  return fill(what === 'link' ? texts.linkFor : texts.codeFor, { duration: span })
}

/** Missing params become empty text: a mail is never sent with a raw {{placeholder}} in it. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '')
}

/** Subject, plain text and HTML of a requested mail, in its language. Pure: same input, same mail. */
export function renderMail(mail: MailRequested, opts: { baseUrl: string }): RenderedMail {
  const language = mailLanguage(mail.locale)
  const texts = MAIL_TEXTS[language]
  const appointment = isAppointment(mail.template) ? appointmentValues(language, mail.params) : null
  const template = templateText(language, mail.template)
  const params: Record<string, string> = {}
  for (const [k, v] of Object.entries(mail.params)) params[k] = absolutise(v.trim(), opts.baseUrl)
  // A rejection's note and a reminder's remarks are people's own words: shown as written, never made into links.
  const note = mail.params.note?.trim()
  const remarks = mail.params.remarks?.trim()
  const baseUrl = opts.baseUrl.replace(/\/+$/, '')
  const values: Record<string, string> = {
    username: mail.to,
    ...params,
    name: mail.name.trim(),
    brand: texts.brand,
    baseUrl,
    expiry: expirySentence(language, mail.template, params),
    reason: note ? `${fill(texts.rejectionNote, { note })}\n\n` : '',
    remarks: remarks ? `${remarks}\n\n` : '',
    ...appointment?.values,
    ...(isShipment(mail.template) ? shipmentValues(language, params) : {}),
  }
  const greeting = values.name ? fill(texts.hello, { name: values.name }) : texts.helloNoName
  // One line only: a subject is a mail header.
  const subject = `${fill(template.subject, values)} | ${texts.brand}`.replace(/[\r\n]+/g, ' ')
  const body = fill(template.body, values)
  return {
    to: mail.to,
    subject,
    text: `${greeting}\n\n${body}\n\n${texts.signature}\n${baseUrl}\n`,
    html: mailHtml({
      language,
      subject,
      brand: texts.brand,
      baseUrl: baseUrl,
      greeting,
      body,
      signature: texts.signature,
      ...(mail.template === 'device-otp' && params.code ? { code: params.code } : {}),
    }),
    template: mail.template,
    language,
    ...(appointment?.ics ? { ics: appointmentIcs({ ...appointment.ics, summary: subject.split(' | ')[0]! }) } : {}),
  }
}

/** For logs: "b***@example.com", never the whole address. */
export function maskAddress(to: string): string {
  const at = to.lastIndexOf('@')
  if (at < 1) return '***'
  return `${to[0]}***${to.slice(at)}`
}
