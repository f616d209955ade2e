import { useTranslation } from 'react-i18next'

/** An account form's cancel and save buttons (test ids `<name>-cancel` and `<name>-save`). */
export function CancelSave({
  name,
  saving,
  onCancel,
  saveLabel,
}: {
  name: string
  saving: boolean
  onCancel: () => void
  saveLabel?: string
}) {
  const { t } = useTranslation()
  return (
    <div className="form-actions">
      <button type="button" className="btn" data-testid={`${name}-cancel`} onClick={onCancel}>
        {t('account.cancel')}
      </button>
      <button type="submit" className="btn btn--primary" data-testid={`${name}-save`} disabled={saving}>
        {saveLabel ?? t('account.save')}
      </button>
    </div>
  )
}
