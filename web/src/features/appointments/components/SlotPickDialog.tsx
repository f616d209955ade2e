import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { SlotView } from '@diamond/contracts/http/appointments'
import { Dialog } from '../../../components/Dialog'
import type { ApiError } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { followBoard } from '../stores/live'
import { loadBoard, newBoard } from '../stores/booking'
import { SlotBoard } from './SlotBoard'

/**
 * One slot picked on an office's live board, then acted on (an appointment moved, a viewing request
 * booked). A refusal is told and the board read again (the slot was taken meanwhile, most likely).
 */
export function SlotPickDialog({
  office,
  virtual = false,
  title,
  submitLabel,
  testId,
  submitTestId,
  except,
  onSubmit,
  onClose,
}: {
  office: { id: string; code: string; name: string; timeZone: string }
  virtual?: boolean
  title: string
  submitLabel: string
  testId: string
  submitTestId: string
  /** A slot not to offer (the appointment's own). */
  except?: string
  /** Does the act; its refusal, if any. */
  onSubmit: (slot: SlotView) => Promise<ApiError | null>
  onClose: () => void
}) {
  const { t } = useTranslation()
  const board = useMemo(() => newBoard(office.id, virtual), [office.id, virtual])
  const [slot, setSlot] = useState<SlotView | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => void loadBoard(board), [board])
  useEffect(() => followBoard(board), [board])

  async function submit() {
    if (!slot) return showToast(t('appointments.book.pickSlot'), 'error')
    setBusy(true)
    const error = await onSubmit(slot)
    setBusy(false)
    if (error) {
      showToast(codeText(error.code, error.message), 'error')
      void loadBoard(board, { quiet: true })
    }
  }

  return (
    <Dialog
      open
      title={title}
      onDismiss={onClose}
      testId={testId}
      actions={
        <>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy || !slot}
            onClick={() => void submit()}
            data-testid={submitTestId}
          >
            {submitLabel}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            {t('common.close')}
          </button>
        </>
      }
    >
      <SlotBoard
        board={board}
        timeZone={office.timeZone}
        officeName={t(`appointments.offices.${office.code}`, { defaultValue: office.name })}
        picked={slot?.id ?? null}
        onPick={setSlot}
        except={except}
      />
    </Dialog>
  )
}
