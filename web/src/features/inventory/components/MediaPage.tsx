import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { codeText } from '../../../lib/i18n'
import { uploadMedia, type MediaFileResult, type MediaReport } from '../api/inventory'
import { fmtBytes, fmtDuration, isMediaFile, MEDIA_ACCEPT } from '../stores/inventory.rules'
import { ActingFor, InventoryFrame } from './InventoryFrame'
import { FileInput } from '../../../components/FileInput'

/**
 * Images and certificates (issue 23): photos, videos and certificates, one by one or as a zip, matched
 * to the seller's stones by the stock or certificate number in the file name; the report lists both.
 */
export function MediaPage() {
  return (
    <ActingFor screen="mediaUpload">
      <MediaScreen />
    </ActingFor>
  )
}

function MediaScreen() {
  const { t } = useTranslation()
  const id = useId()
  const [files, setFiles] = useState<File[]>([])
  const [progress, setProgress] = useState<number | null>(null)
  const [report, setReport] = useState<MediaReport | null>(null)
  const [error, setError] = useState('')
  const refused = files.filter((f) => !isMediaFile(f))
  const size = files.reduce((n, f) => n + f.size, 0)

  async function send() {
    setError('')
    setReport(null)
    setProgress(0)
    const r = await uploadMedia(files, setProgress)
    setProgress(null)
    if (r.error) setError(codeText(r.error.code, r.error.message))
    else {
      setReport(r.data)
      setFiles([])
    }
  }

  return (
    <InventoryFrame screen="mediaUpload">
      <p className="acct-note">{t('inventory.media.intro')}</p>
      <form
        className="inv-card"
        onSubmit={(e) => {
          e.preventDefault()
          if (files.length && !refused.length) void send()
        }}
      >
        <div className={refused.length ? 'field is-invalid' : 'field'}>
          <label htmlFor={id}>{t('inventory.media.files')}</label>
          <FileInput
            id={id}
            multiple
            accept={MEDIA_ACCEPT}
            disabled={progress !== null}
            onChange={(e) => setFiles([...(e.currentTarget.files ?? [])])}
            data-testid="inv-media-files"
          />
          <p className="field-help">{t('inventory.media.help')}</p>
          {refused.length > 0 && (
            <p className="field-error" role="alert">
              {t('inventory.media.refused', { names: refused.map((f) => f.name).join(', ') })}
            </p>
          )}
        </div>
        {files.length > 0 && (
          <p className="acct-note">{t('inventory.media.chosen', { n: files.length, size: fmtBytes(size) })}</p>
        )}
        {progress !== null && (
          <div className="inv-progress">
            <progress className="upload-progress" max={1} value={progress} aria-label={t('inventory.media.sending')} />
            <p className="acct-note" aria-live="polite">
              {progress >= 1
                ? t('inventory.media.matching')
                : t('inventory.upload.sending', { percent: Math.round(progress * 100), size: fmtBytes(size) })}
            </p>
          </div>
        )}
        {error && (
          <p className="inv-error" role="alert">
            {error}
          </p>
        )}
        <div className="form-actions">
          <button
            type="submit"
            className="btn btn--primary"
            disabled={!files.length || refused.length > 0 || progress !== null}
            data-testid="inv-media-send"
          >
            {t('inventory.upload.send')}
          </button>
        </div>
      </form>
      {report && (
        <section className="inv-card" aria-labelledby={`${id}-report`} data-testid="inv-media-report">
          <h2 className="acct-section-title" id={`${id}-report`}>
            {t('inventory.media.report', { matched: report.matched, unmatched: report.unmatched })}
          </h2>
          <p className="acct-note">{fmtDuration(report.durationMs)}</p>
          <MediaList title={t('inventory.media.unmatched')} list={report.files.filter((f) => !f.ok)} matched={false} />
          <MediaList title={t('inventory.media.matched')} list={report.files.filter((f) => f.ok)} matched />
        </section>
      )}
    </InventoryFrame>
  )
}

function MediaList({ title, list, matched }: { title: string; list: MediaFileResult[]; matched: boolean }) {
  const { t } = useTranslation()
  if (!list.length) return null
  return (
    <>
      <h3 className="inv-subtitle">
        {title} ({list.length})
      </h3>
      <ul className="inv-rows">
        {list.map((m) => (
          <li key={m.file} className="inv-row">
            <div className="inv-row-head">
              <bdi className="inv-stock-no">{m.file}</bdi>
              {matched && m.vStnId && <span>{t('inventory.media.to', { stoneId: m.vStnId })}</span>}
              {m.kind && <span className="acct-badge">{t(`inventory.media.kind.${m.kind}`)}</span>}
              {!matched && (
                <span className="srch-muted">
                  {t(`inventory.media.why.${m.reason ?? 'noStone'}`, {
                    defaultValue: t('inventory.media.why.noStone'),
                  })}
                </span>
              )}
            </div>
          </li>
        ))}
      </ul>
    </>
  )
}
