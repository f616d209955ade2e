import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { answerConfirm, confirmation } from '../lib/confirm'
import { Dialog } from './Dialog'

/**
 * Shows the question asked through `confirm(textKey)`; mounted once, beside the toasts. The focus
 * starts on No: an Enter pressed twice, or held, must not answer a purchase or a withdrawal.
 */
export function ConfirmDialog() {
  const { t } = useTranslation()
  const { open } = useSnapshot(confirmation)
  return (
    <Dialog
      open={open !== null}
      onDismiss={() => answerConfirm(false)}
      testId="confirm-dialog"
      actions={
        <>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="confirm-yes"
            onClick={() => answerConfirm(true)}
          >
            {t('common.yes')}
          </button>
          <button
            type="button"
            className="btn"
            data-testid="confirm-no"
            data-autofocus
            onClick={() => answerConfirm(false)}
          >
            {t('common.no')}
          </button>
        </>
      }
    >
      {open && <p data-testid="confirm-text">{t(open.textKey)}</p>}
    </Dialog>
  )
}
