import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../../components/Dialog'
import { FormField, fieldProps } from '../../../components/FormField'
import { codeText } from '../../../lib/i18n'
import { TITLE_MAX, titleError } from '../stores/form.rules'

interface Props {
  initialTitle: string
  onCancel: () => void
  /** Answers the call's error, or null once saved. */
  onSave: (title: string) => Promise<{ code: string; message: string } | null>
}

/** Save search: a title (required, at most 100 characters), then the search is stored under it. */
export function SaveSearchDialog({ initialTitle, onCancel, onSave }: Props) {
  const { t } = useTranslation()
  const [title, setTitle] = useState(initialTitle)
  const [shown, setShown] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const problem = titleError(title)
  const error = shown && problem ? t(`search.save.${problem}`, { max: TITLE_MAX }) : null

  async function save() {
    setShown(true)
    if (problem || busy) return
    setBusy(true)
    const err = await onSave(title)
    setBusy(false)
    if (err) setFailure(codeText(err.code, err.message))
  }

  return (
    <Dialog
      open
      title={t('search.save.title')}
      onDismiss={onCancel}
      testId="save-search-dialog"
      actions={
        <>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="save-search-confirm"
            disabled={busy}
            onClick={() => void save()}
          >
            {t('search.save.submit')}
          </button>
          <button type="button" className="btn" data-testid="save-search-cancel" onClick={onCancel}>
            {t('search.save.cancel')}
          </button>
        </>
      }
    >
      <form
        className="srch-save-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
      >
        <FormField
          id="save-search-title"
          label={t('search.save.label')}
          required
          error={error}
          help={t('search.save.help', { max: TITLE_MAX })}
        >
          <input
            {...fieldProps('save-search-title', { error, help: true, required: true })}
            data-testid="save-search-title"
            autoComplete="off"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            onBlur={() => setShown(true)}
          />
        </FormField>
        {failure && (
          <p className="dialog-note dialog-note--error" role="alert">
            {failure}
          </p>
        )}
      </form>
    </Dialog>
  )
}
