import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { codeText } from '../../../lib/i18n'
import { UPLOAD_ACCEPT } from '../../../lib/upload'
import { chooseFile, register, SLOT_FIELD, type DocSlot } from '../stores/register'
import { FieldFrame, inputId } from './RegisterField'
import './register.css'
import { FileInput } from '../../../components/FileInput'

/** One document: picked, checked in the browser, sent at once with a progress bar. */
export function DocumentUpload({ slot, hint }: { slot: DocSlot; hint?: string }) {
  const { t } = useTranslation()
  const { uploads, values, errors } = useSnapshot(register)
  const u = uploads[slot]
  const field = SLOT_FIELD[slot]
  const done = !!values[field] && !u.uploading
  const percent = Math.round(u.progress * 100)
  const problem =
    u.problem === 'failed'
      ? codeText(u.error?.code ?? '', u.error?.message ?? '', 'register.files.failed')
      : u.problem
        ? t(`register.files.${u.problem}`)
        : null
  return (
    <FieldFrame field={field} hint={hint ?? t('register.hints.files')}>
      <div
        className={`reg-upload${problem ? ' reg-upload--error' : ''}`}
        data-testid={`reg-upload-${slot}`}
        data-state={u.uploading ? 'uploading' : done ? 'done' : problem ? 'error' : 'empty'}
      >
        <FileInput
          id={inputId(field)}
          data-testid={`reg-file-${slot}`}
          accept={UPLOAD_ACCEPT}
          chosen={u.name}
          aria-invalid={!!errors[field] || !!problem || undefined}
          aria-describedby={[
            `${inputId(field)}-help`,
            problem && `${inputId(field)}-problem`,
            errors[field] && `${inputId(field)}-error`,
          ]
            .filter(Boolean)
            .join(' ')}
          onChange={(e) => {
            void chooseFile(slot, e.target.files?.[0] ?? null)
          }}
        />
        {u.name && (
          <div className="reg-upload-status">
            {u.uploading && (
              <>
                <progress
                  className="upload-progress"
                  max={100}
                  value={percent}
                  aria-label={t('register.files.progress')}
                  data-testid={`reg-progress-${slot}`}
                />
                <span className="reg-upload-percent">{t('register.files.uploading', { percent })}</span>
              </>
            )}
            {done && <span className="reg-upload-done">{t('register.files.uploaded')}</span>}
          </div>
        )}
        {problem && (
          <p
            className="field-error"
            role="alert"
            id={`${inputId(field)}-problem`}
            data-testid={`reg-upload-error-${slot}`}
          >
            {problem}
          </p>
        )}
      </div>
    </FieldFrame>
  )
}
