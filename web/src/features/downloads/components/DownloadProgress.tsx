import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { formatBytes, percentOf } from '../stores/download.rules'
import { cancelDownload, downloads, type DownloadKind } from '../stores/downloads'

/**
 * How far the running download is: a bar and the percent when the size is known, the bytes
 * received when the file is written while it is sent (the full stock). Shown only for `kinds`.
 */
export function DownloadProgress({ kinds }: { kinds: readonly DownloadKind[] }) {
  const { t, i18n } = useTranslation()
  const { active } = useSnapshot(downloads)
  if (!active || !kinds.includes(active.kind)) return null
  const percent = percentOf(active)
  const received = formatBytes(active.received, i18n.language)
  const text =
    active.received === 0
      ? t('downloads.preparing')
      : percent === null
        ? t('downloads.received', { received })
        : t('downloads.percent', { percent, received, total: formatBytes(active.total ?? 0, i18n.language) })
  return (
    <div
      className="download-progress"
      role="status"
      aria-live="polite"
      data-testid="download-progress"
      data-percent={percent ?? ''}
    >
      <progress max={100} value={percent ?? undefined} aria-label={t('downloads.progressLabel')} />
      <span>{text}</span>
      <button
        type="button"
        className="btn btn--small btn--ghost"
        data-testid="download-cancel"
        onClick={cancelDownload}
      >
        {t('downloads.cancel')}
      </button>
    </div>
  )
}
