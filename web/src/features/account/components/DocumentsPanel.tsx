import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import type { MyDocuments } from '@diamond/contracts/http/account'
import { api, API_BASE } from '../../../lib/api'
import { fmtDate, fmtWhole } from '../../../lib/format'
import { codeText } from '../../../lib/i18n'
import { useRead } from '../../../lib/useRead'
import { Section } from './Section'
import './account.css'

const readDocuments = () => api<MyDocuments>('account/documents', {})

/** My account → terms and documents: the terms I accepted and the documents I registered with. */
export function DocumentsPanel({ embedded }: { embedded?: boolean }) {
  const { t } = useTranslation()
  const { data, error } = useRead(readDocuments, [])
  return (
    <Section embedded={embedded} title={t('account.sections.documents')} testId="settings-documents">
      {error ? (
        <p className="acct-state acct-state--error" role="alert">
          {codeText(error.code, error.message)}
        </p>
      ) : !data ? (
        <p className="acct-state" role="status">
          {t('common.loading')}
        </p>
      ) : (
        <>
          <p className="acct-intro" data-testid="terms-accepted">
            {data.termsAcceptedAt
              ? t('account.documents.accepted', { date: fmtDate(data.termsAcceptedAt) })
              : t('account.documents.notAccepted')}{' '}
            <Link href="/terms-of-use">{t('account.documents.readTerms')}</Link>
          </p>
          {data.documents.length === 0 ? (
            <p className="acct-state" data-testid="documents-empty">
              {t('account.documents.none')}
            </p>
          ) : (
            <ul className="acct-documents" data-testid="documents">
              {data.documents.map((d) => (
                <li key={d.id} className="acct-document">
                  <span className="acct-document-kind">{t(`account.documents.purpose.${d.purpose}`)}</span>
                  <a href={`${API_BASE}/upload-file/${d.id}`} target="_blank" rel="noreferrer" dir="auto">
                    {d.name}
                  </a>
                  <span className="acct-document-meta">
                    {fmtDate(d.uploadedAt)} · {fmtWhole(Math.ceil(d.size / 1024))} KB
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Section>
  )
}
