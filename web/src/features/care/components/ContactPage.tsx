import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX } from '@diamond/contracts/http/care.values'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { FormField, fieldProps } from '../../../components/FormField'
import type { ApiError } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'
import { session } from '../../../lib/session'
import { sendContact } from '../api/care'
import './care.css'

/** The contact form: open to everyone; it reaches the sales team as a notice and a mail. */
export function ContactPage() {
  const { t, i18n } = useTranslation()
  const { user } = useSnapshot(session)
  const [name, setName] = useState(user ? `${user.firstName} ${user.lastName}`.trim() : '')
  const [email, setEmail] = useState(user?.email ?? '')
  const [subject, setSubject] = useState('')
  const [message, setMessage] = useState('')
  const [error, setError] = useState<ApiError | null>(null)
  const [sent, setSent] = useState(false)
  const fields = Object.fromEntries(
    ((error?.data as { fields?: { field: string }[] } | undefined)?.fields ?? []).map((f) => [f.field, true]),
  )
  const err = (f: string) => (fields[f] ? t(`care.contact.errors.${f}`) : null)
  const send = async () => {
    const r = await sendContact({ name, email, subject, message, lang: i18n.language })
    setError(r.error)
    if (r.data) setSent(true)
  }
  return (
    <section className="page care-page" aria-labelledby="page-title" data-testid="page-contact">
      <header className="page-head">
        <h1 id="page-title" className="page-title">
          {t('pages.titles.contact')}
        </h1>
      </header>
      <p>{t('care.contact.intro')}</p>
      {sent ? (
        <p className="notice notice--ok" role="status" data-testid="contact-sent">
          {t('care.contact.sent')}
        </p>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            void send()
          }}
        >
          <div className="form-grid">
            <FormField id="contact-name" label={t('care.contact.name')} required error={err('name')}>
              <input
                {...fieldProps('contact-name', { error: err('name'), required: true })}
                autoComplete="name"
                maxLength={CONTACT_NAME_MAX}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            </FormField>
            <FormField id="contact-email" label={t('care.contact.email')} required error={err('email')}>
              <input
                {...fieldProps('contact-email', { error: err('email'), required: true })}
                type="email"
                autoComplete="email"
                dir="ltr"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </FormField>
          </div>
          <FormField id="contact-subject" label={t('care.contact.subject')} required error={err('subject')}>
            <input
              {...fieldProps('contact-subject', { error: err('subject'), required: true })}
              maxLength={CONTACT_SUBJECT_MAX}
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
            />
          </FormField>
          <FormField id="contact-message" label={t('care.contact.message')} required error={err('message')}>
            <textarea
              {...fieldProps('contact-message', { error: err('message'), required: true })}
              className="care-text"
              maxLength={CONTACT_MESSAGE_MAX}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </FormField>
          {error && error.code !== 'E_VALIDATION' && (
            <p className="field-error" role="alert">
              {codeText(error.code, error.message)}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="btn btn--primary" data-testid="contact-send">
              {t('care.contact.send')}
            </button>
          </div>
        </form>
      )}
    </section>
  )
}
