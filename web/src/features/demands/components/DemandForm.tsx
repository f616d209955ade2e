import { DEMAND_DESCRIPTION_MAX, DEMAND_MAX_DAYS, DEMAND_TITLE_MAX } from '@diamond/contracts/http/demands.values'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../../components/Dialog'
import { FormField, fieldProps } from '../../../components/FormField'
import { codeText } from '../../../lib/i18n'
import {
  addDraftCarat,
  daysAfter,
  draftErrors,
  removeDraftCarat,
  toggleDraftChip,
  todayIn,
  type DemandDraft,
  type DraftErrors,
  type DraftField,
} from '../stores/demandForm.rules'
import { saveDemand } from '../stores/demands'
import { DemandCriteria } from './DemandCriteria'

interface Props {
  /** The demand being edited, or null for a new one. */
  id: string | null
  initial: DemandDraft
  onClose: () => void
  onSaved: (added: boolean) => void
}

const LIMITS: Partial<Record<DraftField, number>> = { title: DEMAND_TITLE_MAX, description: DEMAND_DESCRIPTION_MAX }

/** Add or edit a demand: title, description, till date and the criteria. Checked here first, then by the server. */
export function DemandForm({ id, initial, onClose, onSaved }: Props) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<DemandDraft>(() => structuredClone(initial))
  const [shown, setShown] = useState(false)
  const [server, setServer] = useState<DraftErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // The day the form opened, as the server reads a till date (Asia/Kolkata).
  const [today] = useState(() => todayIn(Date.now()))
  const local = draftErrors(draft, today)
  const errors: DraftErrors = shown ? { ...server, ...local } : server
  const message = (f: DraftField) => {
    const e = errors[f]
    if (!e) return null
    // Ours are keys; the server's are its own sentences, quoted.
    return LOCAL_KEYS[e] ? t(`demands.errors.${e}`, { max: LIMITS[f] }) : t('demands.errors.server', { message: e })
  }

  const change = (fn: (d: DemandDraft) => void) =>
    setDraft((cur) => {
      const next = structuredClone(cur)
      fn(next)
      return next
    })

  async function save() {
    setShown(true)
    if (busy || Object.keys(local).length) return
    setBusy(true)
    const r = await saveDemand(draft, id)
    setBusy(false)
    if (r.ok) onSaved(id === null)
    else {
      setServer(r.fields)
      setFailure(Object.keys(r.fields).length ? null : codeText(r.error.code, r.error.message))
    }
  }

  return (
    <Dialog
      open
      title={t(id ? 'demands.form.editTitle' : 'demands.form.newTitle')}
      onDismiss={onClose}
      testId="demand-form"
      actions={
        <>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="demand-save"
            disabled={busy}
            onClick={() => void save()}
          >
            {t('demands.form.save')}
          </button>
          <button type="button" className="btn" data-testid="demand-cancel" onClick={onClose}>
            {t('demands.form.cancel')}
          </button>
        </>
      }
    >
      <form
        className="dem-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
      >
        <FormField id="demand-title" label={t('demands.form.title')} required error={message('title')}>
          <input
            {...fieldProps('demand-title', { error: message('title'), required: true })}
            data-testid="demand-title"
            autoComplete="off"
            maxLength={DEMAND_TITLE_MAX + 20}
            value={draft.title}
            onChange={(e) => change((d) => void (d.title = e.target.value))}
          />
        </FormField>
        <FormField id="demand-description" label={t('demands.form.description')} error={message('description')}>
          <textarea
            {...fieldProps('demand-description', { error: message('description') })}
            data-testid="demand-description"
            rows={3}
            value={draft.description}
            onChange={(e) => change((d) => void (d.description = e.target.value))}
          />
        </FormField>
        <FormField
          id="demand-till"
          label={t('demands.form.tillDate')}
          required
          error={message('tillDate')}
          help={t('demands.form.tillDateHelp')}
        >
          <input
            {...fieldProps('demand-till', { error: message('tillDate'), help: true, required: true })}
            type="date"
            data-testid="demand-till"
            min={today}
            max={daysAfter(today, DEMAND_MAX_DAYS)}
            value={draft.tillDate}
            onChange={(e) => change((d) => void (d.tillDate = e.target.value))}
          />
        </FormField>
        <DemandCriteria
          draft={draft}
          message={message}
          onChip={(key, v) => change((d) => toggleDraftChip(d, key, v))}
          onCarat={(i, end, v) => change((d) => void (d.carats[i]![end] = v))}
          onAddCarat={() => change(addDraftCarat)}
          onRemoveCarat={(i) => change((d) => removeDraftCarat(d, i))}
          onClearRest={() => change((d) => void (d.rest = {}))}
        />
        {failure && (
          <p className="dialog-note dialog-note--error" role="alert" data-testid="demand-failure">
            {failure}
          </p>
        )}
      </form>
    </Dialog>
  )
}

/** The keys draftErrors answers (anything else is the server's own sentence). */
const LOCAL_KEYS: Record<string, true> = {
  titleRequired: true,
  titleTooLong: true,
  descriptionTooLong: true,
  tillDateRequired: true,
  tillDatePast: true,
  tillDateFar: true,
  caratNumber: true,
  caratInverted: true,
  criteriaRequired: true,
}
