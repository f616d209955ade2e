import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { confirm } from '../../../lib/confirm'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { invalidRowsExcel, saveBlob } from '../api/inventory'
import {
  commitNeedsConfirm,
  fmtBytes,
  INVENTORY_ACCEPT,
  inventoryFileProblem,
  UPLOAD_MODES,
  type UploadMode,
} from '../stores/inventory.rules'
import { commit, remap, sendFile, setMode, startOver, uploadState } from '../stores/upload'
import { DiffView } from './DiffView'
import { ActingFor, InventoryFrame } from './InventoryFrame'
import { MappingTable } from './MappingTable'
import { ReportFigures } from './ReportFigures'
import { FileInput } from '../../../components/FileInput'

/**
 * Upload inventory (spec section 2, issue 23): choose the mode, send the file with its progress,
 * review the mapping and what the upload will do, commit, read the report. Nothing changes in the
 * stock before Commit.
 */
export function UploadPage() {
  return (
    <ActingFor screen="inventoryUpload">
      <UploadScreen />
    </ActingFor>
  )
}

function UploadScreen() {
  const { phase } = useSnapshot(uploadState)
  return (
    <InventoryFrame screen="inventoryUpload">
      {phase === 'idle' || phase === 'sending' || phase === 'reading' ? (
        <UploadForm />
      ) : phase === 'committed' ? (
        <Committed />
      ) : (
        <Preview />
      )}
    </InventoryFrame>
  )
}

function ErrorLine() {
  const { error } = useSnapshot(uploadState)
  if (!error) return null
  return (
    <p className="inv-error" role="alert" data-testid="inv-upload-error">
      {codeText(error.code, error.message)}
    </p>
  )
}

function UploadForm() {
  const { t } = useTranslation()
  const { mode, phase, progress, fileName, fileSize } = useSnapshot(uploadState)
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<'type' | 'empty' | null>(null)
  const fileId = useId()
  const busy = phase !== 'idle'

  function pick(f: File | null) {
    setFile(f)
    setProblem(f ? inventoryFileProblem(f) : null)
  }

  return (
    <form
      className="inv-card inv-upload-form"
      onSubmit={(e) => {
        e.preventDefault()
        if (file && !problem) void sendFile(file)
      }}
    >
      <fieldset className="inv-modes" disabled={busy}>
        <legend>{t('inventory.upload.modeTitle')}</legend>
        {UPLOAD_MODES.map((m: UploadMode) => (
          <label key={m} className={mode === m ? 'inv-mode is-chosen' : 'inv-mode'}>
            <input
              type="radio"
              name="mode"
              value={m}
              checked={mode === m}
              onChange={() => setMode(m)}
              data-testid={`inv-mode-${m}`}
            />
            <span className="inv-mode-text">
              <strong>{t(`inventory.mode.${m}`)}</strong>
              <span>{t(`inventory.mode.${m}Help`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className={problem ? 'field is-invalid' : 'field'}>
        <label htmlFor={fileId}>{t('inventory.upload.file')}</label>
        <FileInput
          id={fileId}
          accept={INVENTORY_ACCEPT}
          disabled={busy}
          onChange={(e) => pick(e.currentTarget.files?.[0] ?? null)}
          data-testid="inv-file"
          aria-describedby={`${fileId}-help`}
        />
        <p className="field-help" id={`${fileId}-help`}>
          {t('inventory.upload.fileHelp')}{' '}
          <Link href="/inventory/instructions">{t('inventory.upload.seeInstructions')}</Link>
        </p>
        {problem && (
          <p className="field-error" role="alert">
            {t(`inventory.upload.problem.${problem}`)}
          </p>
        )}
      </div>
      {busy && (
        <div className="inv-progress" data-testid="inv-progress">
          <progress
            className="upload-progress"
            max={1}
            value={progress}
            aria-label={t('inventory.upload.progress', { name: fileName })}
          />
          <p className="acct-note" aria-live="polite">
            {phase === 'reading'
              ? t('inventory.upload.reading')
              : t('inventory.upload.sending', {
                  percent: Math.round(progress * 100),
                  size: fmtBytes(fileSize),
                })}
          </p>
        </div>
      )}
      <ErrorLine />
      <div className="form-actions">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={busy || !file || !!problem}
          data-testid="inv-upload-send"
        >
          {t('inventory.upload.send')}
        </button>
      </div>
    </form>
  )
}

function Preview() {
  const { t } = useTranslation()
  const { upload, phase, fileName } = useSnapshot(uploadState)
  if (!upload) return null
  const busy = phase !== 'preview'
  const needsConfirm = commitNeedsConfirm(upload.mode, upload.report.deleted)

  async function onCommit() {
    if (needsConfirm && !(await confirm('confirm.deleteStones'))) return
    if (await commit()) showToast(t('inventory.upload.committed'), 'success')
  }
  async function onInvalidExcel(id: string) {
    const r = await invalidRowsExcel(id)
    if (r.error) showToast(codeText(r.error.code, r.error.message), 'error')
    else saveBlob(r.blob, r.name)
  }

  return (
    <div className="inv-preview" data-testid="inv-preview">
      <div className="inv-card inv-preview-head">
        <p>
          <strong>{upload.fileName || fileName}</strong>{' '}
          <span className="acct-badge acct-badge--accent">{t(`inventory.mode.${upload.mode}`)}</span>
        </p>
        <p className="acct-note">{t('inventory.upload.previewNote')}</p>
      </div>
      <MappingTable
        key={upload.id + JSON.stringify(upload.mapping)}
        mapping={upload.mapping}
        busy={busy}
        onSave={(m) => void remap(m)}
      />
      <DiffView upload={upload} />
      <ErrorLine />
      {needsConfirm && (
        <p className="inv-warning" data-testid="inv-delete-warning">
          {t('inventory.upload.replaceWarning', { n: upload.report.deleted })}
        </p>
      )}
      <div className="form-actions inv-actions">
        <button type="button" className="btn" disabled={busy} onClick={startOver}>
          {t('inventory.upload.startOver')}
        </button>
        {upload.report.invalid > 0 && (
          <button
            type="button"
            className="btn"
            onClick={() => void onInvalidExcel(upload.id)}
            data-testid="inv-invalid-excel"
          >
            {t('inventory.upload.invalidExcel')}
          </button>
        )}
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy || upload.report.valid === 0}
          onClick={() => void onCommit()}
          data-testid="inv-commit"
        >
          {phase === 'committing' ? t('inventory.upload.committing') : t('inventory.upload.commit')}
        </button>
      </div>
    </div>
  )
}

function Committed() {
  const { t } = useTranslation()
  const { upload } = useSnapshot(uploadState)
  if (!upload) return null
  return (
    <section className="inv-card" aria-labelledby="inv-report-title" data-testid="inv-report">
      <h2 className="acct-section-title" id="inv-report-title">
        {t('inventory.report.title')}
      </h2>
      <ReportFigures report={upload.report} testId="inv-report-figure" />
      <div className="form-actions inv-actions">
        <button type="button" className="btn" onClick={startOver} data-testid="inv-upload-another">
          {t('inventory.upload.another')}
        </button>
        <Link href="/inventory/diamonds" className="btn btn--primary">
          {t('shell.screens.manageDiamonds')}
        </Link>
      </div>
    </section>
  )
}
