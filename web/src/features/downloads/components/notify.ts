import type { TFunction } from 'i18next'
import type { ApiError } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'

/** Tells the user how a download ended: saved, cancelled, or the refusal's translated text. */
export function notifyDownload(t: TFunction, r: { error: ApiError | null; name?: string }): void {
  if (!r.error) showToast(t('downloads.saved', { name: r.name ?? '' }), 'success')
  else if (r.error.code === 'E_ABORTED') showToast(t('downloads.cancelled'), 'info')
  else if (r.error.code === 'E_BUSY') showToast(t('downloads.busy'), 'info')
  else showToast(t('downloads.failed', { reason: codeText(r.error.code, r.error.message) }), 'error')
}
