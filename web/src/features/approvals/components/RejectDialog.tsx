import { APPROVAL_NOTE_MAX } from '@diamond/contracts/http/approvals.values'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../../components/Dialog'
import { FormField, fieldProps } from '../../../components/FormField'
import { noteTooLong } from '../stores/registrations.rules'

interface Props {
  name: string
  busy: boolean
  onCancel: () => void
  onReject: (note: string) => void
}

/** Asks before rejecting, with an optional note that goes to the applicant in the rejection mail. */
export function RejectDialog({ name, busy, onCancel, onReject }: Props) {
  const { t } = useTranslation()
  const [note, setNote] = useState('')
  const tooLong = noteTooLong(note)
  const error = tooLong ? t('approvals.noteTooLong') : null
  return (
    <Dialog
      open
      title={t('approvals.rejectTitle')}
      onDismiss={onCancel}
      testId="reject-dialog"
      actions={
        <>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="reject-confirm"
            disabled={busy || tooLong}
            onClick={() => onReject(note)}
          >
            {t('approvals.reject')}
          </button>
          <button type="button" className="btn" data-testid="reject-cancel" onClick={onCancel}>
            {t('approvals.cancel')}
          </button>
        </>
      }
    >
      <div className="reg-review-reject">
        <p>{t('approvals.rejectText', { name })}</p>
        <FormField
          id="reject-note"
          label={t('approvals.note')}
          error={error}
          help={t('approvals.noteHint', { max: APPROVAL_NOTE_MAX })}
        >
          <textarea
            {...fieldProps('reject-note', { error, help: true })}
            data-testid="reject-note"
            rows={4}
            maxLength={APPROVAL_NOTE_MAX + 50}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </FormField>
      </div>
    </Dialog>
  )
}
