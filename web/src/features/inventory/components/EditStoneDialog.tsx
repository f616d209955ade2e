import { MASTERS } from '@diamond/contracts/masters'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { Dialog } from '../../../components/Dialog'
import { codeText } from '../../../lib/i18n'
import { updateStone, type SellerStone } from '../api/inventory'
import { reasonKey, type UploadField } from '../stores/inventory.rules'

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
  const bad = (v: string) => v.trim() !== '' && !Number.isFinite(Number(v))

  async function save() {
    if (bad(draft.back) || bad(draft.pricePerCarat)) return setError(t('inventory.manage.badNumber'))
    // Only what the seller changed is sent, as an upload's cells: the server applies the same checks.
    const values: Partial<Record<UploadField, string>> = {}
    for (const [field] of GRADES) if (draft[field] !== stone[field]) values[field] = draft[field]
    // One price: the discount wins when both moved (the other follows from it and the Rap list).
    if (draft.back !== String(stone.back ?? '')) values.back = draft.back.trim()
    else if (draft.pricePerCarat !== String(stone.pricePerCarat ?? ''))
      values.pricePerCarat = draft.pricePerCarat.trim()
    if (!Object.keys(values).length) return onClose()
    setBusy(true)
    const r = await updateStone(stone.id, values)
    setBusy(false)
    if (r.error) setError(editProblem(r.error, t))
    else onSaved()
  }

  return (
    <Dialog
      open
      title={t('inventory.manage.editStone', { stoneId: stone.stockNo })}
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

/**
 * A refused edit in the reader's language: the listing rules' reasons (each field's message is a
 * reason code, as an upload line's) said one by one; any other error by its code.
 */
function editProblem(error: { code: string; message: string; data?: unknown }, t: TFunction): string {
  const fields = (error.data as { fields?: { message?: string }[] } | null | undefined)?.fields ?? []
  const codes = fields.map((f) => f.message ?? '').filter((m) => reasonKey(m).key !== 'inventory.reason.unknown')
  if (error.code !== 'E_VALIDATION' || codes.length === 0) return codeText(error.code, error.message)
  return codes
    .map((c) => {
      const { key, field } = reasonKey(c)
      return t(key, { field: field ? t(`inventory.field.${field}`) : '', code: c })
    })
    .join(' ')
}
