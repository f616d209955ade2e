import type { RegistrationDocument } from '@diamond/contracts/http/approvals'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { codeText } from '../../../lib/i18n'
import { showToast } from '../../../lib/toast'
import { fetchDocument } from '../api/approvals'
import { fileSize } from '../stores/registrations.rules'

/**
 * What is shown in a tab of ours: images. Anything else (a PDF) is saved as a file: a blob: document
 * inherits the portal's Content-Security-Policy, under which the browser's own PDF viewer (an
 * embedded object with inline styles) cannot run.
 */
const SHOWN_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg'])
/** Long enough for the new tab to load the file; the object URL is freed after. */
const KEEP_URL_MS = 60_000

/**
 * Opens a document in a new tab. The file needs the session's token, so it is fetched and shown
 * from an object URL. The tab is opened at once, while the click still counts as the user's (a tab
 * opened after the download would be taken for a pop-up), and filled when the file arrives.
 */
async function openDocument(f: RegistrationDocument, failed: (text: string) => void): Promise<void> {
  const tab = window.open('', '_blank')
  if (tab) tab.opener = null
  const { blob, error } = await fetchDocument(f.id)
  if (error) {
    tab?.close()
    return failed(codeText(error.code, error.message))
  }
  const shown = SHOWN_TYPES.has(f.mimeType)
  const url = URL.createObjectURL(new Blob([blob], { type: shown ? f.mimeType : 'application/octet-stream' }))
  setTimeout(() => URL.revokeObjectURL(url), KEEP_URL_MS)
  if (tab && shown) {
    showImage(tab, url, f.name)
    return
  }
  tab?.close()
  const a = document.createElement('a')
  a.href = url
  a.download = f.name
  a.click()
}

/**
 * The image in the new tab, in a page of ours: the browser's own image page styles itself inline,
 * which the portal's policy (inherited by the tab) refuses, so the page is built here and styled
 * through the DOM.
 */
function showImage(tab: Window, url: string, name: string): void {
  const doc = tab.document
  doc.title = name
  Object.assign(doc.body.style, {
    margin: '0',
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: '#0e1117',
  })
  const img = doc.createElement('img')
  img.alt = name
  img.src = url
  img.dataset.testid = 'document-image'
  Object.assign(img.style, { maxWidth: '100%', maxHeight: '100vh', objectFit: 'contain' })
  doc.body.replaceChildren(img)
}

/** A registration's documents: what each is, its name and size, and a way to open it. */
export function DocumentList({ files, locale }: { files: readonly RegistrationDocument[]; locale: string }) {
  const { t } = useTranslation()
  const [opening, setOpening] = useState<string | null>(null)

  if (!files.length) return <p className="acct-note">{t('approvals.noDocuments')}</p>

  async function open(f: RegistrationDocument) {
    setOpening(f.id)
    try {
      await openDocument(f, (text) => showToast(text || t('approvals.openFailed'), 'error'))
    } finally {
      setOpening(null)
    }
  }

  return (
    <ul className="reg-review-files" data-testid="registration-files">
      {files.map((f) => (
        <li key={f.id} className="reg-review-file" data-testid={`registration-file-${f.purpose}`}>
          <span className="acct-badge">{t(`approvals.purposes.${f.purpose}`)}</span>
          <span className="reg-review-file-name" dir="auto" title={f.name}>
            {f.name}
          </span>
          <span className="reg-review-file-size">{fileSize(f.size, locale)}</span>
          <button
            type="button"
            className="btn btn--small"
            aria-label={t('approvals.openLabel', { name: f.name })}
            data-testid={`registration-open-${f.purpose}`}
            disabled={opening === f.id}
            onClick={() => void open(f)}
          >
            {t('approvals.open')}
          </button>
        </li>
      ))}
    </ul>
  )
}
