import { MASTERS } from '@diamond/contracts/masters'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../../components/Dialog'
import { codeText } from '../../../lib/i18n'
import { updateStone, type SellerStone, type StoneEdit } from '../api/inventory'

const GRADES = [
  ['color', 'COLOR'],
  ['clarity', 'CLARITY'],
  ['cut', 'CUT'],
  ['polish', 'POLISH'],
  ['symmetry', 'SYMMETRY'],
] as const

/** Edits one stone's grades and price: the discount against Rap, or the price per carat. */
export function EditStoneDialog({
  stone,
  onClose,
  onSaved,
}: {
  stone: SellerStone
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const [draft, setDraft] = useState({
    back: String(stone.back ?? ''),
    pricePerCarat: String(stone.pricePerCarat ?? ''),
    color: stone.color,
    clarity: stone.clarity,
    cut: stone.cut,
    polish: stone.polish,
    symmetry: stone.symmetry,
  })
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const num = (v: string) => (v.trim() === '' ? undefined : Number(v))
  const bad = (v: string) => v.trim() !== '' && !Number.isFinite(Number(v))

  async function save() {
    if (bad(draft.back) || bad(draft.pricePerCarat)) return setError(t('inventory.manage.badNumber'))
    const edit: StoneEdit = { id: stone.id, color: draft.color, clarity: draft.clarity, cut: draft.cut }
    edit.polish = draft.polish
    edit.symmetry = draft.symmetry
    // Only the price the seller changed is sent: the other follows from it on the server.
    if (draft.back !== String(stone.back ?? '')) edit.back = num(draft.back)
    else if (draft.pricePerCarat !== String(stone.pricePerCarat ?? '')) edit.pricePerCarat = num(draft.pricePerCarat)
    setBusy(true)
    const r = await updateStone(edit)
    setBusy(false)
    if (r.error) setError(codeText(r.error.code, r.error.message))
    else onSaved()
  }

  return (
    <Dialog
      open
      title={t('inventory.manage.editStone', { stoneId: stone.stoneId })}
      onDismiss={onClose}
      testId="inv-edit-dialog"
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            {t('inventory.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => void save()}
            data-testid="inv-edit-save"
          >
            {t('inventory.save')}
          </button>
        </>
      }
    >
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-back`}>{t('inventory.field.back')}</label>
          <input
            id={`${id}-back`}
            inputMode="decimal"
            value={draft.back}
            onChange={(e) => setDraft({ ...draft, back: e.currentTarget.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-ppc`}>{t('inventory.field.pricePerCarat')}</label>
          <input
            id={`${id}-ppc`}
            inputMode="decimal"
            value={draft.pricePerCarat}
            onChange={(e) => setDraft({ ...draft, pricePerCarat: e.currentTarget.value })}
          />
        </div>
        {GRADES.map(([field, master]) => (
          <div className="field" key={field}>
            <label htmlFor={`${id}-${field}`}>{t(`inventory.field.${field}`)}</label>
            <select
              id={`${id}-${field}`}
              value={draft[field]}
              onChange={(e) => setDraft({ ...draft, [field]: e.currentTarget.value })}
            >
              {!(MASTERS[master] as readonly string[]).includes(draft[field]) && (
                <option value={draft[field]}>{draft[field] || '-'}</option>
              )}
              {MASTERS[master].map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {error && (
        <p className="dialog-note dialog-note--error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  )
}
