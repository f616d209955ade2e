import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { MAX_DOWNLOAD_STONES, MAX_ZIP_STONES } from '@diamond/contracts/http/downloads.values'
import { showToast } from '../../../lib/toast'
import { downloadColumns } from '../stores/download.rules'
import { downloads, startDownload, type DownloadKind } from '../stores/downloads'
import { DownloadProgress } from './DownloadProgress'
import { notifyDownload } from './notify'
import './downloads.css'

const CHOICES = [
  { kind: 'excel', max: MAX_DOWNLOAD_STONES },
  { kind: 'pdf', max: MAX_DOWNLOAD_STONES },
  { kind: 'zip', max: MAX_ZIP_STONES },
] as const satisfies readonly { kind: DownloadKind; max: number }[]

interface Props {
  /** The selected stones, in the order selected. */
  ids: readonly string[]
  /** The grid's visible columns, in their order: the file shows the same. */
  columns: readonly string[]
}

/**
 * The selection bar's Download: with no stone selected it asks for one (spec section 5), else it
 * offers Excel, PDF and a zip of images and certificates, and shows the download's progress.
 */
export function DownloadMenu({ ids, columns }: Props) {
  const { t } = useTranslation()
  const { active } = useSnapshot(downloads)
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const panelId = useId()

  useEffect(() => {
    if (!open) return
    const onPointer = (e: PointerEvent) => !root.current?.contains(e.target as Node) && setOpen(false)
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false)
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  function toggle() {
    if (ids.length === 0) {
      showToast(t('grid.prompt.download'), 'error')
      return
    }
    setOpen((o) => !o)
  }

  async function choose(kind: DownloadKind, max: number) {
    setOpen(false)
    if (ids.length > max) {
      showToast(t('downloads.tooMany', { max }), 'error')
      return
    }
    const cols = downloadColumns(columns)
    notifyDownload(t, await startDownload(kind, { ids: [...ids], ...(cols.length ? { columns: cols } : {}) }))
  }

  return (
    <div className="menu download-menu" ref={root}>
      <button
        type="button"
        className="btn btn--small"
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="menu"
        data-testid="action-download"
        disabled={!!active}
        onClick={toggle}
      >
        {t('grid.actions.download')}
      </button>
      <div className="menu-panel" id={panelId} hidden={!open}>
        <ul className="menu-list" role="menu" aria-label={t('downloads.menu')}>
          {CHOICES.map((c) => (
            <li key={c.kind} role="none">
              <button
                type="button"
                role="menuitem"
                className="menu-item"
                data-testid={`download-${c.kind}`}
                onClick={() => void choose(c.kind, c.max)}
              >
                {t(`downloads.${c.kind}`)}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <DownloadProgress kinds={['excel', 'pdf', 'zip']} />
    </div>
  )
}
