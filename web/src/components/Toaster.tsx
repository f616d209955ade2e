import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { dismissToast, toasts } from '../lib/toast'

export function Toaster() {
  const { t } = useTranslation()
  const { list } = useSnapshot(toasts)
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions">
      {list.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <span className="toast-text" dir="auto">
            {toast.text}
          </span>
          <button
            type="button"
            className="toast-close"
            aria-label={t('common.dismiss')}
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
