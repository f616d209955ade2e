import type { Registration } from '@diamond/contracts/http/approvals'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot, type Snapshot } from 'valtio'
import { confirm } from '../../../lib/confirm'
import { fmtDateTime, fmtText } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { allowed, session } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { decide, registrations } from '../stores/registrations'
import { addressLines, fullName } from '../stores/registrations.rules'
import { DocumentList } from './DocumentList'
import { RejectDialog } from './RejectDialog'

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="reg-review-fact">
      <dt>{label}</dt>
      <dd dir="auto" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

/** One registration: who, their company, contact, office address and documents, and the decision. */
export function RegistrationCard({ registration: r }: { registration: Snapshot<Registration> }) {
  const { t, i18n } = useTranslation()
  const { deciding } = useSnapshot(registrations)
  const { userPermissions } = useSnapshot(session)
  // Reviewing needs view on registrations, deciding needs all (the server checks both again).
  const mayDecide = allowed(userPermissions, 'registrations', 'all')
  const [rejecting, setRejecting] = useState(false)
  const name = fullName(r) || r.username
  const busy = deciding !== null
  const pending = r.approvalStatus === 1

  async function approve() {
    if (!(await confirm('approvals.confirmApprove'))) return
    const error = await decide(r, 2)
    showToast(error ? codeText(error.code, error.message) : t('approvals.approved'), error ? 'error' : 'success')
  }

  async function reject(note: string) {
    const error = await decide(r, 3, note)
    setRejecting(false)
    showToast(error ? codeText(error.code, error.message) : t('approvals.rejected'), error ? 'error' : 'success')
  }

  const lines = addressLines(r.address)
  const contact = (['mobile', 'telephone', 'whatsapp', 'skype'] as const).filter((k) => r.contact[k].trim())

  return (
    <article
      className="reg-review-card"
      data-testid={`registration-${r.username}`}
      aria-labelledby={`registration-${r.id}-name`}
    >
      <header className="reg-review-head">
        <div className="reg-review-who">
          <h2 className="reg-review-name" id={`registration-${r.id}-name`} dir="auto">
            {name}
          </h2>
          <span className="reg-review-login" dir="ltr">
            {r.username} · {r.email}
          </span>
        </div>
        <div className="reg-review-badges">
          <span className="acct-badge acct-badge--accent">
            {t(`approvals.userTypes.${r.userType}`, { defaultValue: r.userType })}
          </span>
          <span
            className={`acct-badge${r.emailVerified ? ' acct-badge--ok' : ''}`}
            data-testid="registration-email-state"
          >
            {r.emailVerified ? t('approvals.emailVerified') : t('approvals.emailNotVerified')}
          </span>
        </div>
        <span className="reg-review-date">{t('approvals.registeredOn', { date: fmtDateTime(r.createdAt) })}</span>
      </header>

      <div className="reg-review-body">
        <section aria-label={t('approvals.sections.company')}>
          <h3 className="reg-review-subtitle">{t('approvals.sections.company')}</h3>
          <dl className="reg-review-facts">
            <Fact label={t('register.fields.companyName')} testId="registration-company">
              {fmtText(r.companyName)}
            </Fact>
            <Fact label={t('register.fields.businessType')}>
              {r.businessType
                ? t(`register.businessTypes.${r.businessType}`, { defaultValue: r.businessType })
                : fmtText(null)}
            </Fact>
            <Fact label={t('register.fields.designation')}>{fmtText(r.designation)}</Fact>
          </dl>
        </section>

        <section aria-label={t('approvals.sections.contact')}>
          <h3 className="reg-review-subtitle">{t('approvals.sections.contact')}</h3>
          <dl className="reg-review-facts">
            {contact.map((k) => (
              <Fact key={k} label={t(`register.fields.${k}`)}>
                <span dir="ltr">{r.contact[k]}</span>
              </Fact>
            ))}
            {contact.length === 0 && <Fact label={t('register.fields.mobile')}>{fmtText(null)}</Fact>}
          </dl>
        </section>

        <section aria-label={t('approvals.sections.address')}>
          <h3 className="reg-review-subtitle">{t('approvals.sections.address')}</h3>
          {lines.length ? (
            <address className="reg-review-address" dir="auto">
              {lines.map((l, i) => (
                <span key={i}>{l}</span>
              ))}
            </address>
          ) : (
            <p className="acct-note">{fmtText(null)}</p>
          )}
        </section>

        <section aria-label={t('approvals.sections.documents')}>
          <h3 className="reg-review-subtitle">{t('approvals.sections.documents')}</h3>
          <dl className="reg-review-facts">
            <Fact label={t('register.fields.documentType')}>
              {r.documentType
                ? t(`register.documentTypes.${r.documentType}`, { defaultValue: r.documentType })
                : fmtText(null)}
            </Fact>
          </dl>
          <DocumentList files={r.files} locale={i18n.language} />
        </section>
      </div>

      {(pending ? mayDecide : r.decidedAt || r.note) && (
        <footer className="reg-review-foot">
          {pending ? (
            <div className="reg-review-actions">
              <button
                type="button"
                className="btn btn--primary"
                data-testid={`registration-approve-${r.username}`}
                disabled={busy}
                onClick={() => void approve()}
              >
                {t('approvals.approve')}
              </button>
              <button
                type="button"
                className="btn acct-danger"
                data-testid={`registration-reject-${r.username}`}
                disabled={busy}
                onClick={() => setRejecting(true)}
              >
                {t('approvals.reject')}
              </button>
            </div>
          ) : (
            <div className="reg-review-decision" data-testid="registration-decision">
              {r.decidedAt && (
                <p>
                  {r.decidedBy
                    ? t('approvals.decidedBy', { name: r.decidedBy, date: fmtDateTime(r.decidedAt) })
                    : t('approvals.decidedOn', { date: fmtDateTime(r.decidedAt) })}
                </p>
              )}
              {r.note && (
                <p className="reg-review-note" dir="auto">
                  {t('approvals.noteGiven', { note: r.note })}
                </p>
              )}
            </div>
          )}
        </footer>
      )}
      {rejecting && (
        <RejectDialog
          name={name}
          busy={busy}
          onCancel={() => setRejecting(false)}
          onReject={(note) => void reject(note)}
        />
      )}
    </article>
  )
}
