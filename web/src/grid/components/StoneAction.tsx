import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { Snapshot } from 'valtio'
import { confirm } from '../../lib/confirm'
import { codeText, fixedText } from '../../lib/i18n'
import { showToast } from '../../lib/toast'
import { hold, release } from '../stores/actions'
import type { StoneEntry } from '../stores/rows'

/**
 * Hold for an available stone, Release for a stone I hold, both only with the hold insert right (a
 * guest sees stock and no changing controls), else nothing. Release asks first (the stone goes back to
 * every buyer).
 */
export function StoneAction(props: { stone: Snapshot<StoneEntry>; canHold: boolean }) {
  const { t } = useTranslation()
  return <StoneActionView t={t} {...props} />
}

/** The action with the caller's `t`: the grid's rows pass theirs rather than each action subscribing to the language. */
export function StoneActionView({
  t,
  stone,
  canHold,
}: {
  t: TFunction
  stone: Snapshot<StoneEntry>
  canHold: boolean
}) {
  async function onHold() {
    const err = await hold(stone.id)
    if (err) showToast(codeText(err.code, err.message), 'error')
    else showToast(t('stones.held', { vStnId: stone.vStnId }), 'success')
  }
  async function onRelease() {
    // A hold is a buyer's claim on a stone others want: letting it go asks first, as the hold list does.
    if (!(await confirm('confirm.releaseHold'))) return
    const err = await release(stone.id)
    if (err) showToast(codeText(err.code, err.message), 'error')
    else showToast(t('stones.released', { vStnId: stone.vStnId }), 'success')
  }

  if (!canHold) return null
  if (stone.heldByMe && stone.availability === 'H') {
    return (
      <button
        type="button"
        className="btn btn--small btn--ghost"
        data-testid={`release-${stone.vStnId}`}
        disabled={stone.pending}
        onClick={() => void onRelease()}
      >
        {fixedText(t, 'stones.release')}
      </button>
    )
  }
  if (stone.availability === 'A') {
    return (
      <button
        type="button"
        className="btn btn--small btn--primary"
        data-testid={`hold-${stone.vStnId}`}
        disabled={stone.pending}
        onClick={() => void onHold()}
      >
        {fixedText(t, 'stones.hold')}
      </button>
    )
  }
  return null
}
